import type { Lang } from '../../../shared/i18n.js';
import { euroText } from '../../../shared/money.js';
import { paymentsText } from './payments.messages.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox gateway's stylesheet (the app's CSP forbids inline styles and scripts). */
export const SANDBOX_CSS = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin:0 0 .5rem}
.note{background:#fef3c7;color:#92400e;padding:.5rem .75rem;border-radius:.5rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.25rem 0}
dt{color:#6b7280}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
form{margin:0}
button{font:inherit;padding:.7rem 1.2rem;border-radius:.5rem;border:1px solid transparent;cursor:pointer}
.approve{background:#15803d;color:#fff}.decline{background:#fff;color:#b91c1c;border-color:#b91c1c}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
nav{margin-top:1rem}nav a{margin-right:.75rem;color:#2563eb}
`;

export interface SandboxPageModel {
  lang: Lang;
  reference: string;
  orderId: number;
  amountCents: number;
  /** "Payment card" or the bank's name. */
  methodLabel: string;
  pending: boolean;
  /** Where the buttons post. */
  actionBase: string;
  /** Where to go when the payment is no longer pending. */
  resultUrl: string;
}

/** The sandbox's hosted payment page: plain HTML forms, no scripts. */
export function renderSandboxPage(m: SandboxPageModel): string {
  const tx = (k: Parameters<typeof paymentsText>[1]) => esc(paymentsText(m.lang, k));
  const langLinks = (['lv', 'en', 'ru'] as const)
    .map((l) => `<a href="?lang=${l}" lang="${l}"${l === m.lang ? ' aria-current="page"' : ''}>${l.toUpperCase()}</a>`)
    .join('');
  const body = m.pending
    ? `<div class="actions">
  <form method="post" action="${esc(`${m.actionBase}/approve?lang=${m.lang}`)}"><button type="submit" class="approve">${tx('approve')}</button></form>
  <form method="post" action="${esc(`${m.actionBase}/decline?lang=${m.lang}`)}"><button type="submit" class="decline">${tx('decline')}</button></form>
</div>`
    : `<p>${tx('notPending')}</p><p><a href="${esc(m.resultUrl)}">${tx('back')}</a></p>`;
  return `<!doctype html>
<html lang="${m.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${tx('pageTitle')}</title>
<link rel="stylesheet" href="/app/payments/sandbox.css">
</head>
<body>
<main>
<h1>${tx('pageTitle')}</h1>
<p class="note">${tx('sandboxNotice')}</p>
<dl>
<dt>${tx('order')}</dt><dd>#${m.orderId}</dd>
<dt>${tx('amount')}</dt><dd>${esc(euroText(m.amountCents, m.lang))}</dd>
<dt>${tx('method')}</dt><dd>${esc(m.methodLabel)}</dd>
</dl>
${body}
<nav aria-label="Language">${langLinks}</nav>
</main>
</body>
</html>`;
}

const BANK_COLOURS: Record<string, string> = { swedbank: '#ee7023', seb: '#60cd18', citadele: '#e30613', luminor: '#4a2f8f' };

/** A simple logo for a sandbox bank: its name on its colour. */
export function bankLogoSvg(code: string, name: string): string {
  const colour = BANK_COLOURS[code] ?? '#374151';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48" viewBox="0 0 120 48" role="img" aria-label="${esc(name)}">
<rect width="120" height="48" rx="8" fill="${colour}"/>
<text x="60" y="30" font-family="Arial,Helvetica,sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${esc(name)}</text>
</svg>`;
}

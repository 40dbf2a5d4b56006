/**
 * A payment link from the server, as an absolute address the browser may follow: only http(s)
 * (never javascript: or data:); null otherwise. `base` resolves relative links (the sandbox's).
 */
export function safePaymentLink(link: string | null | undefined, base: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The first load on a phone (issue 26): Lighthouse with its default mobile settings (a simulated
 * mid-range phone: 4× slower CPU, slow 4G by simulation) against the built app on a throwaway,
 * freshly seeded database (scripts/start-e2e.mjs), for the login page, the public menu and the
 * signed-in order page. Targets: performance score ≥ 95, largest contentful paint < 2.0 s, total
 * blocking time < 200 ms, cumulative layout shift < 0.05.
 *
 * Chromium is Debian's (CHROMIUM_PATH, else /usr/bin/chromium), driven through puppeteer-core
 * (Lighthouse's own dependency): the order page needs the session the login page stores in
 * localStorage, which a plain Lighthouse run would clear. Each page is measured `--runs` times
 * (default 3) and its median run reported, as Lighthouse's documentation advises for variance.
 *
 *   npm run bench:lighthouse [-- --runs 3 --port 3600]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type TargetRow, writeResult } from './support.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '3600' } } });
const runs = Math.max(1, Number(values.runs));
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
if (!chromium) throw new Error('No Chromium: set CHROMIUM_PATH (Debian: apt-get install chromium).');

const say = (m: string) => process.stdout.write(`${m}\n`);

/** The app, built and seeded, in a process of its own; resolves when it answers. */
async function startApp() {
  const child = spawn(process.execPath, ['scripts/start-e2e.mjs'], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/app/translations`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the app did not answer within 180 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function sessionToken(email: string): Promise<string> {
  const res = await fetch(`${origin}/app/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password', rememberme: false }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

interface Measured {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** One Lighthouse run of `url` in a fresh tab of `browser` (storage kept: a signed-in page stays signed in). */
async function measure(browser: Browser, url: string): Promise<Measured> {
  const page = await browser.newPage();
  try {
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    };
  } finally {
    await page.close();
  }
}

/** Puts the login page's stored session in the browser's storage (null: none, a visitor). */
async function storeSession(browser: Browser, token: string | null) {
  const page = await browser.newPage();
  await page.goto(`${origin}/login`);
  await page.evaluate((t) => {
    if (t) localStorage.setItem('lunch.session', JSON.stringify({ state: { token: t, lang: 'lv' }, version: 1 }));
    else localStorage.removeItem('lunch.session');
  }, token);
  await page.close();
}

const app = await startApp();
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows: TargetRow[] = [];
try {
  // The order page is the signed-in customer's first page, with the session the login page stores.
  const token = await sessionToken('anna@demo.lv');
  const pages = [
    { name: 'login page', url: `${origin}/login` },
    { name: 'public menu', url: `${origin}/public/menu` },
    { name: 'order page (signed in)', url: `${origin}/` },
  ];
  for (const { name, url } of pages) {
    await storeSession(browser, name === 'order page (signed in)' ? token : null);
    const all: Measured[] = [];
    for (let i = 0; i < runs; i += 1) all.push(await measure(browser, url));
    const median = [...all].sort((a, b) => a.score - b.score)[Math.floor(all.length / 2)];
    say(
      `${name}: scores ${all.map((m) => m.score).join(', ')}; median run LCP ${Math.round(median.lcp)} ms, TBT ${Math.round(median.tbt)} ms, CLS ${median.cls.toFixed(3)}`,
    );
    rows.push(
      { what: `${name}: performance score (median of ${runs})`, target: '≥ 95', figure: String(median.score), holds: median.score >= 95 },
      {
        what: `${name}: largest contentful paint`,
        target: '< 2.0 s',
        figure: `${(median.lcp / 1000).toFixed(2)} s`,
        holds: median.lcp < 2000,
      },
      { what: `${name}: total blocking time`, target: '< 200 ms', figure: `${Math.round(median.tbt)} ms`, holds: median.tbt < 200 },
      { what: `${name}: cumulative layout shift`, target: '< 0.05', figure: median.cls.toFixed(3), holds: median.cls < 0.05 },
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
await writeResult({ rows, notes: ['Lighthouse 13.5.0, default mobile settings (simulated throttling), Debian Chromium.'] });

// Order page first load (design.md section 6): initial JS <= 170 KB gzip.
// Builds the SPA if needed, serves it on a throwaway seeded database (scripts/start-e2e.mjs),
// signs in as a demo customer through the real login form, then reloads "/" with an empty cache
// and adds up the JavaScript the page fetched until the network is idle: the gzip size of each
// file (the .gz copy the build writes) and the bytes actually sent (brotli, as Chromium asks).
//   npm run bench:page-weight
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3490);
const BUDGET_KB = 170;
const base = `http://127.0.0.1:${PORT}`;
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const server = spawn(process.execPath, [path.join(root, 'scripts/start-e2e.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'silent' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => String(d).includes('serving on') && resolve());
  server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000).unref();
});

const browser = await chromium.launch({
  executablePath: existsSync(executablePath) ? executablePath : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // The order page's event stream (GET /app/events) stays open, so the network would never be
  // idle: it is refused here (it carries no JavaScript; the page retries it after 0.5 s or more).
  await page.route('**/app/events*', (route) => route.abort());
  await page.goto(`${base}/login`);
  await page.locator('input[type=email]').fill('anna@demo.lv');
  await page.locator('input[type=password]').fill('demo-password');
  await page.locator('input[type=password]').press('Enter');
  await page.waitForURL(`${base}/`);
  await page.waitForLoadState('networkidle');

  // A cold load of the order page by a signed-in customer.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const js = new Map();
  cdp.on('Network.loadingFinished', (e) => js.has(e.requestId) && (js.get(e.requestId).sent = e.encodedDataLength));
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script' || e.response.url.endsWith('.js')) js.set(e.requestId, { url: e.response.url, sent: 0 });
  });
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();

  let gzip = 0;
  let sent = 0;
  const rows = [];
  for (const { url, sent: s } of js.values()) {
    const file = path.join(root, 'dist/web', new URL(url).pathname);
    // The gzip size of the file itself (level 9, as scripts/build-web.mjs writes the copies it
    // sends; files under 1 KB are sent as they are), not of a .gz copy beside it: a build cut
    // short after Vite wrote its files has none, and the raw size is not the gzip size.
    const data = readFileSync(file);
    const gz = data.length < 1024 ? data.length : gzipSync(data, { level: 9 }).length;
    gzip += gz;
    sent += s;
    rows.push(`  ${(gz / 1024).toFixed(1).padStart(7)} KB gzip  ${new URL(url).pathname}`);
  }
  console.log(rows.sort().reverse().join('\n'));
  console.log(
    `order page initial JS: ${js.size} files, ${(gzip / 1024).toFixed(1)} KB gzip (${(sent / 1024).toFixed(1)} KB sent), budget ${BUDGET_KB} KB: ${gzip / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`,
  );
  process.exitCode = gzip / 1024 <= BUDGET_KB ? 0 : 1;
  // For npm run bench (bench/run.ts): the row of the results file.
  if (process.env.BENCH_RESULT)
    writeFileSync(
      process.env.BENCH_RESULT,
      JSON.stringify({
        rows: [
          {
            what: `order page first load, signed in: initial JavaScript (${js.size} files; ${(sent / 1024).toFixed(1)} KB sent)`,
            target: `<= ${BUDGET_KB} KB gzip`,
            figure: `${(gzip / 1024).toFixed(1)} KB gzip`,
            holds: gzip / 1024 <= BUDGET_KB,
          },
        ],
      }),
    );
} finally {
  await browser.close();
  server.kill('SIGINT');
}

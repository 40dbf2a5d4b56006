import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await b.newContext({ deviceScaleFactor: 2, viewport: { width: 1280, height: 800 }, locale: 'lv-LV' });
const page = await ctx.newPage();
const base = 'http://127.0.0.1:3191';
await page.goto(base + '/login');
await page.getByLabel('E-pasts').fill('anna@demo.lv');
await page.getByLabel(/^Parole/).fill('demo-password');
await page.getByLabel(/^Parole/).press('Enter');
await page.waitForURL((u) => !u.pathname.endsWith('/login'));
const mode = process.argv[2];
await page.route('**/app/dishlists/history/**', async (route) => {
  if (mode === 'hang') return; // never answer
  if (mode === 'fail') return route.fulfill({ status: 500, body: '{}' });
  if (mode === 'empty') return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: [], meta: {} }) });
  return route.continue();
});
await page.goto(base + '/history');
await page.waitForTimeout(3000);
for (const w of [360, 320]) {
  await page.setViewportSize({ width: w, height: 640 });
  await page.waitForTimeout(500);
  const r = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const els = [...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > width + 0.5)
      .map((e) => `${e.tagName.toLowerCase()}.${typeof e.className === 'string' ? e.className : ''} right=${Math.round(e.getBoundingClientRect().right)}`).slice(0, 8);
    return { over: document.documentElement.scrollWidth - width, els };
  });
  console.log(mode, w, JSON.stringify(r));
}
await b.close();

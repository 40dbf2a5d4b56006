import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ deviceScaleFactor: 2, viewport: { width: 1280, height: 800 }, locale: 'lv-LV' });
const page = await ctx.newPage();
const base = 'http://127.0.0.1:3191';
await page.goto(base + '/login');
await page.getByLabel('E-pasts').fill('anna@demo.lv');
await page.getByLabel(/^Parole/).fill('demo-password');
await page.getByLabel(/^Parole/).press('Enter');
await page.waitForURL((u) => !u.pathname.endsWith('/login'));
for (const p of ['/', '/history', '/profile', '/my-team']) {
await page.goto(base + p);
await page.waitForTimeout(2000);
for (const w of [310, 300, 290, 280]) {
  await page.setViewportSize({ width: w, height: 640 });
  await page.waitForTimeout(300);
  console.log(p, w, JSON.stringify(await page.evaluate(() => { const width = document.documentElement.clientWidth; return { over: document.documentElement.scrollWidth - width,
   els: [...document.querySelectorAll('body *')].filter((e) => !e.closest('.table-wrap') && e.getClientRects().length > 0 && e.getBoundingClientRect().right > width + 0.5).map((e) => `${e.tagName.toLowerCase()}.${typeof e.className === 'string' ? e.className : ''} right=${Math.round(e.getBoundingClientRect().right)}`).slice(0, 6)}; })));
}
await page.setViewportSize({ width: 1280, height: 800 });
}
await b.close();

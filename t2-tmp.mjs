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
await page.goto(base + '/history');
await page.waitForTimeout(2000);
for (const h of [640, 400, 200]) {
  await page.setViewportSize({ width: 320, height: h });
  await page.waitForTimeout(500);
  console.log(h, await page.evaluate(() => ({ sh: document.documentElement.scrollHeight, cw: document.documentElement.clientWidth, sw: document.documentElement.scrollWidth, iw: innerWidth })));
}
await b.close();

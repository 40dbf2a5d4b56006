import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await b.newContext({ deviceScaleFactor: 2, viewport: { width: 1280, height: 800 }, locale: 'lv-LV' });
const page = await ctx.newPage();
const base = 'http://127.0.0.1:3191';
await page.goto(base + '/login');
await page.getByLabel('E-pasts').fill(process.argv[2]);
await page.getByLabel(/^Parole/).fill('demo-password');
await page.getByLabel(/^Parole/).press('Enter');
await page.waitForURL((u) => !u.pathname.endsWith('/login'));
for (const p of process.argv.slice(3)) {
  await page.goto(base + p);
  await page.waitForTimeout(1500);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.waitForTimeout(500);
  const r = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [];
    for (const e of document.querySelectorAll('body *')) {
      if (e.closest('.table-wrap') || e.getClientRects().length === 0) continue;
      const r = e.getBoundingClientRect();
      const cs = getComputedStyle(e);
      if (cs.position === 'fixed' && r.left >= width) continue;
      out.push([width - r.right, `${e.tagName.toLowerCase()}.${typeof e.className === 'string' ? e.className : ''} w=${Math.round(r.width)} ws=${cs.whiteSpace} txt=${(e.textContent||'').slice(0,30)}`]);
    }
    out.sort((a, b) => a[0] - b[0]);
    return { width, sw: document.documentElement.scrollWidth, min: out.slice(0, 8) };
  });
  console.log(p, JSON.stringify(r, null, 1));
  await page.setViewportSize({ width: 1280, height: 800 });
}
await b.close();

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './a11y';
import { newCustomer, ownMenu, sessionToken, signIn } from './ordering-support';

// Decision 023: the app can be installed (manifest, icons, a service worker) and keeps working
// across deploys and, for the kitchen display, without the network. The other journeys block
// the service worker (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls the page (autoUpdate: it claims open pages at once). */
async function controlled(page: import('@playwright/test').Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
}

test('the app is installable: manifest with icons, an apple-touch-icon and a service worker', async ({ page, request }) => {
  await page.goto('/login');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: 'Pusdienas', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
  const sizes = (manifest.icons as { sizes: string; purpose?: string }[]).map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons as { src: string }[]) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await request.get(apple!)).headers()['content-type']).toBe('image/png');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f766e');
  await controlled(page);
});

test("after a deploy the next page load gets the new index.html, not the worker's copy", async ({ page }) => {
  const file = path.resolve('dist/web/index.html');
  const original = readFileSync(file, 'utf8');
  await page.goto('/login');
  await controlled(page);
  await page.reload();
  await expect(page.locator('input[type=email]')).toBeVisible();
  try {
    writeFileSync(file, original.replace('</head>', '<meta name="deploy-marker" content="second-deploy"></head>'));
    await page.reload();
    await expect(page.locator('meta[name="deploy-marker"]')).toHaveAttribute('content', 'second-deploy');
    await expect(page.locator('input[type=email]')).toBeVisible();
  } finally {
    writeFileSync(file, original);
  }
});

test('the kitchen display keeps showing its last data when the network goes away', async ({ page, context, request }) => {
  // A customer of the journey's own orders on a menu of its own: the display has something to show.
  const customer = await sessionToken(request, (await newCustomer(request, 'Tehnoparks', 'Edgars')).email);
  const menu = await ownMenu(request, 'Installable', { 'Greek salad': null });
  const placed = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${customer}` },
    data: { dishlist_id: menu.id, items: [{ id: menu.dishId('Greek salad'), qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  await signIn(page, 'kitchen@demo.lv');
  await controlled(page);
  await page.goto(`/kds/${menu.id}`);
  await expect(page.getByText(/^Updated at \d\d:\d\d/)).toBeVisible();
  const board = await page.getByRole('main').innerText();
  expect(board).toContain('Salads');

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText(/^Updated at \d\d:\d\d/)).toBeVisible();
    await expect(page.getByRole('region', { name: /^Salads/ })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // Other API answers are never kept: offline, the profile call fails instead of answering old data.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(new URL(r.url).pathname);
    return urls.filter((u) => u === '/app' || u.startsWith('/app/'));
  });
  expect(cached.length).toBeGreaterThan(0);
  for (const u of cached) expect(u).toMatch(/^\/app\/kitchen\/\d+$/);
});

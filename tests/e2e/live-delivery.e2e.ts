import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { expect, scanA11y, test } from './a11y';
import { newCustomer, ownLap, ownLocation, ownMenu, sessionToken, signIn } from './ordering-support';

/** An unlimited plain dish of today's seeded menu. */
const DISH = 'Greek salad';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The journey server's own embedded database (scripts/start-e2e.mjs: one port per server port).
 * Until the driver's page lands (its "departed" tap writes lap_runs), the journey departs the lap
 * by writing lap_runs.departed_at there directly, as that tap will.
 */
async function departLap(baseURL: string, lapId: number, menuId: number) {
  const port = 56000 + (Number(new URL(baseURL).port) % 2000);
  const client = new pg.Client({ connectionString: `postgres://lunch:lunch-local@127.0.0.1:${port}/lunch` });
  await client.connect();
  try {
    await client.query(
      `insert into lap_runs (lap_id, menu_id, departed_at, late_minutes) values ($1, $2, now(), 0)
       on conflict (lap_id, menu_id) do update set departed_at = now(), late_minutes = 0`,
      [lapId, menuId],
    );
  } finally {
    await client.end();
  }
}

async function order(request: APIRequestContext, token: string, menuId: number, dishId: number): Promise<number> {
  const res = await request.post('/app/order/create?lang=en', {
    headers: bearer(token),
    data: { dishlist_id: menuId, items: [{ id: dishId, qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { order_id: number }).order_id;
}

// Issue 28: the eater's open order page shows "delivery expected" and the order's progress, and
// moves from "on the way" to "delivered" as the kitchen marks the stop, without a reload, on a phone.
test('the eater’s open order page follows the lunch from on the way to delivered without a reload', async ({ page, request, baseURL }) => {
  const office = await ownLocation(request, 'Live office');
  const lap = await ownLap(request, 'Live lap', [office.id]);
  const menu = await ownMenu(request, 'Live delivery', { [DISH]: null });
  const kitchen = bearer(await sessionToken(request, 'kitchen@demo.lv'));
  // The lap leaves two hours from now (Riga time): the stop gets its promised window.
  const leaves = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + 2 * 3600_000),
  );
  const set = await request.put(`/app/laps/${lap.id}`, { headers: kitchen, data: { departs_at: leaves } });
  expect(set.ok(), await set.text()).toBe(true);
  const eater = await newCustomer(request, office.title, 'Ilze');
  const orderId = await order(request, await sessionToken(request, eater.email), menu.id, menu.dishId(DISH));

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, eater.email, menu.title);
  await expect(page.getByTestId('delivery-expected')).toHaveText(/^Delivery expected \d\d:\d\d–\d\d:\d\d$/);
  const steps = page.getByRole('list', { name: 'Your lunch' });
  await expect(steps.getByRole('listitem')).toHaveText([/^Order accepted\d\d:\d\d$/, /^Cooking/, /^On the way/, /^Delivered/]);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Order accepted');
  // Nothing scrolls sideways at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await scanA11y(page, 'order page with the delivery progress');
  // A mark on the page's window: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { stillOpen: boolean }).stillOpen = true));

  // The lap departs (lap_runs, directly: see departLap) and the kitchen marks the stop loaded.
  await departLap(baseURL!, lap.id, menu.id);
  const stop = `/app/laps/stops/${menu.id}/${office.id}`;
  expect((await request.put(stop, { headers: kitchen, data: { status: 'loaded' } })).ok()).toBe(true);
  await expect(steps.locator('[aria-current="step"]')).toContainText(/On the way\d\d:\d\d/);
  await expect(page.getByRole('status').filter({ hasText: 'Your lunch: On the way' })).toBeAttached();

  // Delivered.
  expect((await request.put(stop, { headers: kitchen, data: { status: 'delivered' } })).ok()).toBe(true);
  await expect(steps.locator('[aria-current="step"]')).toContainText(/Delivered\d\d:\d\d/);
  await expect(page.getByRole('status').filter({ hasText: 'Your lunch: Delivered' })).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);
  await scanA11y(page, 'order page with the lunch delivered');

  // The order's details say the same.
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('delivery-expected')).toHaveText(/^Delivery expected \d\d:\d\d–\d\d:\d\d$/);
  await expect(page.getByRole('list', { name: 'Your lunch' }).locator('[aria-current="step"]')).toContainText(/Delivered\d\d:\d\d/);
  await scanA11y(page, 'order details with the delivery progress');
});

import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './a11y';
import { streamOnly } from './kds-stream';
import { apiToken, signIn, todaysMenu } from './ordering-support';

/** An unlimited plain dish of today's seeded menu (category "Salads"). */
const DISH = 'Greek salad';

interface KitchenAnswer {
  dishes: { title: string; data: { id: number; title: string; qty: number }[] }[];
}

async function kitchenQty(request: APIRequestContext, token: string, menuId: number, dishId: number): Promise<number> {
  const res = await request.get(`/app/kitchen/${menuId}?lang=en`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const answer = (await res.json()) as KitchenAnswer;
  return answer.dishes.flatMap((g) => g.data).find((d) => d.id === dishId)?.qty ?? 0;
}

async function order(request: APIRequestContext, token: string, menuId: number, dishId: number, qty: number) {
  const res = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dishlist_id: menuId, items: [{ id: dishId, qty }], payment_type: 'cash', terms: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

// The service worker's fetches of the display data would not pass the page's routes (kds-stream.ts).
test.use({ serviceWorkers: 'block' });

// Spec 2 (kitchen display): staff see what to cook from placed orders, in big numbers per
// category, and the screen refreshes by itself every 10 s.
test('the kitchen display counts what to cook and refreshes by itself', async ({ page, request }) => {
  const kitchen = await apiToken(request, 'kitchen@demo.lv');
  // A customer of Tehnoparks without shifts; the orders journey finds its own order by number.
  const customer = await apiToken(request, 'edgars@demo.lv');
  const menu = await todaysMenu(request, customer);
  const dishId = menu.dishId(DISH);
  await order(request, customer, menu.id, dishId, 2);
  const expected = await kitchenQty(request, kitchen, menu.id, dishId);
  expect(expected).toBeGreaterThanOrEqual(2);

  const stream = await streamOnly(page);
  await signIn(page, 'kitchen@demo.lv');
  await page.goto(`/kds/${menu.id}`);
  const salads = page.getByRole('region', { name: /^Salads/ });
  const row = salads.getByRole('listitem').filter({ hasText: DISH });
  await expect(row).toContainText(String(expected));
  await expect(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible();
  await expect(page.getByText(/^Updated at \d\d:\d\d/)).toBeVisible();

  // Refreshes that change nothing are not announced.
  const announcement = page.getByRole('status').filter({ hasText: /Orders changed/ });
  await expect(announcement).toHaveCount(0);

  // Another order arrives: the open screen shows it without a reload, and says so politely. Live:
  // only the event stream can bring it (the fallback refresh's requests are refused), well
  // within the 10 s refresh.
  await stream.only(menu.id);
  await order(request, customer, menu.id, dishId, 1);
  await expect(row).toContainText(String(expected + 1), { timeout: 5_000 });
  await expect(announcement).toHaveText(/^Orders changed: \d+ to cook in total \(was \d+\)\.$/);
  expect(stream.result.blocked, 'display requests not caused by an event (the fallback refresh)').toEqual([]);
  expect(stream.result.passed.length, 'the display refetched after the event').toBeGreaterThan(0);
});

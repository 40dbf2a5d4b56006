import type { APIRequestContext } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { apiToken, newCustomer, ownMenu, sessionToken, storedSession } from './ordering-support';

/** An unlimited plain dish of today's seeded menu. */
const DISH = 'Greek salad';

async function leftoversOf(request: APIRequestContext, token: string, menuId: number, dishId: number) {
  const res = await request.get(`/app/kitchen/${menuId}/leftovers?lang=en`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const answer = (await res.json()) as { dishes: { dish_id: number; portions: number | null }[] };
  return answer.dishes.find((d) => d.dish_id === dishId)?.portions ?? null;
}

test.use({ serviceWorkers: 'block' });

// Issue 27: after dispatch the kitchen records on its display what is left of each dish, one tap
// at a time or typed; the server keeps the count (decision 064).
test('the kitchen records leftovers on its display after the deadline', async ({ page, request }) => {
  const admin = await sessionToken(request, 'admin@demo.lv');
  const kitchen = await apiToken(request, 'kitchen@demo.lv');
  const customer = await sessionToken(request, (await newCustomer(request, 'Tehnoparks', 'Laura')).email);
  const menu = await ownMenu(request, 'Leftovers', { [DISH]: null });
  const dishId = menu.dishId(DISH);
  const placed = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${customer}` },
    data: { dishlist_id: menu.id, items: [{ id: dishId, qty: 2 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  // The deadline passes (the menu's end moved to a minute ago).
  const closed = await request.put(`/app/dishlists/${menu.id}?lang=en`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { to: new Date(Date.now() - 60_000).toISOString() },
  });
  expect(closed.ok(), await closed.text()).toBe(true);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await storedSession(page, 'kitchen@demo.lv');
  await page.goto(`/kds/${menu.id}`);
  await page.getByRole('tab', { name: 'Left over' }).click();
  await expect(page.getByRole('heading', { name: 'Portions left over' })).toBeVisible();
  const count = page.getByRole('spinbutton', { name: `Portions of ${DISH} left over` });
  await expect(count).toHaveValue('');
  const more = page.getByRole('button', { name: `One portion more of ${DISH}` });
  const box = await more.boundingBox();
  expect(box!.height, 'a target for a wet finger on a wall screen').toBeGreaterThanOrEqual(72);
  await scanA11y(page, 'the leftovers view');

  for (let i = 0; i < 3; i++) await more.click();
  await expect(count).toHaveValue('3');
  await expect(page.getByRole('status').filter({ hasText: `${DISH} — left over: 3` })).toBeAttached();
  await page.getByRole('button', { name: `One portion less of ${DISH}` }).click();
  await expect(count).toHaveValue('2');
  expect(await leftoversOf(request, kitchen, menu.id, dishId)).toBe(2);

  // Typed, with the keyboard only.
  await count.fill('7');
  await count.press('Enter');
  await expect.poll(() => leftoversOf(request, kitchen, menu.id, dishId)).toBe(7);
  await expect(count).toHaveValue('7');
  await count.fill('9999');
  await expect(page.getByText('Enter a whole number from 0 to 5000.')).toBeVisible();
  await count.press('Escape');
  await expect(count).toHaveValue('7');

  // On a phone the same rows fit 360 px without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(more).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

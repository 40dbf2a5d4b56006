import { expect, scanA11y, test } from './a11y';
import { apiToken, newCustomer, ownMenu, sessionToken, storedSession } from './ordering-support';

/*
 * Issue 27, decision 062: the kitchen opens the balance editor, sees each dish's suggestion with
 * its reason (hover and keyboard focus), applies them and saves. The journey makes its own history:
 * a menu a week ago (the same weekday) on which a customer of its own ordered 2 salmon, so the
 * salmon suggests 2; a dish on no menu of the last weeks suggests nothing and keeps its stock.
 */
test('the kitchen sees the suggestions with their reason, applies them and saves', async ({ page, request }) => {
  const past = await ownMenu(request, 'Forecast history', { 'Pan-fried salmon': null });
  const customer = await newCustomer(request, 'Birojs Centrs', 'Forecast');
  const placed = await request.post('/app/order/create', {
    headers: { Authorization: `Bearer ${await apiToken(request, customer.email)}` },
    data: { dishlist_id: past.id, items: [{ id: past.dishId('Pan-fried salmon'), qty: 2 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const admin = { Authorization: `Bearer ${await sessionToken(request, 'admin@demo.lv')}` };
  const detail = (await (await request.get(`/app/dishlists/${past.id}`, { headers: admin })).json()) as { from: string; to: string };
  const weekAgo = (iso: string) => new Date(Date.parse(iso) - 7 * 86_400_000).toISOString();
  const moved = await request.put(`/app/dishlists/${past.id}`, {
    headers: admin,
    data: {
      title: past.title,
      from: weekAgo(detail.from),
      to: weekAgo(detail.to),
      status: true,
      selectedDishes: [{ id: past.dishId('Pan-fried salmon') }],
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  const menu = await ownMenu(request, 'Forecast', { 'Pan-fried salmon': 999, 'Mineral water': 40 });
  await storedSession(page, 'kitchen@demo.lv');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/menu/${menu.id}/balance`);

  const salmon = page.getByLabel('Pan-fried salmon', { exact: true });
  await expect(salmon).toHaveValue('999');
  const row = page.locator('.balance-row').filter({ has: salmon });
  const chip = row.getByRole('button', { name: 'Suggested: 2 (Pan-fried salmon)' });
  await expect(chip).toHaveAccessibleDescription(
    /^average of \w+ with it, 1 of the last 6 weeks: 2; .*standing orders; .*Select to set the stock to 2\.$/,
  );
  const suggested = 2;
  // Mineral water was on no menu of the last weeks: no suggestion, only why.
  const water = page.locator('.balance-row').filter({ has: page.getByLabel('Mineral water', { exact: true }) });
  await expect(water.getByText(/not on a menu .* No suggestion without past orders/)).toBeVisible();
  await expect(water.getByRole('button', { name: /^Suggested/ })).toHaveCount(0);

  // The reason shows on keyboard focus, Escape hides it, and on hover.
  await chip.focus();
  const reason = row.getByRole('tooltip');
  await expect(reason).toBeInViewport();
  await scanA11y(page, 'forecast reason at 360 px');
  await page.keyboard.press('Escape');
  await expect(reason).not.toBeInViewport();
  await page.getByRole('button', { name: 'Apply suggestions' }).focus();
  await chip.hover();
  await expect(reason).toBeInViewport();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Keyboard only: apply all, then save; nothing is saved by applying.
  await page.getByRole('button', { name: 'Apply suggestions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Suggestions filled in. Check them and save.')).toBeVisible();
  await expect(salmon).toHaveValue(String(suggested));
  await expect(page.getByLabel('Mineral water', { exact: true })).toHaveValue('40');
  const headers = { Authorization: `Bearer ${await sessionToken(request, 'kitchen@demo.lv')}` };
  const stock = async () =>
    (
      (await (await request.get(`/app/dishlists/${menu.id}/balance`, { headers })).json()) as {
        balance: { id: number; qty: number | null }[];
      }
    ).balance;
  expect((await stock()).find((b) => b.id === menu.dishId('Pan-fried salmon'))?.qty).toBe(999);
  await page.getByRole('button', { name: 'Save balance' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Balance saved.')).toBeVisible();
  expect((await stock()).find((b) => b.id === menu.dishId('Pan-fried salmon'))?.qty).toBe(suggested);
});

import { expect, scanA11y, test } from './a11y';
import { apiToken, dishCard, newCustomer, ownMenu, signIn, storedSession, todaysMenu } from './ordering-support';

const SALMON = 'Pan-fried salmon';

// Issue 11, "Cancel before the cut-off": a customer cancels an order before the deadline and
// sees the stock and the subsidy back on the order page; the order shows as cancelled everywhere.
test('a customer cancels an order before the deadline and gets the stock and subsidy back', async ({ page, request }) => {
  // The journey's own menu with 3 salmon: the stock it takes and gives back is nobody else's.
  const menu = await ownMenu(request, 'Cancel', { [SALMON]: 3 });
  const salmon = menu.dishId(SALMON);

  // A customer of this journey's own at Birojs Centrs (subsidy 3.50 a menu), with nothing ordered yet.
  const customer = await newCustomer(request, 'Birojs Centrs', 'Ieva');
  const headers = { Authorization: `Bearer ${await apiToken(request, customer.email)}` };
  const placed = await request.post('/app/order/create', {
    headers,
    data: { dishlist_id: menu.id, items: [{ id: salmon, qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok()).toBe(true);
  const orderId = ((await placed.json()) as { order_id: number }).order_id;

  await signIn(page, customer.email, menu.title);
  const card = dishCard(page, SALMON);
  await expect(card.getByText('2 left')).toBeVisible();
  // The whole subsidy went into the salmon (6.90): none left to show.
  await expect(page.getByTestId('subsidy-left')).toBeHidden();
  const mine = page.getByRole('region', { name: 'Your orders on this menu' });
  const row = mine.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order No. ${orderId}` }) });
  await expect(row.getByText('Placed')).toBeVisible();

  await row.getByRole('button', { name: `Cancel order No. ${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order No. ${orderId}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/subsidy and bonus used come back/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep the order' })).toBeFocused();
  await scanA11y(page, 'cancel order confirmation');
  const answer = page.waitForResponse((r) => r.url().includes(`/app/order/${orderId}/cancel`));
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  expect((await answer).status()).toBe(200);
  await expect(dialog).toBeHidden();

  // Stock and subsidy back, the order marked cancelled and no longer cancellable.
  await expect(card.getByText('3 left')).toBeVisible();
  await expect(page.getByTestId('subsidy-left')).toHaveText(/Subsidy available on this menu: .*3\.50/);
  await expect(row.getByText('Cancelled')).toBeVisible();
  await expect(row.getByRole('button', { name: /Cancel order/ })).toBeHidden();
  await scanA11y(page, 'order page after a cancel');

  // The details page says so too.
  await row.getByRole('link', { name: `Order No. ${orderId}` }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Cancelled on')).toBeVisible();
  await expect(page.getByRole('button', { name: /Cancel order/ })).toBeHidden();
  await scanA11y(page, 'cancelled order details');
});

// Staff cancel any order of their provider at any time, from the incoming orders page; it moves
// to the cancelled orders and out of the totals.
test('kitchen cancels an order from the orders page', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin@demo.lv');
  const menu = await todaysMenu(request, admin);
  // A customer of the journey's own at Tehnoparks: no seeded person is left with an order.
  const customer = await apiToken(request, (await newCustomer(request, 'Tehnoparks', 'Lauma')).email);
  const placed = await request.post('/app/order/create', {
    headers: { Authorization: `Bearer ${customer}` },
    data: { dishlist_id: menu.id, items: [{ id: menu.dishId('Mineral water'), qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = ((await placed.json()) as { order_id: number }).order_id;

  await storedSession(page, 'kitchen@demo.lv');
  await page.goto(`/orders/${menu.id}`);
  const row = page.getByRole('row').filter({ has: page.getByText(`No. ${orderId}`, { exact: true }) });
  await row.getByRole('button', { name: `Cancel order No. ${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order No. ${orderId}?` });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Order ${orderId} was cancelled.`)).toBeVisible();
  const cancelled = page.getByRole('region', { name: 'Cancelled orders' });
  await expect(cancelled.getByRole('link', { name: `No. ${orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tehnoparks' }).getByText(`No. ${orderId}`, { exact: true })).toBeHidden();
  await scanA11y(page, 'orders page with a cancelled order');
});

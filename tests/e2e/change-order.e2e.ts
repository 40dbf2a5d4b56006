import { expect, scanA11y, test } from './a11y';
import { apiToken, cartPanel, cartRibbon, dishCard, newCustomer, ownMenu, signIn } from './ordering-support';

const SALMON = 'Pan-fried salmon';
const WATER = 'Mineral water';

// Issue 11, "Change order": one step cancels the order and puts its lines back in the cart, with
// the stock it held returned, so the customer changes it and orders again before the deadline.
test('a customer changes an order: it is cancelled and its lines come back in the cart', async ({ page, request }) => {
  // The journey's own menu with one salmon: sold out once the customer has ordered it, the change
  // must give it back to her cart. Nobody else's stock changes.
  const menu = await ownMenu(request, 'Change', { [SALMON]: 1, [WATER]: null });
  const salmon = menu.dishId(SALMON);
  const water = menu.dishId(WATER);

  // A customer of this journey's own at Birojs Centrs, with nothing ordered yet.
  const customer = await newCustomer(request, 'Birojs Centrs', 'Zane');
  const headers = { Authorization: `Bearer ${await apiToken(request, customer.email)}` };
  const me = (await (await request.get('/app/me', { headers })).json()) as { location: { id: number } };
  const openOrders = async () =>
    (
      (await (await request.get(`/app/dishlists/history/${me.location.id}/${menu.id}?per_page=all`, { headers })).json()) as {
        data: { id: number; status: number }[];
      }
    ).data.filter((x) => x.status === 1 || x.status === 2);
  const placed = await request.post('/app/order/create', {
    headers,
    data: {
      dishlist_id: menu.id,
      items: [
        { id: salmon, qty: 1 },
        { id: water, qty: 2 },
      ],
      payment_type: 'cash',
      terms: true,
    },
  });
  expect(placed.ok()).toBe(true);
  const orderId = ((await placed.json()) as { order_id: number }).order_id;

  await signIn(page, customer.email, menu.title);
  // Sold out: the salmon is not offered.
  await expect(dishCard(page, SALMON)).toHaveCount(0);
  const mine = page.getByRole('region', { name: 'Your orders on this menu' });
  const row = mine.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Order No. ${orderId}` }) });
  await row.getByRole('button', { name: `Change order No. ${orderId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change order No. ${orderId}?` });
  await expect(dialog.getByText(/put back in the cart/)).toBeVisible();
  await scanA11y(page, 'change order confirmation');
  await dialog.getByRole('button', { name: 'Cancel and change' }).click();
  await expect(dialog).toBeHidden();

  // The order is cancelled, its salmon is back on the menu and in the cart with the water.
  await expect(
    page.getByText(`Order no. ${orderId} is cancelled and its dishes are in the cart: change them and order again.`),
  ).toBeVisible();
  await expect(row.getByText('Cancelled')).toBeVisible();
  await expect(dishCard(page, SALMON)).toBeVisible();
  await cartRibbon(page).click();
  const cart = cartPanel(page);
  await expect(cart.getByRole('textbox', { name: `Quantity of ${SALMON}` })).toHaveValue('1');
  await expect(cart.getByRole('textbox', { name: `Quantity of ${WATER}` })).toHaveValue('2');

  // Changed: one water less, then ordered again.
  await cart.getByRole('textbox', { name: `Quantity of ${WATER}` }).fill('1');
  await cart.getByRole('textbox', { name: `Quantity of ${WATER}` }).press('Enter');
  await cart.getByRole('radio', { name: 'Cash' }).check();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success\?order_id=\d+$/);
  const again = Number(new URL(page.url()).searchParams.get('order_id'));
  expect(again).not.toBe(orderId);
  const now = await openOrders();
  expect(now.map((o) => o.id)).toEqual([again]);
});

import { expect, test } from './a11y';
import { apiToken, cartPanel, cartRibbon, dishCard, signIn, todaysMenu } from './ordering-support';

const SALMON = 'Pan-fried salmon';
const PATTIES = 'Homemade meat patties with buckwheat';

// Issue 3, check 4: the last units of a limited dish are in the cart, the stock runs out on the
// server before checkout, and the order is refused with the catalogue's message.
test('a sold-out dish is refused with "Some items you ordered are not available."', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin@demo.lv');
  const menu = await todaysMenu(request, admin);
  const salmon = menu.dishId(SALMON);
  const setStock = async (qty: number | null, id = salmon) => {
    const res = await request.post(`/app/dishlists/${menu.id}/balance`, {
      headers: { Authorization: `Bearer ${admin}` },
      data: { balance: [{ id, qty }] },
    });
    expect(res.ok()).toBe(true);
  };
  await setStock(2);

  await signIn(page, 'kristaps@demo.lv');
  const card = dishCard(page, SALMON);
  await expect(card.getByText('2 left')).toBeVisible();
  const add = card.getByRole('button', { name: `Add ${SALMON} to the order` });
  await add.click();
  await add.click();
  // The stock left is in the cart: no more can be added.
  await expect(add).toBeDisabled();

  await cartRibbon(page).click();
  const cart = cartPanel(page);
  await expect(cart.getByRole('button', { name: `One more ${SALMON}` })).toBeDisabled();
  await expect(cart.getByText('No more available')).toBeVisible();
  await cart.getByRole('radio', { name: 'Cash' }).check();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();

  // Someone else takes one unit meanwhile, and the last patties (unlimited in the seed, so put back to unlimited below).
  await setStock(1);
  await setStock(0, menu.dishId(PATTIES));

  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(cart.getByRole('alert')).toContainText('Some items you ordered are not available.');
  // The reloaded order data is announced politely, only for what ran out.
  await expect(page.getByRole('status').filter({ hasText: 'Sold out now' })).toHaveText(`Sold out now: ${PATTIES}.`);
  await setStock(null, menu.dishId(PATTIES));
  // The order data reloads: the line is now over the limit.
  await expect(cart.getByText('Not enough left: lower the quantity')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Taking one away fits the stock again, and the order goes through.
  await cart.getByRole('button', { name: `One less ${SALMON}` }).click();
  await expect(cart.getByText('Not enough left: lower the quantity')).toBeHidden();
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
});

import { expect, test } from './a11y';
import { cartPanel, cartRibbon, dishCard, newCustomer, ownMenu, signIn } from './ordering-support';

const SALMON = 'Pan-fried salmon';
const PATTIES = 'Homemade meat patties with buckwheat';

// Issue 3, check 4: the last units of a limited dish are in the cart, the stock runs out on the
// server before checkout, and the order is refused with the catalogue's message.
test('a sold-out dish is refused with "Some items you ordered are not available."', async ({ page, request }) => {
  // The journey's own menu (2 salmon, patties unlimited) and customer: the stock it runs out is nobody else's.
  const menu = await ownMenu(request, 'Sold out', { [SALMON]: 2, [PATTIES]: null });
  const customer = await newCustomer(request, 'Birojs Centrs', 'Kristaps');

  await signIn(page, customer.email, menu.title);
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

  // Someone else takes one unit meanwhile, and the last patties (unlimited, so put back to unlimited below).
  await menu.setStock(SALMON, 1);
  await menu.setStock(PATTIES, 0);

  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(cart.getByRole('alert')).toContainText('Some items you ordered are not available.');
  // The reloaded order data is announced politely, only for what ran out.
  await expect(page.getByRole('status').filter({ hasText: 'Sold out now' })).toHaveText(`Sold out now: ${PATTIES}.`);
  await menu.setStock(PATTIES, null);
  // The order data reloads: the line is now over the limit.
  await expect(cart.getByText('Not enough left: lower the quantity')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Taking one away fits the stock again, and the order goes through.
  await cart.getByRole('button', { name: `One less ${SALMON}` }).click();
  await expect(cart.getByText('Not enough left: lower the quantity')).toBeHidden();
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
});

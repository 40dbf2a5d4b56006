import { expect, scanA11y, test } from './a11y';
import { cartPanel, cartRibbon, dishCard, newCustomer, signIn } from './ordering-support';

// Issue 29: a customer sees the budget left and is refused past it (a blocking month budget of
// 5.00 at the seeded Birojs Imanta; no subsidy there).
test('a customer sees the budget left, is refused past a blocking budget, and orders within it', async ({ page, request }) => {
  await signIn(page, (await newCustomer(request, 'Birojs Imanta', 'Baiba')).email);
  await expect(page.getByTestId('budget-left')).toHaveText('€5.00 of €5.00 left this month');
  await scanA11y(page, 'order page with the budget left');

  const water = dishCard(page, 'Mineral water');
  await water.getByRole('button', { name: 'Add Mineral water to the order' }).click();
  await cartRibbon(page).click();
  const cart = cartPanel(page);
  const quantity = cart.getByRole('textbox', { name: 'Quantity of Mineral water' });
  await quantity.fill('6');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('6');
  await cart.getByRole('radio', { name: 'Cash' }).check();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();

  // 6.00 wants more than the 5.00 left: the server's message, above the Order button.
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(cart.getByRole('alert')).toContainText('This order needs €6.00 of your budget; €5.00 is left this month.');
  await scanA11y(page, 'checkout refused past the budget');

  // Within it: the budget's part is its own row of the totals and nothing is left to pay.
  await quantity.fill('5');
  await quantity.press('Enter');
  await expect(cart.locator('.ord-totals')).toContainText('Budget');
  await expect(cart.locator('.ord-totals')).toContainText('−€5.00');
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success\?order_id=\d+$/);
  await page.getByRole('link', { name: 'View Order' }).click();
  await expect(page.locator('.ord-totals')).toContainText('Budget');

  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'New Order', exact: true }).click();
  await expect(page.getByTestId('budget-left')).toHaveText('€0.00 of €5.00 left this month');
});

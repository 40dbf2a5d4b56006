import { expect, expectFocusNotOnBody, scanA11y, test } from './a11y';
import { cartPanel, cartRibbon, dishCard, newCustomer, signIn } from './ordering-support';

// Issue 3, check 2: a customer whose location has shifts pays cash and must pick a shift.
test('a customer with shifts pays by cash', async ({ page, request }) => {
  // A customer of the journey's own at Noliktava Pļavnieki (two shifts): Jānis's history stays as seeded.
  await signIn(page, (await newCustomer(request, 'Noliktava Pļavnieki', 'Jānis')).email);

  const soup = dishCard(page, 'Sorrel soup with egg');
  await soup.getByRole('button', { name: 'Add Sorrel soup with egg to the order' }).click();
  // Clicking the card itself adds a plain dish too.
  await dishCard(page, 'Mineral water').getByRole('heading', { name: 'Mineral water' }).click();

  await cartRibbon(page).click();
  const cart = cartPanel(page);
  await expect(cart.getByRole('textbox', { name: 'Quantity of Sorrel soup with egg' })).toHaveValue('1');
  await expect(cart.getByRole('textbox', { name: 'Quantity of Mineral water' })).toHaveValue('1');

  // Plus and a typed quantity (applied when the field is left).
  await cart.getByRole('button', { name: 'One more Sorrel soup with egg' }).click();
  await expect(cart.getByRole('textbox', { name: 'Quantity of Sorrel soup with egg' })).toHaveValue('2');
  const water = cart.getByRole('textbox', { name: 'Quantity of Mineral water' });
  await water.fill('abc');
  await water.blur();
  await expect(water).toHaveValue('1');
  // Enter applies a typed quantity and keeps focus in the cart (it used to drop to the body).
  await water.fill('3');
  await water.press('Enter');
  await expect(water).toHaveValue('3');
  await expect(water).toBeFocused();
  await scanA11y(page, 'cart open with two lines');
  await water.fill('0');
  await water.press('Enter');
  await expect(water).toBeHidden();
  await expectFocusNotOnBody(page, 'removing a cart line');

  await cart.getByRole('radio', { name: 'Cash' }).check();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();

  // Shifts exist for this location: Order stays disabled until one is chosen.
  const orderButton = cart.getByRole('button', { name: 'Order', exact: true });
  await expect(orderButton).toBeDisabled();
  await expect(cart.getByText('Choose a shift.')).toBeVisible();
  await cart.getByLabel(/^Shift/).selectOption({ label: '2. maiņa 13:00' });
  await expect(orderButton).toBeEnabled();

  await cart.getByRole('textbox', { name: 'Comment (optional)' }).fill('Bez krējuma, lūdzu');
  const answer = page.waitForResponse((r) => r.url().includes('/app/order/create') && r.request().method() === 'POST');
  await orderButton.click();
  const body = (await answer).request().postDataJSON() as { payment_type: string; shift_id: number; comment: string };
  expect(body.payment_type).toBe('cash');
  expect(body.shift_id).toEqual(expect.any(Number));
  expect(body.comment).toBe('Bez krējuma, lūdzu');

  // Cash needs no payment page: straight to the success page.
  await expect(page).toHaveURL(/\/order\/success\?order_id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order_id');

  await page.getByRole('link', { name: 'View Order' }).click();
  await expect(page.getByRole('heading', { name: `Order no. ${orderId}` })).toBeVisible();
  await expect(page.getByText('2. maiņa 13:00')).toBeVisible();
  await expect(page.getByText('Bez krējuma, lūdzu')).toBeVisible();
  await expect(page.getByText('Cash', { exact: true })).toBeVisible();

  // New Order starts again with an empty cart.
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'New Order', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(cartRibbon(page)).toBeHidden();

  // Removing the last line closes the cart: focus is not dropped on the body.
  await dishCard(page, 'Mineral water').getByRole('button', { name: 'Add Mineral water to the order' }).click();
  await cartRibbon(page).click();
  await cartPanel(page).getByRole('button', { name: 'One less Mineral water' }).click();
  await expect(cartRibbon(page)).toBeHidden();
  await expectFocusNotOnBody(page, 'removing the last cart line');
});

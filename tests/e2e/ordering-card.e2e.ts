import { expect, expectFocusNotOnBody, test } from './a11y';
import { cartPanel, cartRibbon, dishCard, newCustomer, signIn } from './ordering-support';

// Issue 3, check 1: a customer orders a plain and a complex dish, pays by card through the
// sandbox gateway, lands on the success page and finds the order in the history.
test('a customer orders a plain and a complex dish and pays by card', async ({ page, request }) => {
  // A customer of the journey's own at Birojs Centrs: the order and its history are hers alone.
  await signIn(page, (await newCustomer(request, 'Birojs Centrs', 'Anna')).email);
  await expect(page.getByText('Order until')).toBeVisible();

  // A complex dish opens its option groups.
  const setLunch = dishCard(page, 'Light set lunch');
  const toggle = setLunch.getByRole('button', { name: 'Light set lunch', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // The soup group has a single mandatory option: it comes chosen.
  const soup = setLunch.getByRole('radio', { name: /Pumpkin cream soup/ });
  await expect(soup).toBeChecked();
  const addSet = setLunch.getByRole('button', { name: 'Add To Order' });
  await expect(addSet).toBeDisabled();
  await setLunch.getByRole('radio', { name: /Rasols potato salad/ }).check();
  await setLunch.getByRole('checkbox', { name: /Cranberry drink/ }).check();
  await expect(addSet).toBeEnabled();
  await addSet.click();
  // The Add button disables itself as the choices reset: focus goes to the set meal, not the body.
  await expectFocusNotOnBody(page, 'adding a set meal');

  // After adding, the choices reset, except the single mandatory option.
  await expect(setLunch.getByRole('radio', { name: /Rasols potato salad/ })).not.toBeChecked();
  await expect(setLunch.getByRole('checkbox', { name: /Cranberry drink/ })).not.toBeChecked();
  await expect(soup).toBeChecked();
  await expect(addSet).toBeDisabled();

  // A plain dish is added with one click; a second click raises its quantity.
  const borscht = dishCard(page, 'Borscht with sour cream');
  await borscht.getByRole('button', { name: 'Add Borscht with sour cream to the order' }).click();
  await borscht.getByRole('button', { name: 'Add Borscht with sour cream to the order' }).click();

  const ribbon = cartRibbon(page);
  await expect(ribbon).toContainText('€');
  await ribbon.click();
  const cart = cartPanel(page);
  await expect(cart).toBeVisible();
  await expect(ribbon).toBeHidden();
  await expect(cart.getByRole('textbox', { name: 'Quantity of Borscht with sour cream' })).toHaveValue('2');
  await expect(cart.getByText('Pumpkin cream soup, Rasols potato salad, Cranberry drink')).toBeVisible();

  // Card is preselected for a customer; its commission is shown and added.
  await expect(cart.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await expect(cart.getByText('Commission', { exact: true })).toBeVisible();

  // The terms agreement starts unticked and blocks ordering until ticked.
  const orderButton = cart.getByRole('button', { name: 'Order', exact: true });
  const terms = cart.getByRole('checkbox', { name: /terms of service/ });
  await expect(terms).not.toBeChecked();
  await expect(orderButton).toBeDisabled();
  await expect(cart.getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/privacy');
  await terms.check();
  await expect(orderButton).toBeEnabled();

  const sent = page.waitForRequest((r) => r.url().includes('/app/order/create') && r.method() === 'POST');
  await orderButton.click();
  const posted = await sent;
  expect(posted.headers()['idempotency-key']).toBeTruthy();
  const body = posted.postDataJSON() as {
    payment_type: string;
    terms: boolean;
    items: { id: number; qty: number; complex?: unknown[] }[];
  };
  expect(body.payment_type).toBe('card');
  expect(body.terms).toBe(true);
  expect(body.items).toHaveLength(2);
  expect(body.items.find((i) => i.complex)?.complex).toHaveLength(3);

  // The sandbox gateway's hosted page.
  await expect(page).toHaveURL(/\/app\/payments\/sandbox\//);
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page).toHaveURL(/\/order\/result\?/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order_id');
  expect(orderId).toMatch(/^\d+$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'New Order', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'View Order' }).click();

  await expect(page.getByRole('heading', { name: `Order no. ${orderId}` })).toBeVisible();
  await expect(page.getByText('Ordered on')).toBeVisible();
  await expect(page.getByText('Placed', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Light set lunch/ })).toBeVisible();

  // The order shows in the history of its menu.
  await page.getByRole('link', { name: 'Order history' }).first().click();
  await expect(page.getByRole('heading', { name: 'Order history', level: 1 })).toBeVisible();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Download Report (PDF)' })).toBeVisible();
  await expect(page.getByRole('link', { name: `No. ${orderId}` })).toBeVisible();

  // The report downloads through the bearer-authorised call.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

// The other end of a card payment: the payer declines on the gateway's page.
test('a declined card payment shows the payment problem page', async ({ page, request }) => {
  await signIn(page, (await newCustomer(request, 'Birojs Centrs', 'Māris')).email);
  // More than the location's subsidy covers, so there is something to pay.
  await dishCard(page, 'Grilled chicken breast').getByRole('button', { name: 'Add Grilled chicken breast to the order' }).click();
  await cartRibbon(page).click();
  const cart = cartPanel(page);
  await expect(cart.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();
  await cart.getByRole('button', { name: 'Order', exact: true }).click();

  await expect(page).toHaveURL(/\/app\/payments\/sandbox\//);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/statusGroup=failed/);
  await expect(page.getByRole('heading', { name: 'There was a problem with payment!' })).toBeVisible();
  await page.getByRole('link', { name: 'View Order' }).click();
  await expect(page.getByText('Ordered on')).toBeVisible();
  await expect(page.getByText('Failed', { exact: true })).toBeVisible();
});

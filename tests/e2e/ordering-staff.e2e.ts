import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './a11y';
import { apiToken, cartPanel, cartRibbon, dishCard, signIn } from './ordering-support';

/** Sets what Olga avoids (her own profile, through the API). */
async function olgaAvoids(request: APIRequestContext, titles: string[]) {
  const token = await apiToken(request, 'olga@demo.lv');
  const headers = { Authorization: `Bearer ${token}` };
  const all = (await (await request.get('/app/allergens?lang=en', { headers })).json()) as { id: number; title: string }[];
  const ids = all.filter((a) => titles.includes(a.title)).map((a) => a.id);
  expect(ids).toHaveLength(titles.length);
  expect((await request.post('/app/me?lang=lv', { headers, data: { avoid_allergens: ids } })).ok()).toBe(true);
}

// Issue 3, check 3: kitchen staff order on behalf of a customer whose location has shifts.
// Issue 15: staff see that customer's allergen warnings, named for her, once she is chosen.
test('staff order on behalf of a customer with a shift', async ({ page, request }) => {
  await olgaAvoids(request, ['Cereals containing gluten']);
  try {
    await orderForOlga(page);
  } finally {
    await olgaAvoids(request, []);
  }
});

async function orderForOlga(page: Page) {
  await signIn(page, 'kitchen@demo.lv');

  await dishCard(page, 'Homemade meat patties with buckwheat')
    .getByRole('button', { name: 'Add Homemade meat patties with buckwheat to the order' })
    .click();
  await cartRibbon(page).click();
  const cart = cartPanel(page);

  // Staff: no terms, no card or bank, and a user must be chosen first.
  await expect(cart.getByRole('checkbox', { name: /terms of service/ })).toHaveCount(0);
  await expect(cart.getByRole('radio', { name: /^Card/ })).toHaveCount(0);
  await expect(cart.getByRole('radio', { name: /^Bank link/ })).toHaveCount(0);
  await expect(cart.getByRole('radio', { name: 'Cash' })).toBeChecked();
  const orderButton = cart.getByRole('button', { name: 'Order', exact: true });
  await expect(orderButton).toBeDisabled();

  const picker = cart.getByRole('combobox', { name: 'On behalf of' });
  await expect(picker).toHaveAttribute('placeholder', 'Select a user...');
  await picker.fill('Olga');
  // Each option shows the name, phone and location.
  const olga = cart.getByRole('option', { name: /Olga/ });
  await expect(olga).toContainText('Noliktava Pļavnieki');
  await expect(olga).toContainText('+371');
  await olga.click();

  // Olga avoids gluten, and the patties contain it: the card and the cart say so, naming her.
  const warning = 'Contains Cereals containing gluten, which Olga avoids.';
  await expect(dishCard(page, 'Homemade meat patties with buckwheat')).toContainText(`Warning: ${warning}`);
  await expect(cart.getByText('Check before ordering:')).toBeVisible();
  await expect(cart).toContainText(warning);

  // The shift list now comes from Olga's location.
  const shift = cart.getByLabel(/^Shift/);
  await expect(shift).toBeVisible();
  await expect(orderButton).toBeDisabled();
  await shift.selectOption({ label: '1. maiņa 11:30' });
  await expect(orderButton).toBeEnabled();

  const answer = page.waitForResponse((r) => r.url().includes('/app/order/create-for-user') && r.request().method() === 'POST');
  await orderButton.click();
  const sent = await answer;
  expect(sent.ok()).toBe(true);
  const body = sent.request().postDataJSON() as { user_id: number; payment_type: string; shift_id: number };
  expect(body.user_id).toEqual(expect.any(Number));
  expect(body.payment_type).toBe('cash');

  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  // Issue 13: the page names whom the order is for and offers the next user's order.
  const { order_id } = (await sent.json()) as { order_id: number };
  await expect(page.getByText(`Order ${order_id} placed for Olga`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order for another user' })).toHaveAttribute('href', '/order');
  await page.getByRole('link', { name: 'View Order' }).click();
  await expect(page.getByText('Ordered on')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^Olga · Noliktava Pļavnieki$/ })).toBeVisible();
  await expect(page.getByText('1. maiņa 11:30')).toBeVisible();
  await expect(page.getByText('Placed by')).toBeVisible();
}

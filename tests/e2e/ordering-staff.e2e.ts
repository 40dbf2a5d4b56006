import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './a11y';
import { apiToken, cartPanel, cartRibbon, dishCard, newCustomer, signIn } from './ordering-support';

/** Sets what the customer `email` avoids (their own profile, through the API). */
async function avoids(request: APIRequestContext, email: string, titles: string[]) {
  const token = await apiToken(request, email);
  const headers = { Authorization: `Bearer ${token}` };
  const all = (await (await request.get('/app/allergens?lang=en', { headers })).json()) as { id: number; title: string }[];
  const ids = all.filter((a) => titles.includes(a.title)).map((a) => a.id);
  expect(ids).toHaveLength(titles.length);
  expect((await request.post('/app/me?lang=lv', { headers, data: { avoid_allergens: ids } })).ok()).toBe(true);
}

// Issue 3, check 3: kitchen staff order on behalf of a customer whose location has shifts.
// Issue 15: staff see that customer's allergen warnings, named for her, once she is chosen.
test('staff order on behalf of a customer with a shift', async ({ page, request }) => {
  // A customer of the journey's own at Noliktava Pļavnieki (two shifts) who avoids gluten, with a
  // name no one else has: the seed's Olga keeps her profile and gets no order from here.
  const surname = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const olga = await newCustomer(request, 'Noliktava Pļavnieki', `Olga ${surname[0]!.toUpperCase()}${surname.slice(1)}`, '+371 20000077');
  await avoids(request, olga.email, ['Cereals containing gluten']);
  await orderFor(page, olga.name);
});

async function orderFor(page: Page, name: string) {
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
  await picker.fill(name);
  // Each option shows the name, phone and location.
  const olga = cart.getByRole('option', { name: new RegExp(name) });
  await expect(olga).toContainText('Noliktava Pļavnieki');
  await expect(olga).toContainText('+371');
  await olga.click();

  // She avoids gluten, and the patties contain it: the card and the cart say so, naming her.
  const warning = `Contains Cereals containing gluten, which ${name} avoids.`;
  await expect(dishCard(page, 'Homemade meat patties with buckwheat')).toContainText(`Warning: ${warning}`);
  await expect(cart.getByText('Check before ordering:')).toBeVisible();
  await expect(cart).toContainText(warning);

  // The shift list now comes from her location.
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
  await expect(page.getByText(`Order ${order_id} placed for ${name}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order for another user' })).toHaveAttribute('href', '/order');
  await page.getByRole('link', { name: 'View Order' }).click();
  await expect(page.getByText('Ordered on')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${name} · Noliktava Pļavnieki$`) })).toBeVisible();
  await expect(page.getByText('1. maiņa 11:30')).toBeVisible();
  await expect(page.getByText('Placed by')).toBeVisible();
}

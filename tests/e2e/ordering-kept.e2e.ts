import { expect, test } from './a11y';
import { cartPanel, cartRibbon, chooseSeededMenu, dishCard, newCustomer, sessionToken, signIn } from './ordering-support';

const SEEDED_MENU = /^Pusdienas \d\d\.\d\d\.\d{4}$/;

// Issue 24: the cart is kept per menu across history and back, a reload and another menu and
// back, and the chosen menu with it; the info text names the shown menu's own deadline.
test('the cart and the chosen menu are kept across navigation, reloads and menus', async ({ page }) => {
  await signIn(page, 'anna@demo.lv');
  const select = page.getByLabel('Menu', { exact: true });
  const today = await select.inputValue();

  // One deadline: the info text's time is the menu's own ("Order until"), whatever the text was written with.
  const until = (await page.locator('.order-header__deadline time').textContent())!.trim();
  await expect(page.locator('.order-header__info strong').first()).toHaveText(until.slice(0, 5));

  const borscht = dishCard(page, 'Borscht with sour cream');
  await borscht.getByRole('button', { name: 'Add Borscht with sour cream to the order' }).click();
  await borscht.getByRole('button', { name: 'Add Borscht with sour cream to the order' }).click();
  await expect(cartRibbon(page)).toContainText('2');

  // To the history and back: the cart is still there.
  await page.getByRole('link', { name: 'Order history' }).first().click();
  await expect(page.getByRole('heading', { name: 'Order history', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await cartRibbon(page).click();
  await expect(cartPanel(page).getByRole('textbox', { name: 'Quantity of Borscht with sour cream' })).toHaveValue('2');
  await page.keyboard.press('Escape');

  // A reload keeps it too.
  await page.reload();
  await cartRibbon(page).click();
  await expect(cartPanel(page).getByRole('textbox', { name: 'Quantity of Borscht with sour cream' })).toHaveValue('2');
  await page.keyboard.press('Escape');

  // Another menu has its own cart; choosing it is kept over a reload; back to the first, its cart is there.
  const options = await select
    .locator('option')
    .evaluateAll((els) => els.map((e) => [(e as HTMLOptionElement).value, e.textContent!.trim()]));
  const other = options.find(([value, label]) => value !== today && SEEDED_MENU.test(label));
  expect(other, 'a second seeded menu').toBeTruthy();
  await select.selectOption(other![0]);
  await expect(page.getByRole('heading', { name: 'Set lunches' })).toBeVisible();
  await expect(cartRibbon(page)).toBeHidden();
  await page
    .getByRole('button', { name: /^Add .+ to the order$/ })
    .first()
    .click();
  await expect(cartRibbon(page)).toContainText('1');
  await page.reload();
  await expect(select).not.toHaveValue(today);
  await expect(cartRibbon(page)).toContainText('1');
  await select.selectOption(today);
  await cartRibbon(page).click();
  await expect(cartPanel(page).getByRole('textbox', { name: 'Quantity of Borscht with sour cream' })).toHaveValue('2');
});

// Issue 24: an abandoned card payment shows on the order page with Pay and Cancel, keeps the
// subsidy for the next order, and a cash order placed meanwhile releases it and gets the subsidy.
test('an unpaid card order is shown with Pay and Cancel, and a cash order meanwhile replaces it with the subsidy', async ({
  page,
  request,
}) => {
  // A customer of the journey's own at Birojs Centrs: the subsidy it checks is used by no other journey's order.
  const customer = await newCustomer(request, 'Birojs Centrs', 'Māris');
  await signIn(page, customer.email);
  const chicken = () => dishCard(page, 'Grilled chicken breast').getByRole('button', { name: 'Add Grilled chicken breast to the order' });
  await chicken().click();
  await cartRibbon(page).click();
  let cart = cartPanel(page);
  await expect(cart.getByRole('radio', { name: /^Card/ })).toBeChecked();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/payments\/sandbox\//);

  // The payer walks away from the payment page: the order page shows the unpaid order.
  await page.goto('/order');
  await chooseSeededMenu(page);
  const mine = page.getByRole('region', { name: 'Your orders on this menu' });
  const row = mine.getByRole('listitem').filter({ hasText: 'Waiting for payment' });
  await expect(row).toHaveCount(1);
  const pay = row.getByRole('link', { name: /^Pay order No\. \d+$/ });
  const unpaidId = (await pay.textContent())!.match(/\d+/)![0];
  await expect(row.getByRole('button', { name: `Cancel order No. ${unpaidId}` })).toBeVisible();
  await expect(row).toContainText('A new order on this menu replaces it');
  // The subsidy the unpaid order holds is the next order's.
  await expect(page.getByTestId('subsidy-left')).toContainText('3.50');
  // It is in the history too, with Pay.
  await page.getByRole('link', { name: 'Order history' }).first().click();
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('link', { name: `Pay order No. ${unpaidId}` })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();

  // A cash order meanwhile: it releases the unpaid one and gets the subsidy.
  await chicken().click();
  await cartRibbon(page).click();
  cart = cartPanel(page);
  await cart.getByRole('radio', { name: 'Cash' }).check();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success\?order_id=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order_id')!;

  // The success page says what was ordered, when and where it comes and the cash to have ready.
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('1 × Grilled chicken breast');
  await expect(summary).toContainText(/Delivery on \d\d\.\d\d\.\d{4} to Birojs Centrs\./);
  const token = await sessionToken(request, customer.email);
  const headers = { Authorization: `Bearer ${token}` };
  const placed = (await (await request.get(`/app/order/${orderId}?lang=en`, { headers })).json()) as {
    subsidy: number;
    amount_to_pay: number;
  };
  expect(placed.subsidy).toBe(3.5);
  await expect(summary).toContainText(
    new RegExp(`Please have €?${placed.amount_to_pay.toFixed(2).replace('.', '\\.')}( €)? in cash ready on delivery\\.`),
  );
  const released = (await (await request.get(`/app/order/${unpaidId}?lang=en`, { headers })).json()) as { status: number };
  expect(released.status).toBe(0);

  // Back on the order page the unpaid order is gone; the new one is placed.
  await page.getByRole('main').getByRole('link', { name: 'New Order', exact: true }).click();
  await chooseSeededMenu(page);
  await expect(mine.getByRole('link', { name: `Order No. ${orderId}` })).toBeVisible();
  await expect(mine.getByRole('listitem').filter({ hasText: 'Waiting for payment' })).toHaveCount(0);
});

import { expect, scanA11y, test } from './a11y';
import { cartPanel, cartRibbon, chooseMenu, dishCard, newCustomer, ownMenu, storedSession } from './ordering-support';

/** The dishes of the journey's menu (from today's seeded one), without a stock limit. */
const DISHES = ['Breaded pork chop', 'Grilled chicken breast', 'Quark pancakes', 'Lunch of the day', 'Mineral water'];

// Issue 15: a customer who avoids gluten sees the warning, the filter hides what conflicts, they
// confirm and order anyway, and the kitchen sees the order flagged.
test('a customer who avoids gluten is warned, confirms, and the kitchen sees the order flagged', async ({ page, browser, request }) => {
  // A customer at Noliktava (two shifts) and a menu of the journey's own: the profile it edits and
  // the order it places are nobody else's.
  const menu = await ownMenu(request, 'Allergens', Object.fromEntries(DISHES.map((d) => [d, null])));
  const customer = await newCustomer(request, 'Noliktava Pļavnieki', 'Vija');
  await storedSession(page, customer.email);

  // The profile: "I avoid" cereals containing gluten.
  await page.goto('/profile');
  const diet = page.getByRole('form', { name: 'Allergens and diet' });
  await diet.getByRole('group', { name: 'I avoid' }).getByRole('checkbox', { name: 'Cereals containing gluten' }).check();
  await scanA11y(page, 'profile with allergens and diet');
  await diet.getByRole('button', { name: 'Save allergens and diet' }).click();
  await expect(diet.getByText('Your profile has been saved.')).toBeVisible();

  await page.goto('/');
  await chooseMenu(page, menu.title);
  const chop = dishCard(page, 'Breaded pork chop');
  // Allergens in writing, and a warning naming the allergen.
  await expect(chop).toContainText('Allergens: Cereals containing gluten, Eggs');
  await expect(chop).toContainText('Warning: Contains Cereals containing gluten, which you avoid.');
  await expect(dishCard(page, 'Grilled chicken breast')).not.toContainText('Warning:');
  await expect(dishCard(page, 'Grilled chicken breast')).toContainText('Gluten-free');
  await scanA11y(page, 'order page with allergen warnings');

  // "Suitable for me" hides the dishes that conflict, and shows them again.
  const filter = page.getByRole('checkbox', { name: 'Suitable for me' });
  await filter.check();
  await expect(chop).toBeHidden();
  await expect(dishCard(page, 'Quark pancakes')).toBeHidden();
  await expect(dishCard(page, 'Grilled chicken breast')).toBeVisible();
  await expect(dishCard(page, 'Lunch of the day')).toBeVisible();
  await scanA11y(page, 'order page filtered to suitable dishes');
  await filter.uncheck();
  await expect(chop).toBeVisible();

  // Adding the conflicting dish asks first; Cancel adds nothing, "Add anyway" adds it.
  await chop.getByRole('button', { name: 'Add Breaded pork chop to the order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Check the allergens' });
  await expect(confirm).toContainText('Breaded pork chop: Contains Cereals containing gluten, which you avoid.');
  await scanA11y(page, 'confirmation before adding a conflicting dish');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(cartRibbon(page)).toBeHidden();
  await chop.getByRole('button', { name: 'Add Breaded pork chop to the order' }).click();
  await page.getByRole('dialog', { name: 'Check the allergens' }).getByRole('button', { name: 'Add anyway' }).click();
  // A dish without a conflict is added at once.
  await dishCard(page, 'Mineral water').getByRole('button', { name: 'Add Mineral water to the order' }).click();

  // The cart lists the conflict once more before Order.
  await cartRibbon(page).click();
  const cart = cartPanel(page);
  await expect(cart.getByText('Check before ordering:')).toBeVisible();
  await expect(cart).toContainText('Breaded pork chop: Contains Cereals containing gluten, which you avoid.');
  await expect(cart).not.toContainText('Mineral water: Contains');
  await scanA11y(page, 'cart listing the allergen conflict');
  await cart.getByRole('radio', { name: 'Cash' }).check();
  await cart.getByRole('checkbox', { name: /terms of service/ }).check();
  await cart.getByLabel(/^Shift/).selectOption({ label: '1. maiņa 11:30' });
  const answer = page.waitForResponse((r) => r.url().includes('/app/order/create') && r.request().method() === 'POST');
  await cart.getByRole('button', { name: 'Order', exact: true }).click();
  expect(((await answer).request().postDataJSON() as { dishlist_id: number }).dishlist_id).toBe(menu.id);
  const menuId = menu.id;
  await expect(page).toHaveURL(/\/order\/success\?order_id=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order_id');

  // The kitchen (its own browser context: a second person at another screen): the incoming
  // orders page and the kitchen display flag the order.
  const kitchenContext = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'lv-LV', timezoneId: 'Europe/Riga' });
  const kitchen = await kitchenContext.newPage();
  await storedSession(kitchen, 'kitchen@demo.lv');
  await kitchen.goto(`/orders/${menuId}`);
  const row = kitchen.getByRole('row').filter({ has: kitchen.getByText(`No. ${orderId}`, { exact: true }) });
  await expect(row).toContainText(customer.name);
  await expect(row).toContainText('Allergen alert: Cereals containing gluten');
  await scanA11y(kitchen, 'incoming orders with an allergen flag');

  await kitchen.goto(`/kds/${menuId}`);
  const alerts = kitchen.getByRole('region', { name: 'Allergen alerts' });
  await expect(alerts).toContainText(`Order ${orderId}, ${customer.name}`);
  await expect(alerts).toContainText('Breaded pork chop — avoids Cereals containing gluten');
  await scanA11y(kitchen, 'kitchen display with allergen alerts');
  await kitchenContext.close();
});

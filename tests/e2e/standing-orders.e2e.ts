import { DateTime } from 'luxon';
import { expect, scanA11y, test } from './a11y';
import { cartPanel, newCustomer, ownMenu, sessionToken, storedSession } from './ordering-support';

// Issue 27: a standing order is placed when a matching menu opens; away days are skipped.
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const today = () => DateTime.now().setZone('Europe/Riga');

/** Signed in as a new customer of the journey's own, on /plan-ahead reached from the profile. */
async function planAhead(page: import('@playwright/test').Page, request: import('@playwright/test').APIRequestContext, name: string) {
  const who = await newCustomer(request, 'Birojs Centrs', name);
  await storedSession(page, who.email);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Standing orders and away days' }).click();
  await expect(page.getByRole('heading', { name: 'Plan ahead', level: 1 })).toBeVisible();
  return who;
}

/** Adds a standing order for today's weekday: one Mineral water, cash. */
async function addStanding(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Add a standing order' }).click();
  await page.getByLabel('Dish').selectOption({ label: 'Mineral water' });
  await page.getByRole('checkbox', { name: DAYS[today().weekday - 1] }).check();
  await page.getByRole('checkbox', { name: /terms of service/ }).check();
  await scanA11y(page, 'standing order form');
  const saved = page.waitForResponse((r) => r.url().includes('/app/standing-orders') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByRole('list', { name: 'Your standing orders' })).toContainText('Mineral water × 1');
}

async function runSweep(request: import('@playwright/test').APIRequestContext) {
  const admin = await sessionToken(request, 'admin@demo.lv');
  const run = await request.post('/app/standing-orders/run', { headers: { Authorization: `Bearer ${admin}` } });
  expect(run.ok(), await run.text()).toBe(true);
}

test('a customer sets a standing order and finds it placed when the next menu opens', async ({ page, request }) => {
  await planAhead(page, request, 'Liene');
  await addStanding(page);
  // The next menu with the dish opens (published now, as the kitchen does); the job's sweep runs.
  await ownMenu(request, 'Standing', { 'Mineral water': 20 });
  await runSweep(request);
  await page.reload();
  const list = page.getByRole('list', { name: 'Your standing orders' });
  await expect(list).toContainText(/Ordered for \d\d\.\d\d\.\d{4}/);
  await scanA11y(page, 'standing order placed');
});

test('a customer marks two days away and the standing order skips them', async ({ page, request }) => {
  await planAhead(page, request, 'Marta');
  await page.getByLabel('From').fill(today().toISODate()!);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(today().plus({ days: 1 }).toISODate()!);
  await page.getByLabel('Note').fill('Holiday');
  await page.getByRole('button', { name: 'Mark away' }).click();
  const days = page.getByRole('list', { name: 'Your away days' });
  await expect(days.getByRole('listitem')).toHaveCount(2);
  await addStanding(page);
  await ownMenu(request, 'Away', { 'Mineral water': 20 });
  await runSweep(request);
  await page.reload();
  const list = page.getByRole('list', { name: 'Your standing orders' });
  await expect(list).toContainText('Mineral water × 1');
  await expect(list).not.toContainText(/Ordered for|Not ordered|Ready to pay/);
  await scanA11y(page, 'away days marked');
  // Usable on a phone: at 360 px nothing runs off the side.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await scanA11y(page, 'away days at 360 px');
  // Keyboard only: removing an away day is a button reached by Tab.
  await days
    .getByRole('button', { name: /^Remove the away day/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(days.getByRole('listitem')).toHaveCount(1);
});

test('a bank standing order waits on the order page with a notice and goes into the cart to pay', async ({ page, request }) => {
  await planAhead(page, request, 'Ilze');
  await page.getByRole('button', { name: 'Add a standing order' }).click();
  // A set meal offers its groups of options in the form.
  await page.getByLabel('Dish').selectOption({ label: 'Light set lunch (set meal)' });
  await expect(
    page
      .getByRole('group')
      .filter({ has: page.getByRole('radio') })
      .first(),
  ).toBeVisible();
  // More than the location's subsidy (3.50): there is something to pay.
  await page.getByLabel('Dish').selectOption({ label: 'Breaded pork chop' });
  await page.getByRole('checkbox', { name: DAYS[today().weekday - 1] }).check();
  await page.getByLabel('Payment').selectOption({ label: 'Bank link (you pay when it is ready)' });
  await page.getByRole('checkbox', { name: /terms of service/ }).check();
  // The server's refusal shows on its field: no bank chosen yet.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose a bank.')).toBeVisible();
  await scanA11y(page, 'standing order form, bank refused');
  await page.getByRole('radiogroup', { name: 'Choose your bank' }).getByRole('radio', { name: 'SEB' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  const list = page.getByRole('list', { name: 'Your standing orders' });
  await expect(list).toContainText('Breaded pork chop × 1');
  await ownMenu(request, 'Bank', { 'Breaded pork chop': 20 });
  await runSweep(request);
  await page.reload();
  await expect(list).toContainText(/Ready to pay for \d\d\.\d\d\.\d{4}/);
  await list.getByRole('link', { name: /^Pay on the order page \(\d\d\.\d\d\.\d{4}\)$/ }).click();
  // Nothing was ordered: the order page offers it with a notice; paying goes through the same cart.
  await expect(page.getByText(/Your standing order prepared Breaded pork chop × 1 for .* paid by bank link/)).toBeVisible();
  await scanA11y(page, 'prepared standing order on the order page');
  await page.getByRole('button', { name: 'Put it in the cart and pay' }).click();
  const cart = cartPanel(page);
  await expect(cart).toBeVisible();
  await expect(cart.getByRole('textbox', { name: 'Quantity of Breaded pork chop' })).toHaveValue('1');
  await cart.getByRole('radio', { name: /^Bank link/ }).check();
  await expect(cart.getByRole('radiogroup', { name: 'Choose your bank' }).getByRole('radio', { name: 'SEB' })).toBeVisible();
});

test("an administrator marks a location's closed days from the locations list and removes one after confirming", async ({ page }) => {
  // A location no other journey's customers read their away days at, and days of a year of this run's own.
  const year = 2040 + Math.floor(Math.random() * 50);
  await storedSession(page, 'admin@demo.lv');
  await page.goto('/locations');
  await page.getByRole('link', { name: 'Closed days of Birojs Teika' }).click();
  await expect(page.getByRole('heading', { name: 'Closed days: Birojs Teika', level: 1 })).toBeVisible();
  await expect(page.getByText(/no standing order is placed for anyone here and no order reminders are sent/)).toBeVisible();
  await page.getByLabel('From').fill(`${year}-05-01`);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(`${year}-05-02`);
  await page.getByLabel(/^Reason/).fill('Moving');
  await page.getByRole('button', { name: 'Mark closed' }).click();
  await expect(page.getByText('2 days marked closed.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Days the office is closed' });
  await expect(list.getByRole('listitem').filter({ hasText: `${year} · Moving` })).toHaveCount(2);
  await scanA11y(page, 'closed days');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Keyboard only: Remove asks first; the dialog's Remove opens the day again.
  await list.getByRole('button', { name: `Remove the closed day 01.05.${year}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Open the office again?' });
  await expect(dialog).toContainText('Standing orders will be placed and reminders sent for that day again.');
  await scanA11y(page, 'closed day removal asked');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem').filter({ hasText: `${year} · Moving` })).toHaveCount(1);
});

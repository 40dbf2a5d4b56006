import type { APIRequestContext, Page } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { apiToken, cartPanel, cartRibbon, newCustomer, sessionToken, signIn } from './ordering-support';

// Issue 11: "Order again" on a past order refills the cart with the lines still on the open menu
// and names the rest.

const SEEDED_MENU = /^Pusdienas \d\d\.\d\d\.\d{4}$/;

interface MenuDish {
  id: number;
  title: string;
  complex: { id: number; dishes: { id: number; title: string }[] }[];
}

/** Tomorrow's seeded menu (open for pre-ordering): the seeded menu with the latest deadline. */
async function tomorrowsMenu(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const { dishlists } = (await (await request.get('/app/order/dishlists?lang=en', { headers })).json()) as {
    dishlists: { id: number; title: string; to: string }[];
  };
  const seeded = dishlists.filter((d) => SEEDED_MENU.test(d.title)).sort((a, b) => Date.parse(a.to) - Date.parse(b.to));
  expect(seeded.length, 'today’s and tomorrow’s seeded menus are open').toBeGreaterThanOrEqual(2);
  const menu = seeded[seeded.length - 1]!;
  const data = (await (await request.get(`/app/order/create/${menu.id}?lang=en`, { headers })).json()) as {
    dishlist: { categories: { dishes: MenuDish[] }[] };
  };
  const dishes = data.dishlist.categories.flatMap((c) => c.dishes);
  const dish = (title: string) => {
    const found = dishes.find((d) => d.title === title);
    if (!found) throw new Error(`No dish "${title}" on tomorrow's menu`);
    return found;
  };
  return { id: menu.id, dish };
}

/** Picks today's seeded menu when another journey's menu is shown first. */
async function chooseTodaysMenu(page: Page) {
  const select = page.getByLabel('Menu', { exact: true });
  // The options arrive with the menu list: wait for a seeded one before reading them.
  await expect(select.locator('option').filter({ hasText: SEEDED_MENU }).first()).toBeAttached();
  const labels = (await select.locator('option').allTextContents()).map((l) => l.trim());
  const today = labels.find((l) => SEEDED_MENU.test(l));
  expect(today).toBeTruthy();
  if ((await select.locator('option:checked').textContent())?.trim() !== today) await select.selectOption({ label: today! });
  return today!;
}

test('order again refills the cart from a past order and names what is missing', async ({ page, request }) => {
  // A customer of the journey's own ordered on tomorrow's menu: coffee (only on tomorrow's menu) and a set lunch.
  const customer = (await newCustomer(request, 'Birojs Centrs', 'Anna')).email;
  const token = await sessionToken(request, customer);
  const tomorrow = await tomorrowsMenu(request, token);
  const set = tomorrow.dish('Lunch of the day');
  const [soups, mains] = set.complex;
  const soup = soups!.dishes.find((d) => d.title === 'Pumpkin cream soup')!;
  const main = mains!.dishes.find((d) => d.title === 'Grilled chicken breast')!;
  const placed = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      dishlist_id: tomorrow.id,
      items: [
        { id: tomorrow.dish('Coffee with milk').id, qty: 2 },
        {
          id: set.id,
          qty: 1,
          complex: [
            { group_id: soups!.id, dish_id: soup.id },
            { group_id: mains!.id, dish_id: main.id },
          ],
        },
      ],
      payment_type: 'cash',
      terms: true,
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = ((await placed.json()) as { order_id: number }).order_id;
  try {
    await orderAgain(page, customer, orderId, tomorrow.id);
  } finally {
    // The set lunch's stock on tomorrow's seeded menu is left as the other journeys expect it.
    const admin = await apiToken(request, 'admin@demo.lv');
    const deleted = await request.delete(`/app/order/${orderId}`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(deleted.ok()).toBe(true);
  }
});

async function orderAgain(page: Page, customer: string, orderId: number, tomorrowId: number) {
  await signIn(page, customer);

  // From the order's details page.
  await page.goto(`/order/${orderId}`);
  await expect(page.getByRole('heading', { name: `Order no. ${orderId}` })).toBeVisible();
  await page.getByRole('link', { name: 'Order again' }).click();
  await expect(page).toHaveURL(new RegExp(`/order\\?again=${orderId}$`));
  const menuTitle = await chooseTodaysMenu(page);

  const notice = page.getByRole('status').filter({ hasText: `order no. ${orderId}` });
  await expect(notice).toContainText(`The cart was filled from order no. ${orderId} for the menu “${menuTitle.split(' (')[0]}”.`);
  await expect(notice.getByRole('listitem')).toHaveText(['Coffee with milk — not on this menu']);
  await scanA11y(page, 'order page refilled from a past order');

  await cartRibbon(page).click();
  const cart = cartPanel(page);
  await expect(cart.getByRole('textbox', { name: 'Quantity of Lunch of the day' })).toHaveValue('1');
  await expect(cart.getByText('Pumpkin cream soup')).toBeVisible();
  await expect(cart.getByText('Grilled chicken breast')).toBeVisible();
  await expect(cart.getByRole('textbox', { name: 'Quantity of Coffee with milk' })).toHaveCount(0);
  await scanA11y(page, 'cart refilled from a past order');
  await cart.getByRole('button', { name: 'Close' }).click();

  // From the history of tomorrow's menu: the row's own button.
  await page.goto(`/history/${tomorrowId}`);
  await page.getByRole('link', { name: `Order again (order ${orderId})`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order\\?again=${orderId}$`));
  await chooseTodaysMenu(page);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `order no. ${orderId}` })
      .getByRole('listitem'),
  ).toHaveText(['Coffee with milk — not on this menu']);
}

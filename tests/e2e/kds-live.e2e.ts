import type { APIRequestContext, Page } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { newCustomer, ownMenu, sessionToken, storedSession } from './ordering-support';

/** A plain dish of today's seeded menu, unlimited on the journey's own menu. */
const DISH = 'Greek salad';

async function order(request: APIRequestContext, token: string, menuId: number, dishId: number, qty: number, comment = '') {
  const res = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dishlist_id: menuId, items: [{ id: dishId, qty }], payment_type: 'cash', terms: true, comment },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The open ticket of a location (tickets per location). */
const openTicket = (page: Page, location: string) =>
  page.getByRole('list', { name: 'Open tickets' }).getByRole('article', { name: new RegExp(`^Ticket \\d+: ${location}$`) });

// Issue 14 (kitchen display): the kitchen bumps a ticket and recalls it while a customer's new
// order appears on the open screen without a reload, through the event stream (well within the
// 10 s fallback refresh, which runs only while the stream is down).
test('the kitchen bumps a ticket with the keys and recalls it while a new order appears live', async ({ page, request }) => {
  // Customers of the journey's own at two seeded locations, on a menu of its own: its tickets
  // hold only this journey's orders, and the seeded menu stays as the seed made it.
  const edgars = await sessionToken(request, (await newCustomer(request, 'Tehnoparks', 'Edgars')).email);
  const anna = await sessionToken(request, (await newCustomer(request, 'Birojs Centrs', 'Anna')).email);
  const menu = await ownMenu(request, 'Kitchen live', { [DISH]: null });
  const dishId = menu.dishId(DISH);
  await order(request, edgars, menu.id, dishId, 1);

  await storedSession(page, 'kitchen@demo.lv');
  await page.goto(`/kds/${menu.id}`);
  await page.getByRole('tab', { name: 'Tickets' }).click();
  await page.getByRole('button', { name: 'Location' }).click();
  await expect(page).toHaveURL(/view=tickets&by=location/);
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { kdsMark: number }).kdsMark = 1));

  // Live through the event stream: the 10 s fallback refresh is not running.
  await expect(page.getByText(/^Updated at \d\d:\d\d/)).toBeVisible();
  await expect(page.getByText('refreshing every 10 s')).toHaveCount(0);

  const ticket = openTicket(page, 'Tehnoparks');
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(DISH);
  // The demo lap has no planned departure time, so none is shown (decision 041).
  await expect(ticket).not.toContainText(/to departure|departure overdue by/);
  await expect(page.getByText(/^No departure time is set/)).toBeVisible();
  await scanA11y(page, 'kitchen display, tickets');

  // The number key selects the ticket, Enter bumps it.
  const name = (await ticket.getAttribute('aria-labelledby'))!;
  const number = (await page.locator(`#${name}`).innerText()).match(/Ticket (\d+):/)![1]!;
  expect(Number(number)).toBeLessThanOrEqual(9);
  await page.keyboard.press(number);
  await expect(ticket).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Enter');
  await expect(ticket).toHaveCount(0);
  const bumped = page.getByRole('region', { name: /^Bumped/ });
  await expect(bumped.getByRole('listitem').filter({ hasText: 'Tehnoparks' })).toBeVisible();

  // Meanwhile a customer orders: the open screen shows it within a few seconds, no reload.
  const comment = `Bez sīpoliem ${Date.now() % 100_000}`;
  await order(request, anna, menu.id, dishId, 2, comment);
  const centrs = openTicket(page, 'Birojs Centrs');
  await expect(centrs).toContainText(DISH, { timeout: 5_000 });
  // A ticket counts what to cook; its orders show when it is opened (decision 053).
  await centrs.getByRole('button', { name: 'Show orders' }).click();
  await expect(centrs.getByRole('listitem').filter({ hasText: comment })).toBeVisible();
  await expect(centrs.getByRole('listitem').filter({ hasText: comment })).toContainText(`2 × ${DISH}`);

  // R recalls the last bumped ticket.
  await page.keyboard.press('r');
  await expect(ticket).toBeVisible();
  await expect(bumped.getByRole('listitem').filter({ hasText: 'Tehnoparks' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { kdsMark?: number }).kdsMark)).toBe(1);

  // An opened ticket's orders stay live too: another order of its location appears in them.
  await ticket.getByRole('button', { name: 'Show orders' }).click();
  await expect(ticket.getByRole('button', { name: 'Hide orders' })).toHaveAttribute('aria-expanded', 'true');
  const again = `Bez mērces ${Date.now() % 100_000}`;
  await order(request, edgars, menu.id, dishId, 1, again);
  await expect(ticket.getByRole('listitem').filter({ hasText: again })).toBeVisible({ timeout: 5_000 });

  // The network drops: the screen keeps its last data and says from when.
  await page.context().setOffline(true);
  try {
    await expect(page.getByRole('status').filter({ hasText: /^Offline — showing data from \d\d:\d\d$/ })).toBeVisible();
    await expect(ticket).toBeVisible();
    await scanA11y(page, 'kitchen display, offline');
  } finally {
    await page.context().setOffline(false);
  }
  await expect(page.getByText(/^Offline — showing data/)).toHaveCount(0);

  // The "all day" view counts what to cook, the new order included.
  await page.getByRole('tab', { name: 'All day' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Salads/ })
      .getByRole('listitem')
      .filter({ hasText: DISH }),
  ).toBeVisible();
  await scanA11y(page, 'kitchen display, all day');
  // Readable from three metres at 1920×1080: kitchen-display.e2e.ts measures the type (decision 046).
});

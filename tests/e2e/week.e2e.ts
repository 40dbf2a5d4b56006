import { DateTime } from 'luxon';
import type { APIRequestContext } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { apiToken, newCustomer, sessionToken, signIn, stamp, todaysMenu } from './ordering-support';

/** A menu of the journey's own with one dish, open from `from` until `to`. */
async function menuOf(request: APIRequestContext, title: string, from: Date, to: Date): Promise<number> {
  const admin = await apiToken(request, 'admin@demo.lv');
  const today = await todaysMenu(request, admin);
  const made = await request.post('/app/dishlists', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { title, from: from.toISOString(), to: to.toISOString(), status: true, selectedDishes: [{ id: today.dishId('Mineral water') }] },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return ((await made.json()) as { id: number }).id;
}

// Issue 27: the week view shows the open menus of the coming days, each with its deadline, what
// I ordered that day and a way to order it on the order page; a day whose deadline passes while
// the page is open turns read-only at once.
test('the week view: days side by side, my order of a day, ordering a day, a deadline passing', async ({ page, request }) => {
  const id = stamp();
  // Two minutes ahead: the journey reaches the week view well before it, also on a busy machine
  // (the page's clock is then moved past it; the server's is not).
  const soon = new Date(Date.now() + 120_000);
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  const todayTitle = `Week today ${id}`;
  const nextTitle = `Week next ${id}`;
  const todayMenu = await menuOf(request, todayTitle, new Date(Date.now() - 3600_000), soon);
  const nextMenu = await menuOf(request, nextTitle, tomorrow, new Date(tomorrow.getTime() + 2 * 3600_000));
  const customer = await newCustomer(request, 'Birojs Centrs', 'Vera');
  // An order already placed for the next day (through the API, as the order page would).
  const token = await sessionToken(request, customer.email);
  const water = (await todaysMenu(request, token)).dishId('Mineral water');
  const placed = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dishlist_id: nextMenu, items: [{ id: water, qty: 2 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = ((await placed.json()) as { order_id: number }).order_id;
  // The day after tomorrow's menu, and that day marked away.
  const later = new Date(Date.now() + 2 * 24 * 3600_000);
  const laterTitle = `Week away ${id}`;
  await menuOf(request, laterTitle, later, new Date(later.getTime() + 2 * 3600_000));
  const laterDay = DateTime.fromJSDate(later).setZone('Europe/Riga').toISODate()!;
  const marked = await request.post('/app/away-days', {
    headers: { Authorization: `Bearer ${token}` },
    data: { from: laterDay, to: laterDay },
  });
  expect(marked.ok(), await marked.text()).toBe(true);

  await page.clock.install();
  await signIn(page, customer.email, todayTitle);
  // One call for the week, not two per day (the journey's own menus change only by its own hand).
  const calls: string[] = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await page.getByRole('link', { name: 'Plan the week' }).click();
  await expect(page.getByRole('heading', { name: 'Week', level: 1 })).toBeVisible();

  const today = page.locator('.week-day', { hasText: todayTitle });
  const next = page.locator('.week-day', { hasText: nextTitle });
  // Side by side on a wide screen: both days at once, no day tabs.
  await expect(today).toBeVisible();
  await expect(next).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Days' })).toBeHidden();
  await expect(today.locator('.week-day__deadline')).toContainText(/· closes in \d+ (seconds?|minutes?)$/);
  await expect(today.getByText('Nothing ordered for this day yet.')).toBeVisible();
  await expect(next.getByRole('link', { name: `Order No. ${orderId}` })).toBeVisible();
  await expect(next).toContainText('2 × Mineral water');
  await expect(next.getByRole('link', { name: /^Order more for this day/ })).toBeVisible();
  await expect(page.locator('.week-day', { hasText: laterTitle }).getByText('You marked this day away.')).toBeVisible();
  await expect(next.getByText('You marked this day away.')).toBeHidden();
  await scanA11y(page, 'week view');
  expect(calls.filter((c) => c === '/app/order/week')).toHaveLength(1);
  expect(calls.filter((c) => c.startsWith('/app/dishlists/history/'))).toEqual([]);
  expect(calls.filter((c) => c === `/app/order/create/${todayMenu}` || c === `/app/order/create/${nextMenu}`)).toEqual([]);

  // Ordering a day opens the order page on that day's menu, with its checkout.
  await next.getByRole('link', { name: /^Order more for this day/ }).click();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Menu', { exact: true })).toHaveValue(String(nextMenu));
  await page.goBack();

  // The first day's deadline passes with the page open: read-only at once, the other day stays open.
  await expect(today.getByRole('link', { name: /^Order for this day/ })).toBeVisible();
  await page.clock.fastForward(Math.max(0, soon.getTime() - Date.now()) + 1_000);
  await expect(today.getByText('Ordering for this day has closed.')).toBeVisible();
  await expect(today.getByRole('link', { name: /^Order for this day/ })).toBeHidden();
  await expect(next.getByRole('link', { name: /^Order more for this day/ })).toBeVisible();
});

test('the week view on a phone: one day at a time, day tabs by keyboard', async ({ page, request }) => {
  const id = stamp();
  const first = `Week phone A ${id}`;
  const second = `Week phone B ${id}`;
  await menuOf(request, first, new Date(Date.now() + 2 * 24 * 3600_000), new Date(Date.now() + 2 * 24 * 3600_000 + 3600_000));
  await menuOf(request, second, new Date(Date.now() + 3 * 24 * 3600_000), new Date(Date.now() + 3 * 24 * 3600_000 + 3600_000));
  const customer = await newCustomer(request, 'Birojs Centrs', 'Pavel');
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, customer.email, first);
  await page.goto('/week');
  const tabs = page.getByRole('tablist', { name: 'Days' });
  await expect(tabs).toBeVisible();
  // One day shows; pick the journey's first day, then move to its next one with the arrow key.
  const firstDay = page.locator('.week-day', { hasText: first });
  const secondDay = page.locator('.week-day', { hasText: second });
  await expect(page.locator('.week-day').first()).toBeAttached();
  const ids = await page.locator('.week-day').evaluateAll((els) => els.map((e) => e.id));
  const firstId = await firstDay.getAttribute('id');
  const index = ids.indexOf(firstId ?? '');
  const tab = tabs.getByRole('tab').nth(index);
  await tab.click();
  await expect(firstDay).toBeVisible();
  await expect(secondDay).toBeHidden();
  await tab.press('ArrowRight');
  await expect(secondDay).toBeVisible();
  await expect(firstDay).toBeHidden();
  await expect(tabs.getByRole('tab').nth(index + 1)).toBeFocused();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await scanA11y(page, 'week view on a phone');
});

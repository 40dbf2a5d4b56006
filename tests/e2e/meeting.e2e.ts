import { expect, scanA11y, sidewaysOverflow, test } from './a11y';
import { newManager, ownLocation, ownMenu, sessionToken, storedSession } from './ordering-support';

const SALMON = 'Pan-fried salmon';
const SET = 'Lunch of the day';

// Issue 29: a location manager orders lunch for a meeting of seven (three guests named, one a set meal); the kitchen's
// ticket of the meeting and its labels name them.
test('a manager orders lunch for a meeting of seven: two named guests and a set meal', async ({ page, request, browser }) => {
  const location = await ownLocation(request, 'Meeting office');
  const admin = await sessionToken(request, 'admin@demo.lv');
  const limit = await request.put(`/app/locations/${location.id}`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: { meeting_limit: 200 },
  });
  expect(limit.ok(), await limit.text()).toBe(true);
  const manager = await newManager(request, location, 'Inese');
  const menu = await ownMenu(request, 'Meeting', { [SALMON]: 10, [SET]: null });

  await storedSession(page, manager.email);
  await page.goto(`/meetings/new?menu=${menu.id}`);
  await expect(page.getByRole('heading', { name: 'Meeting order', level: 1 })).toBeVisible();
  await page.getByRole('spinbutton', { name: new RegExp(`^${SALMON}`) }).fill('6');
  await page.getByRole('textbox', { name: `Guest 1 of ${SALMON} (optional)` }).fill('Ms Bērziņa');
  await page.getByRole('textbox', { name: `Guest 2 of ${SALMON} (optional)` }).fill('Mr Smith');
  // A set meal for a seventh guest: its options chosen for this portion.
  await page.getByRole('button', { name: `Add a ${SET} set meal` }).click();
  const set = page.getByRole('group', { name: `${SET}, set meal 1` });
  const total = page.getByRole('status').filter({ hasText: /^Total/ });
  const before = await total.textContent();
  await page.getByRole('button', { name: 'Order for the meeting' }).click();
  await expect(page.getByText('Choose the options of every set meal.')).toBeVisible();
  for (const option of await set.getByRole('combobox').all()) await option.selectOption({ index: 1 });
  await expect(total).not.toHaveText(before!);
  await set.getByRole('textbox', { name: `Guest 1 of ${SET} (optional)` }).fill('Dr Ozols');
  await page.getByRole('textbox', { name: 'Delivery note' }).fill('Meeting room 3');
  await expect(page.getByRole('status').filter({ hasText: /of the €200\.00 limit per meeting/ })).toBeVisible();
  await scanA11y(page, 'meeting order filled in');
  // A phone's width: nothing runs past the screen's edge.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await scanA11y(page, 'meeting order at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Order for the meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order for the meeting?' });
  await expect(dialog).toContainText('7 portions');
  await scanA11y(page, 'meeting order confirm');
  await dialog.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText(/^Ordered: 7 portions/)).toBeVisible();
  await page.getByRole('link', { name: /^See order \d+$/ }).click();
  await expect(page.getByRole('heading', { name: 'Meeting orders', level: 1 })).toBeVisible();
  await expect(page.getByText('1 × Pan-fried salmon · Ms Bērziņa')).toBeVisible();
  await expect(page.getByText('4 × Pan-fried salmon', { exact: true })).toBeVisible();
  await scanA11y(page, 'meeting orders list');

  // The kitchen: one ticket of the meeting, with its delivery note and each guest.
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const headers = { Authorization: `Bearer ${kitchen}` };
  const tickets = await (await request.get(`/app/kitchen/${menu.id}/tickets?by=location&lang=en`, { headers })).json();
  const ticket = (
    tickets as { tickets: { key: string; kind: string; portions: number; meeting?: { delivery_note: string } }[] }
  ).tickets.find((x) => x.kind === 'meeting');
  expect(ticket).toMatchObject({ portions: 7, meeting: { delivery_note: 'Meeting room 3' } });
  // The kitchen display (its own browser context: another person at another screen).
  const kitchenContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const kds = await kitchenContext.newPage();
  await storedSession(kds, 'kitchen@demo.lv');
  await kds.goto(`/kds/${menu.id}?view=tickets&by=location`);
  const article = kds.getByRole('article').filter({ hasText: 'Meeting · Inese' });
  await expect(article).toContainText('Deliver to: Meeting room 3');
  await scanA11y(kds, 'meeting ticket on the kitchen display');
  const opened = await (await request.get(`/app/kitchen/${menu.id}/tickets/orders?ticket=${ticket!.key}&lang=en`, { headers })).json();
  const guests = (opened as { orders: { lines: { guest_name?: string }[] }[] }).orders[0]!.lines.map((l) => l.guest_name);
  expect(guests).toEqual(['Ms Bērziņa', 'Mr Smith', '', 'Dr Ozols']);
  const labels = await request.get(`/app/kitchen/${menu.id}/labels?layout=roll&location=${location.id}&lang=en`, { headers });
  expect(labels.ok()).toBe(true);
  expect(labels.headers()['content-type']).toContain('application/pdf');
  await kitchenContext.close();
});

import { expect, scanA11y, test } from './a11y';
import { apiToken, ownMenu, storedSession } from './ordering-support';

// Issue 28: the kitchen sets a stop's travel minutes and the day's departure, and the day view of
// the laps shows each stop's promised window.
test('kitchen sets travel minutes and the day’s departure and sees the promised windows', async ({ page, request }) => {
  const tag = `${Date.now() % 100000}`;
  const admin = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.lv')}` };
  const titles = [`Ābeļu birojs ${tag}`, `Šķūņu noliktava ${tag}`];
  const ids: number[] = [];
  for (const title of titles) {
    const res = await request.post('/app/locations?lang=en', { headers: admin, data: { title, address: `Ģertrūdes iela ${tag}` } });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  const kitchen = { Authorization: `Bearer ${await apiToken(request, 'kitchen@demo.lv')}` };
  const lapTitle = `Pusdienu maršruts ${tag}`;
  const lap = await request.post('/app/laps?lang=en', { headers: kitchen, data: { title: lapTitle, departs_at: '11:00', locations: ids } });
  expect(lap.status(), await lap.text()).toBe(201);
  const menu = await ownMenu(request, 'Promised', { 'Greek salad': null });
  await storedSession(page, 'kitchen@demo.lv');

  // The lap editor: the second stop is 25 minutes from the first.
  await page.goto('/laps');
  const card = page.getByRole('article', { name: lapTitle });
  await card.getByRole('spinbutton', { name: `Minutes from the previous stop to ${titles[1]}` }).fill('25');
  await card.getByRole('button', { name: `Set the minutes to ${titles[1]}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Lap “${lapTitle}” saved.` })).toBeVisible();

  // The day view: 11:00, then 10 minutes (the provider's) and 25 more, each promised for 15 minutes.
  await page.goto(`/menu-laps/${menu.id}`);
  const item = page.locator('li.laps-menu-item', { has: page.getByRole('heading', { name: lapTitle }) });
  await expect(item).toContainText('Departs: 11:00');
  const windows = item.locator('.laps-windows li');
  await expect(windows.nth(0)).toContainText('expected 11:10–11:25');
  await expect(windows.nth(1)).toContainText('expected 11:35–11:50');

  // Today only, the lap leaves at 10:00: the windows move with it.
  await item.getByRole('button', { name: `Change departure or driver of ${lapTitle}` }).click();
  await scanA11y(page, 'the day departure and driver form');
  await item.getByLabel(`Departure of ${lapTitle} on this day`).fill('10:00');
  await item.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(item).toContainText('Departs: 10:00');
  await expect(item).toContainText('(today only; usually 11:00)');
  await expect(windows.nth(0)).toContainText('expected 10:10–10:25');
  await expect(windows.nth(1)).toContainText('expected 10:35–10:50');
});

import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './a11y';
import { apiToken, ownMenu, storedSession } from './ordering-support';

/** Two new locations of this journey's own (the demo ones may be used elsewhere), made by the admin. */
async function makeLocations(request: APIRequestContext, tag: string): Promise<[string, string]> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.lv')}` };
  const titles: [string, string] = [`Ābeļu birojs ${tag}`, `Šķūņu noliktava ${tag}`];
  for (const title of titles) {
    const res = await request.post('/app/locations?lang=en', { headers, data: { title, address: `Ģertrūdes iela ${tag}` } });
    expect(res.status(), await res.text()).toBe(201);
  }
  return titles;
}

async function stopTitles(page: Page, lapTitle: string) {
  const card = page.getByRole('article', { name: lapTitle });
  return (await card.locator('.laps-stop__text strong').allTextContents()).map((s) => s.trim());
}

// Spec 2 and 4: kitchen staff build a lap, reorder it, and use its report for today's menu.
test('kitchen plans a lap, reorders it, records cash and downloads the report', async ({ page, request }) => {
  const tag = `${Date.now() % 100000}`;
  const [first, second] = await makeLocations(request, tag);
  // The cash it records is on a menu of its own: the seeded menu's day cash stays as the seed made it.
  const menu = await ownMenu(request, 'Laps', { 'Greek salad': null });
  const menuId = menu.id;
  const lapTitle = `Vakara maršruts ${tag}`;
  await storedSession(page, 'kitchen@demo.lv');

  await page.goto('/laps');
  await expect(page.getByRole('heading', { name: 'Delivery laps', level: 1 })).toBeVisible();
  const create = page.getByRole('form', { name: 'New lap' });
  await create.getByLabel('Title').fill(lapTitle);
  await create.getByRole('button', { name: 'Create lap' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Lap “${lapTitle}” created.` })).toBeVisible();

  const card = page.getByRole('article', { name: lapTitle });
  await expect(card).toContainText('No locations yet.');
  for (const title of [first, second]) {
    await card.getByLabel('Add location').selectOption({ label: title });
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(card.getByText(title, { exact: true })).toBeVisible();
  }
  expect(await stopTitles(page, lapTitle)).toEqual([first, second]);
  // Both left the unassigned list.
  await expect(page.getByRole('region', { name: 'Unassigned locations' }).getByText(first)).toHaveCount(0);

  // Reorder: the second goes up (swapped with its neighbour); the first one cannot go further up.
  await card.getByRole('button', { name: `Move ${second} up` }).click();
  await expect.poll(() => stopTitles(page, lapTitle)).toEqual([second, first]);
  await expect(card.getByRole('button', { name: `Move ${second} up` })).toBeDisabled();

  // Edit: a position that is no whole number is refused under its field with the server's text,
  // and nothing is sent; an empty position keeps the lap's.
  const puts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/app\/laps\/\d+$/.test(new URL(r.url()).pathname)) puts.push(r.url());
  });
  await card.getByRole('button', { name: `Edit ${lapTitle}` }).click();
  await card.getByLabel('Position').fill('1.5');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByLabel('Position')).toHaveAccessibleDescription('Enter a whole number.');
  expect(puts).toHaveLength(0);
  await card.getByLabel('Position').fill('');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(card.getByLabel('Position')).toBeHidden();
  expect(puts).toHaveLength(1);

  // The menu's laps: View opens the report.
  await page.goto(`/menu-laps/${menuId}`);
  await expect(page.getByRole('heading', { name: `Laps: ${menu.title}`, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: `View the report of ${lapTitle}` }).click();
  await expect(page).toHaveURL(new RegExp(`/menu-laps/${menuId}/\\d+$`));
  await expect(page.getByRole('heading', { name: `Lap report: ${lapTitle}`, level: 1 })).toBeVisible();
  const stops = page.locator('.laps-report-stop h3');
  await expect(stops).toHaveText([`1. ${second}`, `2. ${first}`]);

  // Cash collected at the first stop.
  const stop = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: second }) });
  await expect(stop).toContainText('not recorded');
  // An unreadable amount, and one above the API's largest, are refused under the field; nothing is sent.
  const cashPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `/app/cashbalance/${menuId}`) cashPosts.push(r.url());
  });
  const cash = stop.getByLabel(`Cash collected at ${second} (€)`);
  await cash.fill('3,5x');
  await stop.getByRole('button', { name: 'Save' }).click();
  await expect(cash).toHaveAccessibleDescription('Enter an amount in euros, e.g. 12.50.');
  await expect(cash).toHaveAttribute('aria-invalid', 'true');
  await cash.fill('100000.01');
  await stop.getByRole('button', { name: 'Save' }).click();
  await expect(cash).toHaveAccessibleDescription('The value may not be greater than 100000.');
  expect(cashPosts).toHaveLength(0);
  await cash.fill('3,50');
  await stop.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: €3.50' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: second }) })).toContainText('€3.50');
  await expect(page.getByRole('region', { name: 'Lap total' })).toContainText('€3.50');
  expect(cashPosts).toHaveLength(1);

  // The PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

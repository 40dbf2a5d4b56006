import { expect, scanA11y, sidewaysOverflow, test } from './a11y';
import { newCustomer, ownLocation, sessionToken, storedSession } from './ordering-support';

/** A datetime-local value (the browser's zone, which is this process's) `ms` from now. */
function localInput(ms: number): string {
  const d = new Date(Date.now() + ms);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

// Issue 30: staff schedule an announcement for one location, then send it at once; a customer of that
// location sees the banner on the order page and dismisses it for good; a customer elsewhere never sees it.
test('an announcement for one location reaches its customer as a banner, not a customer elsewhere', async ({ page, browser, request }) => {
  const here = await ownLocation(request, 'Banner office');
  const elsewhere = await ownLocation(request, 'Quiet office');
  const aija = await newCustomer(request, here.title, 'Aija');
  const olga = await newCustomer(request, elsewhere.title, 'Olga');
  const title = `Holiday menu ${Date.now()}`;

  await storedSession(page, 'admin@demo.lv');
  await page.goto('/announcements/new');
  await expect(page.getByRole('heading', { name: 'New announcement', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title (Latvian)' }).fill(`${title} (lv)`);
  await page.getByRole('textbox', { name: 'Text (Latvian)' }).fill('Piektdien būs svētku ēdienkarte.');
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByRole('textbox', { name: 'Title (English)' }).fill(title);
  await page.getByRole('textbox', { name: 'Text (English)' }).fill('A holiday menu on Friday.');
  await page.getByRole('group', { name: 'Locations' }).getByRole('checkbox', { name: here.title }).check();
  await page.getByRole('button', { name: 'Count recipients' }).click();
  await expect(page.getByText('1 person would get it now.')).toBeVisible();
  await page.getByLabel('Send at').fill(localInput(24 * 3600_000));
  await scanA11y(page, 'announcement editor');
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Schedule' }).click();

  // Scheduled for tomorrow: nobody sees it yet.
  const status = page.getByTestId('announcement-status');
  await expect(status).toContainText('Scheduled');
  const aijaToken = await sessionToken(request, aija.email);
  const current = async () =>
    (await (await request.get('/app/announcements/current', { headers: { Authorization: `Bearer ${aijaToken}` } })).json()).data;
  expect(await current()).toEqual([]);
  await scanA11y(page, 'announcement scheduled');
  // "Send now", confirmed: the dispatcher is kicked at once.
  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('dialog', { name: 'Send now?' }).getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Sending now.')).toBeVisible();
  await expect.poll(async () => (await current()).length).toBe(1);

  const aijaPage = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await storedSession(aijaPage, aija.email);
  await aijaPage.goto('/');
  const banner = aijaPage.getByTestId('announcement-banner');
  await expect(banner).toContainText(title);
  await expect(banner).toContainText('A holiday menu on Friday.');
  await scanA11y(aijaPage, 'order page with a banner');
  await aijaPage.getByRole('button', { name: `Dismiss “${title}”` }).click();
  await expect(banner).toHaveCount(0);
  await aijaPage.reload();
  await expect(aijaPage.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await expect.poll(async () => (await current()).length).toBe(0);
  await expect(aijaPage.getByTestId('announcement-banner')).toHaveCount(0);

  const olgaPage = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await storedSession(olgaPage, olga.email);
  const asked = olgaPage.waitForResponse((r) => r.url().includes('/app/announcements/current') && r.ok());
  await olgaPage.goto('/');
  expect((await (await asked).json()).data).toEqual([]);
  await expect(olgaPage.getByTestId('announcement-banner')).toHaveCount(0);

  // The reach: one recipient, who saw and dismissed the banner.
  await page.reload();
  await expect(status).toContainText('Sent');
  await expect(page.getByRole('definition').nth(1)).toHaveText('1');
  await expect(page.getByRole('definition').nth(2)).toHaveText('1');
});

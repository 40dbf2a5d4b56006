import { expect, scanA11y, test } from './a11y';
import { cashOrder, newCustomer, ownLap, ownLocation, sessionToken, signIn, stamp, todaysMenu } from './ordering-support';

const DISH = 'Greek salad';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Issue 30 (decision 079): an eater whose lunch of yesterday was delivered opens the order page,
// rates it from the "yesterday" card on a phone, and sees the rating saved.
test('an eater rates yesterday’s delivered lunch from the order page', async ({ page, request }) => {
  const office = await ownLocation(request, 'Rating office');
  await ownLap(request, 'Rating lap', [office.id]);
  // A menu of yesterday, still taking orders, so the API can place an order on it now.
  const adminToken = await sessionToken(request, 'admin@demo.lv');
  const admin = bearer(adminToken);
  const today = await todaysMenu(request, adminToken);
  const made = await request.post('/app/dishlists', {
    headers: admin,
    data: {
      title: `Yesterday's lunch ${stamp()}`,
      from: new Date(Date.now() - 24 * 3600_000).toISOString(),
      to: new Date(Date.now() + 3 * 3600_000).toISOString(),
      status: true,
      selectedDishes: [{ id: today.dishId(DISH) }],
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const menuId = ((await made.json()) as { id: number }).id;
  const eater = await newCustomer(request, office.title, 'Rita');
  await cashOrder(request, await sessionToken(request, eater.email), menuId, today.dishId(DISH));
  // The driver marks the stop delivered (through the API).
  const kitchen = bearer(await sessionToken(request, 'kitchen@demo.lv'));
  const stop = await request.put(`/app/laps/stops/${menuId}/${office.id}`, { headers: kitchen, data: { status: 'delivered' } });
  expect(stop.ok(), await stop.text()).toBe(true);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, eater.email);
  const card = page.getByRole('region', { name: /^How was lunch on / });
  await expect(card).toBeVisible();
  await card.getByRole('radio', { name: '4 – good' }).check();
  await card.getByRole('button', { name: 'Great portion' }).click();
  await expect(card.getByRole('button', { name: 'Great portion' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByLabel('Comment (optional)').fill('<b>Fresh</b> and crisp');
  await expect(card.getByText('22 of 500 characters')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await scanA11y(page, 'order page with the rating card');

  await card.getByRole('button', { name: 'Save rating' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Thank you! Your rating is saved.' })).toBeVisible();
  await expect(card.getByText('Your rating: 4 of 5')).toBeVisible();
  // The comment is shown as text, never as HTML.
  await expect(card.getByText('<b>Fresh</b> and crisp')).toBeVisible();
  await expect(card.getByText('Great portion')).toBeVisible();
  await scanA11y(page, 'order page with the rating saved');
});

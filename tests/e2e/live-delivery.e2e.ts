import { expect, scanA11y, test } from './a11y';
import { cashOrder, newCustomer, ownLap, ownLocation, ownMenu, sessionToken, signIn } from './ordering-support';

/** An unlimited plain dish of today's seeded menu. */
const DISH = 'Greek salad';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Issue 28: the eater's open order page shows "delivery expected" and the order's progress, and
// moves from "on the way" (the lap departed) to "delivered" (the stop marked) through the API, without a reload, on a phone.
test('the eater’s open order page follows the lunch from on the way to delivered without a reload', async ({ page, request }) => {
  const office = await ownLocation(request, 'Live office');
  const lap = await ownLap(request, 'Live lap', [office.id]);
  const menu = await ownMenu(request, 'Live delivery', { [DISH]: null });
  const kitchen = bearer(await sessionToken(request, 'kitchen@demo.lv'));
  // The lap leaves two hours from now (Riga time): the stop gets its promised window.
  const leaves = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + 2 * 3600_000),
  );
  const set = await request.put(`/app/laps/${lap.id}`, { headers: kitchen, data: { departs_at: leaves } });
  expect(set.ok(), await set.text()).toBe(true);
  const eater = await newCustomer(request, office.title, 'Ilze');
  const orderId = await cashOrder(request, await sessionToken(request, eater.email), menu.id, menu.dishId(DISH));

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, eater.email, menu.title);
  await expect(page.getByTestId('delivery-expected')).toHaveText(/^Delivery expected \d\d:\d\d–\d\d:\d\d$/);
  const steps = page.getByRole('list', { name: 'Your lunch' });
  await expect(steps.getByRole('listitem')).toHaveText([/^Order accepted\d\d:\d\d$/, /^Cooking/, /^On the way/, /^Delivered/]);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Order accepted');
  // Nothing scrolls sideways at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await scanA11y(page, 'order page with the delivery progress');
  // A mark on the page's window: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { stillOpen: boolean }).stillOpen = true));

  // The kitchen departs the lap (the driver's "departed", through the API).
  const depart = await request.post(`/app/laps/${lap.id}/runs/${menu.id}/depart`, { headers: kitchen });
  expect(depart.ok(), await depart.text()).toBe(true);
  const stop = `/app/laps/stops/${menu.id}/${office.id}`;
  await expect(steps.locator('[aria-current="step"]')).toContainText(/On the way\d\d:\d\d/);
  await expect(page.getByRole('status').filter({ hasText: 'Your lunch: On the way' })).toBeAttached();

  // Delivered.
  expect((await request.put(stop, { headers: kitchen, data: { status: 'delivered' } })).ok()).toBe(true);
  await expect(steps.locator('[aria-current="step"]')).toContainText(/Delivered\d\d:\d\d/);
  await expect(page.getByRole('status').filter({ hasText: 'Your lunch: Delivered' })).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);
  await scanA11y(page, 'order page with the lunch delivered');

  // The order's details say the same.
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('delivery-expected')).toHaveText(/^Delivery expected \d\d:\d\d–\d\d:\d\d$/);
  await expect(page.getByRole('list', { name: 'Your lunch' }).locator('[aria-current="step"]')).toContainText(/Delivered\d\d:\d\d/);
  await scanA11y(page, 'order details with the delivery progress');
});

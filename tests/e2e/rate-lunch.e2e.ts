import type { APIRequestContext } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { cashOrder, newCustomer, ownLap, ownLocation, sessionToken, signIn, stamp, todaysMenu } from './ordering-support';

const DISH = 'Greek salad';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A customer at a location of their own whose lunch on a menu of yesterday was delivered (the
 * stop marked through the API); `notify`: they asked for the "delivered" e-mail, which carries
 * the rating link. The menu still takes orders, so the API can place the order now.
 */
async function deliveredLunch(request: APIRequestContext, name: string, notify = false) {
  const office = await ownLocation(request, `Rating office ${name}`);
  await ownLap(request, `Rating lap ${name}`, [office.id]);
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
  const eater = await newCustomer(request, office.title, name);
  const token = await sessionToken(request, eater.email);
  if (notify) {
    const me = await request.post('/app/me', { headers: bearer(token), data: { notify_on_delivery: true } });
    expect(me.ok(), await me.text()).toBe(true);
  }
  await cashOrder(request, token, menuId, today.dishId(DISH));
  const kitchen = bearer(await sessionToken(request, 'kitchen@demo.lv'));
  const stop = await request.put(`/app/laps/stops/${menuId}/${office.id}`, { headers: kitchen, data: { status: 'delivered' } });
  expect(stop.ok(), await stop.text()).toBe(true);
  return { eater, admin };
}

// Issue 30 (decision 079): an eater whose lunch of yesterday was delivered opens the order page,
// rates it from the "yesterday" card on a phone, and sees the rating saved.
test('an eater rates yesterday’s delivered lunch from the order page', async ({ page, request }) => {
  const { eater } = await deliveredLunch(request, 'Rita');
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

// The "delivered" e-mail's link opens the public rating page without signing in (the journeys'
// servers keep mail in the outbox, which an administrator reads); it rates once, then opens nothing.
test('an eater rates from the e-mailed link without signing in, once', async ({ page, request }) => {
  const { eater, admin } = await deliveredLunch(request, 'Rolands', true);
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/app/admin/outbox?search=${encodeURIComponent(eater.email)}&per_page=50`, { headers: admin });
      const mail = ((await res.json()) as { data: { to: string; text: string }[] }).data.find((m) => m.to === eater.email);
      link = /https?:\/\/\S+\/rate\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: /^Kā garšoja pusdienas /, level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: '4 – labi' }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await scanA11y(page, 'public rating page');
  await page.getByRole('button', { name: 'Saglabāt vērtējumu' }).click();
  await expect(page.getByText('Paldies! Jūsu vērtējums ir saglabāts.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Šī vērtēšanas saite vairs nedarbojas', level: 1 })).toBeVisible();
});

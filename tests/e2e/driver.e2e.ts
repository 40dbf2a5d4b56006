import type { APIRequestContext } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { cashOrder, newCustomer, ownLap, ownLocation, ownMenu, sessionToken, storedSession } from './ordering-support';

const DISH = 'Greek salad';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Makes a staff member the lap's driver on the menu's day. Straight in the journey server's
 * database (scripts/start-e2e.mjs: its embedded PostgreSQL listens on 56000 + port % 2000) until
 * PUT /app/laps/{lapId}/runs/{menuId} (the promised slice) is there to call.
 */
/** 'HH:MM' in Riga `minutes` from now, never past 23:59 of today. */
function rigaTimeIn(minutes: number): string {
  const clock = (d: Date) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Riga', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  const later = clock(new Date(Date.now() + minutes * 60_000));
  return later < clock(new Date()) ? '23:59' : later;
}

/** The kitchen picks the lap's driver for the menu's day (the day view's PUT, decision 067). */
async function setDriver(request: APIRequestContext, lapId: number, menuId: number, userId: number) {
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const res = await request.put(`/app/laps/${lapId}/runs/${menuId}`, { headers: bearer(kitchen), data: { driver_id: userId } });
  expect(res.status(), await res.text()).toBe(200);
}

// Issue 28: the driver's phone at 360 px. The driver departs, loses the network, taps
// "Delivered" (kept on the phone, shown as waiting), and when the network is back the tap is
// sent once and the stop shows delivered.
test('a driver departs and delivers from a 360 px phone, the offline tap sent once when back online', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const office = await ownLocation(request, 'Driver office', { contact_name: 'Ilze Bērziņa', contact_phone: '+371 26 111 222' });
  const lap = await ownLap(request, 'Driver lap', [office.id]);
  const menu = await ownMenu(request, 'Driver', { [DISH]: null });
  const customer = await sessionToken(request, (await newCustomer(request, office.title, 'Dace')).email);
  const orderId = await cashOrder(request, customer, menu.id, menu.dishId(DISH), 2);
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const me = (await (await request.get('/app/me', { headers: bearer(kitchen) })).json()) as { id: number };
  // The eater keeps the order's page open in a browser of their own.
  const eaterContext = await browser.newContext({ baseURL });
  const eater = await eaterContext.newPage();
  try {
    await setDriver(request, lap.id, menu.id, me.id);
    await eater.addInitScript(
      (token) => localStorage.setItem('lunch.session', JSON.stringify({ state: { token, lang: 'en' }, version: 1 })),
      customer,
    );
    await eater.goto(`/order/${orderId}`);
    const progress = eater.getByRole('list', { name: 'Your lunch' });
    const step = (name: string) => progress.getByRole('listitem').filter({ hasText: name });
    await expect(step('Order accepted')).toBeVisible();
    await expect(step('On the way')).toContainText('not yet');
    await expect(step('Delivered')).toContainText('not yet');
    // Marks this document: a reload would lose it.
    await eater.evaluate(() => ((window as unknown as { eaterMark: number }).eaterMark = 1));
    const eaterUrl = eater.url();
    await storedSession(page, 'kitchen@demo.lv');
    await page.goto('/driver');
    await expect(page.getByRole('heading', { name: 'Driver', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: lap.title, level: 2 })).toBeVisible();
    const stop = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `1. ${office.title}` }) });
    await expect(stop).toContainText('Ilze Bērziņa');
    await expect(stop.getByRole('link', { name: '+371 26 111 222' })).toHaveAttribute('href', 'tel:+37126111222');
    await expect(stop).toContainText(`${DISH} × 2`);
    await expect(stop).toContainText('Not yet');
    // Nothing scrolls sideways at 360 px; the action buttons are big and at the bottom.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const depart = page.getByRole('button', { name: 'Departed' });
    const box = (await depart.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.y + box.height).toBeGreaterThan(740 - 120);
    await scanA11y(page, 'driver page at 360 px');

    const answered: string[] = [];
    page.on('response', async (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/app/driver/taps' && r.ok())
        answered.push(((await r.json()) as { id: string }).id);
    });
    // Keyboard: the big button is reached and pressed like any other.
    await depart.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Departed at \d\d:\d\d/)).toBeVisible();
    await expect.poll(() => answered.length).toBe(1);

    // The eater's open page moves to "on the way", with its time, without a reload.
    await expect(step('On the way').locator('time')).toHaveText(/^\d\d:\d\d$/, { timeout: 15_000 });
    await expect(step('On the way')).toHaveAttribute('aria-current', 'step');
    await expect(step('Delivered')).toContainText('not yet');

    // A problem needs a note; a new expected time may come with it.
    const actions = page.getByRole('group', { name: `Actions for ${office.title}` });
    await actions.getByRole('button', { name: 'Problem' }).click();
    const problem = page.getByRole('form', { name: `Problem at ${office.title}` });
    await problem.getByRole('button', { name: 'Send problem' }).click();
    await expect(problem.getByLabel('What is wrong')).toHaveAccessibleDescription('Write what is wrong.');
    await problem.getByLabel('What is wrong').fill('Reception closed, waiting at the gate');
    // Half an hour from now in Riga (the server refuses a time past or on another day), 23:59 at the latest.
    await problem.getByLabel('New expected time').fill(rigaTimeIn(30));
    await scanA11y(page, 'driver page with the problem form');
    await problem.getByRole('button', { name: 'Send problem' }).click();
    await expect(stop).toContainText('Reception closed, waiting at the gate');
    await expect.poll(() => answered.length).toBe(2);

    // No network: "Delivered" waits on the phone, in localStorage, with its id.
    await page.context().setOffline(true);
    await actions.getByRole('button', { name: 'Delivered' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 tap waiting to send' })).toBeVisible();
    await expect(stop).toContainText('waiting to send');
    await expect(stop).toContainText('Delivered');
    const queued = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string; action: string }[],
      `driver-taps:${me.id}`,
    );
    expect(queued.map((q) => q.action)).toEqual(['delivered']);
    await scanA11y(page, 'driver page with a tap waiting to send');

    // Back online: sent once, the stop shows delivered from the server's answer.
    await page.context().setOffline(false);
    await expect(page.getByText('1 tap waiting to send')).toHaveCount(0, { timeout: 15_000 });
    await expect(stop).not.toContainText('waiting to send');
    await expect(stop).toContainText('Delivered');
    await expect.poll(() => answered.filter((id) => id === queued[0]!.id).length).toBe(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), `driver-taps:${me.id}`)).toBeNull();
    const today = (await (await request.get('/app/driver/today?lang=en', { headers: bearer(kitchen) })).json()) as {
      laps: { lap_id: number; stops: { location_id: number; status: string | null }[] }[];
    };
    expect(today.laps.find((l) => l.lap_id === lap.id)!.stops).toEqual([
      expect.objectContaining({ location_id: office.id, status: 'delivered' }),
    ]);
    await expect(page.getByText('Every stop is delivered.')).toBeVisible();

    // The eater's page, still the same document, shows delivered with its time.
    await expect(step('Delivered').locator('time')).toHaveText(/^\d\d:\d\d$/, { timeout: 15_000 });
    await expect(step('Delivered')).toHaveAttribute('aria-current', 'step');
    expect(await eater.evaluate(() => (window as unknown as { eaterMark?: number }).eaterMark)).toBe(1);
    expect(eater.url()).toBe(eaterUrl);
    await scanA11y(eater, "the eater's order, delivered");
  } finally {
    await eaterContext.close();
    await page.context().setOffline(false);
    expect((await request.post(`/app/order/${orderId}/cancel`, { headers: bearer(customer) })).ok()).toBe(true);
  }
});

/** A kitchen member of the journey's own (no other journey drives their laps). */
async function newDriver(request: APIRequestContext, location: { id: number; title: string }, name: string) {
  const driver = await newCustomer(request, location.title, name);
  const headers = bearer(await sessionToken(request, 'admin@demo.lv'));
  const found = await request.get(`/app/admin/users?search=${encodeURIComponent(driver.email)}`, { headers });
  const [user] = ((await found.json()) as { data: { id: number; email: string }[] }).data.filter((u) => u.email === driver.email);
  const made = await request.put(`/app/admin/users/${user!.id}`, {
    headers,
    data: { first_name: name, phone: '', location_id: location.id, role: 'kitchen', is_location_manager: false },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return { email: driver.email, id: user!.id };
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  // The page keeps its list when the network drops, also across a reload: the app's shell comes
  // from the service worker (decision 023), the list from the phone's last answer.
  test("the driver's list survives a reload without network, marked as of its time", async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const office = await ownLocation(request, 'Offline office');
    const lap = await ownLap(request, 'Offline lap', [office.id]);
    const menu = await ownMenu(request, 'Offline', { [DISH]: null });
    const customer = await sessionToken(request, (await newCustomer(request, office.title, 'Rita')).email);
    const orderId = await cashOrder(request, customer, menu.id, menu.dishId(DISH), 2);
    const driver = await newDriver(request, office, 'Oskars');
    try {
      await setDriver(request, lap.id, menu.id, driver.id);
      await storedSession(page, driver.email);
      await page.goto('/driver');
      await page.evaluate(() => navigator.serviceWorker.ready);
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
      // Once controlled, a page load leaves the shell with the worker.
      await page.reload();
      const stop = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `1. ${office.title}` }) });
      await expect(stop).toContainText(`${DISH} × 2`);
      await expect(page.getByText(/^Offline, as of/)).toHaveCount(0);

      await page.context().setOffline(true);
      await expect(page.getByRole('status').filter({ hasText: /^Offline, as of \d\d:\d\d$/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: lap.title, level: 2 })).toBeVisible();
      await expect(stop).toContainText(`${DISH} × 2`);
      await expect(stop).toContainText('Not yet');
      // A tap still waits on the phone, and goes when the network is back.
      await page.getByRole('button', { name: 'Departed' }).click();
      await expect(page.getByRole('status').filter({ hasText: '1 tap waiting to send' })).toBeVisible();
      await scanA11y(page, 'driver page reloaded offline');

      await page.context().setOffline(false);
      await expect(page.getByText('1 tap waiting to send')).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByText(/^Departed at \d\d:\d\d/)).toBeVisible();
      await expect(page.getByText(/^Offline, as of/)).toHaveCount(0);
    } finally {
      await page.context().setOffline(false);
      expect((await request.post(`/app/order/${orderId}/cancel`, { headers: bearer(customer) })).ok()).toBe(true);
    }
  });
});

// One hand on a phone: every control of /driver is a target of at least 44 px, the small ones
// too (the "go to this stop" button of a stop that is not the current one, the lap chooser).
test('every control on the driver page at 360 px is at least 44 px tall', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const first = await ownLocation(request, 'Driver first stop', { contact_name: 'Ilze Bērziņa', contact_phone: '+371 26 111 222' });
  const second = await ownLocation(request, 'Driver second stop', { contact_name: 'Pēteris Kalniņš', contact_phone: '+371 26 333 444' });
  const lap = await ownLap(request, 'Driver two stops', [first.id, second.id]);
  const menu = await ownMenu(request, 'Driver two stops', { [DISH]: null });
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const me = (await (await request.get('/app/me', { headers: bearer(kitchen) })).json()) as { id: number };
  const run = await request.put(`/app/laps/${lap.id}/runs/${menu.id}`, { headers: bearer(kitchen), data: { driver_id: me.id } });
  expect(run.ok(), await run.text()).toBe(true);
  await storedSession(page, 'kitchen@demo.lv');
  await page.goto('/driver');
  await expect(page.getByRole('heading', { name: 'Driver', level: 1 })).toBeVisible();
  // With another lap of the kitchen's today (the journey above), the lap is chosen first.
  const lapButton = page.getByRole('button', { name: lap.title });
  const lapHeading = page.getByRole('heading', { name: lap.title, level: 2 });
  await expect(lapButton.or(lapHeading).first()).toBeVisible();
  if (await lapButton.count()) await lapButton.click();
  await expect(page.getByRole('heading', { name: lap.title, level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: `Go to ${second.title}` })).toBeVisible();
  const small = await page
    .locator('main')
    .locator('button, a, input, select, textarea')
    .evaluateAll((els) =>
      els
        .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().height < 44)
        .map((e) => `"${(e.textContent ?? '').trim().slice(0, 40)}" ${Math.round(e.getBoundingClientRect().height)} px`),
    );
  expect(small, 'controls under 44 px tall on /driver').toEqual([]);

  // Reached with Tab, each control of the stops is shown above the action bar fixed at the bottom, not under it.
  const bar = (await page.locator('.driver-actions').boundingBox())!;
  const hidden: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement;
      if (!e.closest('.driver-stops')) return null;
      return { text: (e.textContent ?? '').trim().slice(0, 40), bottom: e.getBoundingClientRect().bottom };
    });
    if (at && at.bottom > bar.y + 0.5) hidden.push(`"${at.text}" ends at ${Math.round(at.bottom)} px`);
  }
  expect(hidden, `focused controls under the action bar (from ${Math.round(bar.y)} px)`).toEqual([]);
});

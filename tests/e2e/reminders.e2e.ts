import type { APIRequestContext } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { apiToken, DEMO_PASSWORD, storedSession, todaysMenu } from './ordering-support';

// Issue 11: "Remind to make order". Olga (no other journey signs in as her) has not ordered
// today's seeded menu; Anna orders it here. Both have the flag on in the seed.
const OLGA = 'olga@demo.lv';
const ANNA = 'anna@demo.lv';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function outbox(request: APIRequestContext, adminToken: string): Promise<Mail[]> {
  const res = await request.get('/app/admin/outbox?limit=200', { headers: bearer(adminToken) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Mail[] }).data;
}

test('a reminder e-mail reaches the customer who has not ordered, not the one who has; its link turns reminders off', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiToken(request, 'admin@demo.lv');
  const anna = await apiToken(request, ANNA);
  const menu = await todaysMenu(request, anna);

  // Today's seeded menu closes at 23:59 Riga time: with reminders a day before the deadline it is due now.
  const providers = await request.get('/app/providers', { headers: bearer(admin) });
  const list = (await providers.json()) as { active_provider_id: number; data: { id: number; title: string }[] };
  const providerId = list.active_provider_id;
  const providerTitle = list.data.find((p) => p.id === providerId)!.title;
  const setMinutes = async (minutes: number) => {
    const res = await request.put(`/app/providers/${providerId}`, { headers: bearer(admin), data: { reminder_minutes: minutes } });
    expect(res.ok()).toBe(true);
  };

  // An administrator sets it in the provider's editor.
  const adminContext = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Riga' });
  const adminPage = await adminContext.newPage();
  await storedSession(adminPage, 'admin@demo.lv');
  await adminPage.goto('/providers');
  await adminPage.getByRole('button', { name: `Edit ${providerTitle}` }).click();
  const editor = adminPage.getByRole('dialog');
  const minutes = editor.getByLabel('Reminder, minutes before the deadline');
  await expect(minutes).toHaveValue('60');
  // Out of range (1 to 1440): the browser holds the form back (the server refuses it too).
  await minutes.fill('0');
  expect(await minutes.evaluate((el: HTMLInputElement) => el.checkValidity())).toBe(false);
  await scanA11y(adminPage, 'provider editor with the reminder time');
  await minutes.fill('1440');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await adminContext.close();

  try {
    // Anna orders (cash, a dish with no stock limit), choosing a shift if her location has any.
    const pageData = await request.get(`/app/order/create/${menu.id}?lang=en`, { headers: bearer(anna) });
    const shifts = ((await pageData.json()) as { orderSettings: { shifts: { id: number }[] } }).orderSettings.shifts;
    const order = await request.post('/app/order/create?lang=en', {
      headers: bearer(anna),
      data: {
        dishlist_id: menu.id,
        items: [{ id: menu.dishId('Mineral water'), qty: 1 }],
        payment_type: 'cash',
        terms: true,
        ...(shifts[0] ? { shift_id: shifts[0].id } : {}),
      },
    });
    expect(order.ok(), await order.text()).toBe(true);

    // Journeys share one database: another one (staff ordering on behalf) may have placed an
    // order for Olga on this menu. Those go, so that she is someone who has not ordered.
    const olgaId = ((await (await request.get('/app/me', { headers: bearer(await apiToken(request, OLGA)) })).json()) as { id: number }).id;
    const listed = await request.get(`/app/order?full=1&filter[dishlist_id]=${menu.id}`, { headers: bearer(admin) });
    expect(listed.ok()).toBe(true);
    const byLocation = ((await listed.json()) as { data: { orders: { id: number; user: { id: number } }[] }[] }).data;
    for (const o of byLocation.flatMap((l) => l.orders).filter((x) => x.user.id === olgaId)) {
      expect((await request.delete(`/app/order/${o.id}`, { headers: bearer(admin) })).ok()).toBe(true);
    }

    // The reminder job's sweep, run now by an administrator (the job runs it every minute).
    const run = await request.post('/app/reminders/run', { headers: bearer(admin) });
    expect(run.ok()).toBe(true);

    const link = `/order?dishlist=${menu.id}&provider_id=${providerId}`;
    const reminderTo = async (to: string) => (await outbox(request, admin)).find((m) => m.to === to && m.text.includes(link));
    await expect.poll(() => reminderTo(OLGA)).toBeTruthy();
    expect(await reminderTo(ANNA)).toBeUndefined();
    const mail = (await reminderTo(OLGA))!;
    // Olga signed in (the API's login above) in Latvian, the browser's language: the reminder is in it.
    // 23:59, or later when the journeys' server kept today's menu open past midnight (DEMO_MIN_OPEN_MINUTES).
    expect(mail.subject).toMatch(/^Atgādinājums: pasūtiet pusdienas līdz \d\d:\d\d \d\d\.\d\d\.\d{4}$/);

    // The unsubscribe link works without signing in.
    const unsubscribe = new URL(/https?:\/\/\S+\/reminders\/unsubscribe\?token=\S+/.exec(mail.text)![0]);
    await page.addInitScript(() => {
      if (!localStorage.getItem('lunch.session')) {
        localStorage.setItem('lunch.session', JSON.stringify({ state: { lang: 'en' }, version: 1 }));
      }
    });
    await page.goto(unsubscribe.pathname + unsubscribe.search);
    await expect(page.getByRole('heading', { name: 'Reminders', level: 1 })).toBeVisible();
    await expect(page.getByText('You will no longer get reminders to order lunch.')).toBeVisible();
    await scanA11y(page, 'reminders unsubscribed');

    // A changed token is refused.
    await page.goto(`${unsubscribe.pathname}?token=${encodeURIComponent(unsubscribe.searchParams.get('token')!.slice(0, -3) + 'AAA')}`);
    await expect(page.getByText('This link is outdated or invalid.')).toBeVisible();
    await scanA11y(page, 'reminders link invalid');

    // Olga signs in from the page's profile link: the profile shows the flag off; the mail's menu link opens that menu.
    await page.getByRole('link', { name: 'Open my profile' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(OLGA);
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Sign-in goes back to the page asked for.
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remind to make order' })).not.toBeChecked();
    await expect(page.getByRole('heading', { name: 'Notifications in this browser' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Also remind me with a notification in this browser' })).toBeVisible();
    await scanA11y(page, 'profile with browser notifications');

    await page.goto(link);
    await expect(page.getByLabel('Menu', { exact: true })).toHaveValue(String(menu.id));

    // Leave Olga as the seed made her.
    const olga = await apiToken(request, OLGA);
    expect((await request.post('/app/me?lang=lv', { headers: bearer(olga), data: { remind_to_make_order: true } })).ok()).toBe(true);
  } finally {
    await setMinutes(60);
  }
});

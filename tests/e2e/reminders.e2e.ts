import type { APIRequestContext } from '@playwright/test';
import { expect, scanA11y, test } from './a11y';
import { DEMO_PASSWORD, newCustomer, ownMenu, sessionToken, stamp, storedSession } from './ordering-support';

// Issue 11: "Remind to make order". Two customers of the journey's own turn it on; one orders the
// journey's own menu, the other does not. The menu is due for reminders once its deadline is
// within the provider's 60 minutes. The reminder time is set in the editor of a provider of the
// journey's own (inactive, so no job reminds of its menus): nothing another journey reads changes.
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

/** A bearer token of a customer who asked for reminders, in Latvian (the reminder is written in it). */
async function remindedCustomer(request: APIRequestContext, name: string): Promise<{ email: string; token: string }> {
  const { email } = await newCustomer(request, 'Birojs Centrs', name);
  const token = await sessionToken(request, email);
  const saved = await request.post('/app/me?lang=lv', { headers: bearer(token), data: { remind_to_make_order: true } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { email, token };
}

test('a reminder e-mail reaches the customer who has not ordered, not the one who has; its link turns reminders off', async ({
  page,
  browser,
  request,
}) => {
  const admin = await sessionToken(request, 'admin@demo.lv');

  // An administrator sets the reminder time in a provider's editor (the journey's own provider).
  const providerTitle = `Reminders ${stamp()}`;
  const made = await request.post('/app/providers', { headers: bearer(admin), data: { title: providerTitle, status: false } });
  expect(made.status(), await made.text()).toBe(201);
  const ownProviderId = ((await made.json()) as { id: number }).id;
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
  const providers = (await (await request.get('/app/providers', { headers: bearer(admin) })).json()) as {
    active_provider_id: number;
    data: { id: number; reminder_minutes: number }[];
  };
  expect(providers.data.find((p) => p.id === ownProviderId)?.reminder_minutes).toBe(1440);
  // The journey's menu is the active (seeded) provider's, which reminds 60 minutes before a deadline.
  const providerId = providers.active_provider_id;
  expect(providers.data.find((p) => p.id === providerId)?.reminder_minutes).toBe(60);

  // The journey's menu closes in three hours: not due yet while the customers set up.
  const menu = await ownMenu(request, 'Reminders', { 'Mineral water': null });
  const ordered = await remindedCustomer(request, 'Anna');
  const waiting = await remindedCustomer(request, 'Olga');

  // One of them orders (cash, a dish with no stock limit).
  const order = await request.post('/app/order/create?lang=en', {
    headers: bearer(ordered.token),
    data: { dishlist_id: menu.id, items: [{ id: menu.dishId('Mineral water'), qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(order.ok(), await order.text()).toBe(true);

  // Its deadline moves to half an hour from now: within the 60 minutes, the menu is due.
  const moved = await request.put(`/app/dishlists/${menu.id}`, {
    headers: bearer(admin),
    data: { to: new Date(Date.now() + 30 * 60_000).toISOString() },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  // The reminder job's sweep, run now by an administrator (the job runs it every minute).
  const run = await request.post('/app/reminders/run', { headers: bearer(admin) });
  expect(run.ok()).toBe(true);

  const link = `/order?dishlist=${menu.id}&provider_id=${providerId}`;
  const reminderTo = async (to: string) => (await outbox(request, admin)).find((m) => m.to === to && m.text.includes(link));
  await expect.poll(() => reminderTo(waiting.email)).toBeTruthy();
  expect(await reminderTo(ordered.email)).toBeUndefined();
  const mail = (await reminderTo(waiting.email))!;
  // Her profile was saved in Latvian: the reminder is in it.
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

  // She signs in from the page's profile link: the profile shows the flag off; the mail's menu link opens that menu.
  await page.getByRole('link', { name: 'Open my profile' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(waiting.email);
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
});

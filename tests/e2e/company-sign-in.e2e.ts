import { expect, test } from './a11y';
import { startTestIdp, type TestIdp } from '../../src/server/test/oidc-idp';
import { apiToken, storedSession } from './ordering-support';

// Decision 022: an administrator connects the company's OpenID provider on the "Company sign-in"
// page; an employee then signs in with the company account (a real OpenID provider on 127.0.0.1).
let idp: TestIdp;
test.beforeAll(async ({ baseURL }) => {
  idp = await startTestIdp([`${baseURL}/app/login/company/callback`]);
});
test.afterAll(async ({ request }) => {
  // Leave the shared journey database as it was: no company button for the other journeys.
  const admin = await apiToken(request, 'admin@demo.lv');
  const list = await request.get('/app/admin/identity-providers', { headers: { Authorization: `Bearer ${admin}` } });
  for (const p of ((await list.json()) as { data: { id: number }[] }).data) {
    await request.delete(`/app/admin/identity-providers/${p.id}`, { headers: { Authorization: `Bearer ${admin}` } });
  }
  await idp?.close();
});

test('an administrator connects the company provider and an employee signs in with the company account', async ({ page, browser }) => {
  await storedSession(page, 'admin@demo.lv');
  await page.goto('/company-sign-in');
  await expect(page.getByRole('heading', { name: 'Company sign-in', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog');
  // The editor validates with the request's schema: an empty name is refused under its field
  // with the server's text, and nothing is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/app/admin/identity-providers')) sent += 1;
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Name on the button')).toHaveAccessibleDescription(/This field is required\./);
  expect(sent).toBe(0);
  await dialog.getByLabel('Name on the button').fill('Acme');
  await dialog.getByLabel('Issuer').fill(idp.issuer);
  await dialog.getByLabel('Client ID').fill(idp.clientId);
  await dialog.getByLabel('Client secret').fill(idp.clientSecret);
  await dialog.getByLabel('Allowed e-mail domains').fill('acme.lv');
  await dialog.getByLabel('Location for new users').selectOption({ label: 'Birojs Centrs' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Acme', exact: true })).toBeVisible();
  expect(sent).toBe(1);
  await expect(page.getByText(idp.clientSecret)).toHaveCount(0);

  // A newcomer from acme.lv: the account is made at the chosen location.
  const employee = await browser.newPage();
  await employee.addInitScript(() => {
    if (!localStorage.getItem('lunch.session'))
      localStorage.setItem('lunch.session', JSON.stringify({ state: { lang: 'en' }, version: 1 }));
  });
  idp.signInAs('ilze');
  await employee.goto('/login');
  await employee.getByRole('button', { name: 'Sign in with your company account' }).click();
  await expect(employee.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible({ timeout: 20_000 });
  // No token or code stays in the address bar or history.
  expect(employee.url()).not.toContain('code=');
  await employee.goto('/profile');
  await expect(employee.getByLabel('E-mail')).toHaveValue('ilze.berzina@acme.lv');
  // The session is the SPA's usual one: its stored token reads the new customer's profile.
  const me = await employee.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('lunch.session') ?? '{}') as { state?: { token?: string } }).state?.token;
    return (await fetch('/app/me', { headers: { authorization: `Bearer ${token}` } })).json();
  });
  expect(me).toMatchObject({ role: 'customer', location: { title: 'Birojs Centrs' } });

  // Someone from another company is told why, and stays signed out.
  const outsider = await browser.newPage();
  await outsider.addInitScript(() => {
    if (!localStorage.getItem('lunch.session'))
      localStorage.setItem('lunch.session', JSON.stringify({ state: { lang: 'en' }, version: 1 }));
  });
  idp.signInAs('outsider');
  await outsider.goto('/login');
  await outsider.getByRole('button', { name: 'Sign in with your company account' }).click();
  await expect(outsider.getByText("Your company account's e-mail address is not one this service accepts")).toBeVisible({
    timeout: 20_000,
  });
  await expect(outsider.getByRole('button', { name: 'Log in' })).toBeVisible();
});

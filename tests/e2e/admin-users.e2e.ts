import { expect, scanA11y, test } from './a11y';
import { apiToken, DEMO_PASSWORD, storedSession } from './ordering-support';

// Issue 13 "Users": an administrator finds a user, moves them to another location and makes them
// its manager; the user's next call already sees the new location's team.
test('an administrator moves a user to another location', async ({ page, request }) => {
  const admin = await apiToken(request, 'admin@demo.lv');
  const headers = { Authorization: `Bearer ${admin}` };
  const list = (await (await request.get('/app/locations?per_page=all', { headers })).json()) as {
    data: { id: number; title: string; invite_url: string }[];
  };
  const from = list.data.find((l) => l.title === 'Birojs Centrs')!;
  const to = list.data.find((l) => l.title === 'Birojs Teika')!;
  // A user of our own, signed up through the location's invitation link.
  const email = `moved-${Date.now()}@example.lv`;
  const name = `Pārceltais ${Date.now() % 100000}`;
  const signup = await request.post('/app/register-invited', {
    data: {
      name,
      email,
      phone: '',
      token: from.invite_url.split('/').pop(),
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
    },
  });
  expect(signup.ok()).toBe(true);

  await storedSession(page, 'admin@demo.lv');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Birojs Centrs');
  await scanA11y(page, 'user list');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Location', { exact: true }).selectOption({ label: 'Birojs Teika' });
  await dialog.getByLabel(/^Location manager/).check();
  await scanA11y(page, 'user editor');
  // The editor validates with the request's schema: a name of spaces only is refused in the
  // browser with the server's own text, under its field, and nothing is sent.
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && /\/app\/admin\/users\/\d+$/.test(new URL(r.url()).pathname)) sent += 1;
  });
  const nameField = dialog.getByLabel('Name');
  await nameField.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(0);
  await nameField.fill(name);
  await expect(dialog.getByText('This field is required.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Changes to ${name} were saved.`)).toBeVisible();
  expect(sent).toBe(1);
  await expect(row).toContainText('Birojs Teika');
  await expect(row).toContainText('Location manager');

  // The filter by location now finds them at the new one.
  await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Birojs Teika' });
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();

  // The moved user manages the new location's team at once.
  const token = await apiToken(request, email);
  const team = await request.get('/app/me/team', { headers: { Authorization: `Bearer ${token}` } });
  expect(team.ok()).toBe(true);
  expect(((await team.json()) as { location: { id: number } }).location.id).toBe(to.id);

  // Deactivating signs them out everywhere.
  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(page.getByText(`${name} was deactivated and signed out everywhere.`)).toBeVisible();
  expect((await request.get('/app/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});

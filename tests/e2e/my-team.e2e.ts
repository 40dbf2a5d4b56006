import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './a11y';
import { apiToken, DEMO_PASSWORD, newCustomer, newManager, ownLocation, storedSession } from './ordering-support';

async function canLogIn(request: APIRequestContext, email: string) {
  return (await request.post('/app/login', { data: { email, password: DEMO_PASSWORD, rememberme: false } })).ok();
}

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

// Spec 1, 2, 4, 7 "Team": the location manager sees the team, invites, deactivates and
// re-activates a member, notifies that lunch is delivered and downloads the team report.
test('location manager runs the team', async ({ page, request }) => {
  // A team of the journey's own: a location, its manager and two members, so the members it
  // deactivates and the team it notifies are nobody another journey signs in as.
  const location = await ownLocation(request, 'Team office');
  const manager = await newManager(request, location, 'Inga');
  const colleague = await newCustomer(request, location.title, 'Anna');
  const member = await newCustomer(request, location.title, 'Līga');
  await storedSession(page, manager.email);
  await page.goto('/my-team');
  await expect(page.getByRole('heading', { name: /^My team/, level: 1 })).toContainText(location.title);

  const members = page.getByRole('region', { name: 'Team members' });
  await expect(members.getByRole('row').filter({ hasText: colleague.email })).toContainText('Active');
  const own = members.getByRole('row').filter({ hasText: manager.email });
  await expect(own).toContainText('(you)');
  await expect(own.getByRole('button')).toHaveCount(0);

  // Invite: a bad row gets the server's text under it in the browser and nothing is sent; then
  // one address is sent and lands in the outbox.
  const invites: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/app/me/invite')) invites.push(r.url());
  });
  const invitee = `invitee-${Date.now()}@example.lv`;
  const invite = page.getByRole('form', { name: 'Invite members' });
  await invite.getByRole('textbox', { name: 'E-mail 1' }).fill(invitee);
  await invite.getByRole('button', { name: 'Add e-mail' }).click();
  await invite.getByRole('textbox', { name: 'E-mail 2' }).fill('not-an-email');
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  await expect(invite.getByRole('textbox', { name: 'E-mail 2' })).toHaveAccessibleDescription('Enter a valid e-mail address.');
  expect(invites).toHaveLength(0);
  await invite.getByRole('button', { name: 'Remove e-mail 2' }).click();
  await invite.getByRole('button', { name: 'Send invitations' }).click();
  await expect(invite.getByRole('status').filter({ hasText: 'Invitations sent: 1. Skipped: 0.' })).toBeVisible();
  expect(invites).toHaveLength(1);
  const admin = await apiToken(request, 'admin@demo.lv');
  const outbox = await request.get('/app/admin/outbox?limit=100', { headers: { Authorization: `Bearer ${admin}` } });
  expect(outbox.ok()).toBe(true);
  const mail = ((await outbox.json()) as { data: { to: string; subject: string; text: string }[] }).data.find((m) => m.to === invitee);
  expect(mail?.subject).toBe(`Invitation to order lunch with ${location.title}`);
  expect(mail?.text).toMatch(/\/user\/register-invited\/[\w-]+/);

  // The invitation waits in "Pending invitations"; revoking it (after a confirmation) stops its link.
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem').filter({ hasText: invitee })).toContainText('Works until');
  await pending.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
  await confirmIn(page, 'Revoke invitation', 'Revoke');
  await expect(pending.getByText(`The invitation to ${invitee} was revoked; its link no longer works.`)).toBeVisible();
  await expect(pending.getByRole('listitem').filter({ hasText: invitee })).toHaveCount(0);

  // Deactivate and re-activate a member, each after a confirmation.
  const row = members.getByRole('row').filter({ hasText: member.email });
  await row.getByRole('button', { name: `Deactivate ${member.name}` }).click();
  await confirmIn(page, 'Deactivate member', 'Deactivate');
  await expect(members.getByText(`${member.name} was deactivated.`)).toBeVisible();
  await expect(row).toContainText('Inactive');
  expect(await canLogIn(request, member.email)).toBe(false);

  await row.getByRole('button', { name: `Activate ${member.name}` }).click();
  await confirmIn(page, 'Activate member', 'Activate');
  await expect(members.getByText(`${member.name} was activated.`)).toBeVisible();
  await expect(row).not.toContainText('Inactive');
  expect(await canLogIn(request, member.email)).toBe(true);

  // "Lunch is delivered": asked first; the answer says what happened (nobody of this team has
  // ordered today).
  const notify = page.getByRole('region', { name: 'Lunch is delivered' });
  await notify.getByRole('button', { name: 'Notify that lunch is delivered' }).click();
  await confirmIn(page, 'Notify the team', 'Notify');
  await expect(notify.getByRole('status').or(notify.getByRole('alert')).first()).toHaveText(
    'Nobody in your team has an order on today’s menu.',
  );

  // Team report: a CSV for Latvian spreadsheets for this month so far, then the same as XLSX,
  // each through a one-time address.
  const report = page.getByRole('form', { name: 'Team report' });
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download report' }).click()]);
  const slug = location.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect(download.suggestedFilename()).toMatch(new RegExp(`^team-report-${slug}-\\d{4}-\\d{2}-01-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await readFile((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
    'Menu date;Menu;Order no.;Ordered on;Name;E-mail;Items;Shift;Cost centre;Payment;Amount, EUR;Subsidy, EUR;Budget, EUR;Bonus, EUR;To pay, EUR',
  );
  await report.getByRole('radio', { name: 'Excel workbook (XLSX)' }).check();
  const [workbook] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download report' }).click()]);
  expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
  // An XLSX file is a zip archive.
  expect((await readFile((await workbook.path())!)).subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(report.getByText('The download has started.')).toBeVisible();
});

import { expect, test } from './a11y';
import { ownLocation, storedSession } from './ordering-support';

/*
 * The ledger page (issue 16): an administrator records a manual correction with its reason and
 * finds it in the ledger, filtered to corrections, with the filtered sum.
 */
test('an administrator records a ledger correction and finds it with its reason', async ({ page, request }) => {
  // The correction is of a location of the journey's own: no seeded location's statement changes.
  const location = await ownLocation(request, 'Ledger office');
  const reason = `E2E: cash short at the door ${Date.now().toString(36)}`;
  await storedSession(page, 'admin@demo.lv');
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/app/ledger/corrections')) sent.push(r.url());
  });
  await page.goto('/ledger');
  await expect(page.getByRole('heading', { name: 'Ledger', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New correction' }).click();
  const dialog = page.getByRole('dialog', { name: 'New correction' });
  await dialog.getByRole('radio', { name: /^Money out/ }).check();
  // Nothing typed: the form says what is missing and records nothing.
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog.getByText('Say why.')).toBeVisible();
  await dialog.getByLabel(/^Amount, €/).fill('0,5');
  await dialog.getByLabel(/^Reason/).fill(reason);
  // Issue 24: a correction names its location (or an order), so it reaches that location's statement and invoice.
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog.getByLabel('Location')).toHaveAccessibleDescription(/Choose the location \(or give an order number\)\./);
  expect(sent).toHaveLength(0);
  await dialog.getByLabel('Location').selectOption({ label: location.title });
  await dialog.getByRole('button', { name: 'Record correction' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Correction of [-−]€0\.50 recorded\.$/)).toBeVisible();
  expect(sent).toHaveLength(1);

  await page.getByLabel('Movement').selectOption({ label: 'Correction' });
  const row = page.getByRole('row').filter({ hasText: reason });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Correction');
  await expect(row).toContainText(location.title);
  await expect(page.getByRole('status').filter({ hasText: /entr(y|ies), sum/ })).toBeVisible();
});

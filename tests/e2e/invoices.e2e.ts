import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { DateTime } from 'luxon';
import { pdfText } from '../../src/server/lib/pdf/pdf-text';
import { expect, scanA11y, test } from './a11y';
import { apiToken, newCustomer, sessionToken, storedSession, todaysMenu } from './ordering-support';

/**
 * Last month's orders at Birojs Centrs (subsidy 3.50 €), placed through the API: a menu whose day
 * (`from`) is in last month, open for a minute, with one order of a customer of Birojs Centrs, then
 * closed. A month is invoiced only once it has ended and no menu of it takes orders (issue 24).
 */
async function lastMonthsOrder(request: APIRequestContext, month: DateTime): Promise<number> {
  const admin = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.lv')}` };
  const today = await todaysMenu(request, admin.Authorization.slice(7));
  const created = await request.post('/app/dishlists', {
    headers: admin,
    data: {
      title: `Invoices ${month.toFormat('yyyy-LL')} ${Date.now().toString(36)}`,
      from: month.set({ day: 15, hour: 11 }).toISO(),
      to: new Date(Date.now() + 60_000).toISOString(),
      status: true,
      selectedDishes: [{ id: today.dishId('Mineral water') }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const menuId = ((await created.json()) as { id: number }).id;
  // A customer of the journey's own at Birojs Centrs orders: no seeded customer's history changes.
  const customer = await newCustomer(request, 'Birojs Centrs', 'Rūta');
  const headers = { Authorization: `Bearer ${await sessionToken(request, customer.email)}` };
  const placed = await request.post('/app/order/create?lang=en', {
    headers,
    data: { dishlist_id: menuId, items: [{ id: today.dishId('Mineral water'), qty: 2 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  // Ordering closes: the month can now be invoiced.
  const closed = await request.put(`/app/dishlists/${menuId}`, { headers: admin, data: { to: new Date(Date.now() - 1000).toISOString() } });
  expect(closed.ok(), await closed.text()).toBe(true);
  return ((await placed.json()) as { order_id: number }).order_id;
}

// Issue 16: an admin opens Invoices, picks a location and last month (issue 24: only a month that
// has ended is invoiced), downloads the statement CSV, issues the invoice and downloads its PDF.
test('admin downloads a month’s statement CSV and invoice PDF for a location', async ({ page, request }) => {
  const lastMonth = DateTime.now().setZone('Europe/Riga').startOf('month').minus({ months: 1 });
  const month = lastMonth.toFormat('yyyy-LL');
  const thisMonth = DateTime.now().setZone('Europe/Riga').toFormat('yyyy-LL');
  await lastMonthsOrder(request, lastMonth);
  const admin = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.lv')}` };
  await storedSession(page, 'admin@demo.lv');
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await scanA11y(page, 'invoices: nothing chosen');
  await page.getByLabel('Bill to').selectOption({ label: 'Birojs Centrs' });
  await page.getByLabel('Month').fill(month);
  await expect(page.getByRole('heading', { name: `Statement: Birojs Centrs, ${month}` })).toBeVisible();
  await scanA11y(page, 'invoices: statement of a location');

  // What the server sums for the month (other journeys may have ordered there too).
  const locationId = Number(
    await page
      .getByLabel('Bill to')
      .inputValue()
      .then((v) => v.slice(2)),
  );
  const statement = (await (
    await request.get(`/app/invoices/statement?location_id=${locationId}&month=${month}`, { headers: admin })
  ).json()) as { totals: { orders: number; subsidy: number; gross: number }; invoice: { total: number } };
  expect(statement.totals.orders).toBeGreaterThan(0);
  const comma = (euros: number) => euros.toFixed(2).replace('.', ',');

  // The statement CSV (Latvian spreadsheet conventions in every language), saved from a blob.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Statement CSV' }).click();
  const csv = await csvDownload;
  expect(csv.url()).toMatch(/^blob:/);
  expect(csv.suggestedFilename()).toBe(`statement-l-${locationId}-${month}.csv`);
  const raw = await readFile((await csv.path())!);
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = raw.subarray(3).toString('utf8').split('\r\n');
  // The cost centre's column (decision 075) is empty: the demo location's company has none.
  expect(lines[0]).toMatch(/^Month;Location;Cost centre;Orders;Food value;Subsidy \(employer\);/);
  expect(lines[1]).toMatch(
    new RegExp(`^${month};Birojs Centrs;;${statement.totals.orders};${comma(statement.totals.gross)};${comma(statement.totals.subsidy)};`),
  );

  // Issue the invoice: the next number of the year, shown in the notice and the list.
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Birojs Centrs, ${month}`);
  await scanA11y(page, 'invoices: issue confirmation');
  await dialog.getByRole('button', { name: 'Issue invoice' }).click();
  const issued = page.getByRole('status').filter({ hasText: /Invoice \d{4}-\d{6} issued\./ });
  await expect(issued).toBeVisible();
  const code = /(\d{4}-\d{6})/.exec((await issued.textContent()) ?? '')![1]!;
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('Invoice');
  await scanA11y(page, 'invoices: issued');

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${code} as PDF` }).click();
  const pdf = await pdfDownload;
  expect(pdf.url()).toMatch(/^blob:/);
  expect(pdf.suggestedFilename()).toBe(`invoice-${code}.pdf`);
  const text = pdfText(await readFile((await pdf.path())!));
  for (const part of [
    `Invoice No. ${code}`,
    'SIA Pusdienu Virtuve',
    'VAT No. LV40003999001',
    'SIA Centra Birojs',
    `Lunch subsidy, Birojs Centrs, ${month}`,
    `Amount due €${statement.invoice.total.toFixed(2)}`,
  ]) {
    expect(text).toContain(part);
  }

  // This month has not ended: the page offers no invoice and says why; the API refuses it too.
  await page.getByLabel('Month').fill(thisMonth);
  await expect(page.getByRole('heading', { name: `Statement: Birojs Centrs, ${thisMonth}` })).toBeVisible();
  await expect(
    page.getByText('This month has not ended yet: it can be invoiced once it has ended and its menus have closed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue invoice' })).toBeDisabled();
  const early = await request.post('/app/invoices?lang=en', { headers: admin, data: { location_id: locationId, month: thisMonth } });
  expect(early.status()).toBe(422);
  // Last month of Birojs Centrs is billed: its company's invoice (SIA Centra Birojs) cannot bill it again.
  const company = await request.post('/app/invoices?lang=en', { headers: admin, data: { company: '40103999002', month } });
  expect(company.status()).toBe(409);
  expect(((await company.json()) as { message: string }).message).toContain(`Invoice ${code} already bills Birojs Centrs`);
});

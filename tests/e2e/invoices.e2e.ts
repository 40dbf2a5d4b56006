import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { DateTime } from 'luxon';
import { pdfText } from '../../src/server/lib/pdf/pdf-text';
import { expect, scanA11y, test } from './a11y';
import { apiToken, signIn } from './ordering-support';

/** The seed names its menus "Pusdienas dd.LL.yyyy". */
const SEEDED_MENU = /^Pusdienas \d\d\.\d\d\.\d{4}$/;

/** Places a cash order of one unlimited plain dish of today's seeded menu as a Birojs Centrs customer (subsidy 3.50 €). */
async function placeOrder(request: APIRequestContext): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'anna@demo.lv')}` };
  const { dishlists } = (await (await request.get('/app/order/dishlists?lang=en', { headers })).json()) as {
    dishlists: { id: number; title: string }[];
  };
  const menu = dishlists.find((d) => SEEDED_MENU.test(d.title));
  expect(menu, 'a seeded menu is open').toBeTruthy();
  const data = (await (await request.get(`/app/order/create/${menu!.id}?lang=en`, { headers })).json()) as {
    dishlist: { categories: { dishes: { id: number; type: string; qty: number | null }[] }[] };
  };
  const dish = data.dishlist.categories.flatMap((c) => c.dishes).find((d) => d.type === 'simple' && d.qty === null);
  const created = await request.post('/app/order/create?lang=en', {
    headers,
    data: { dishlist_id: menu!.id, items: [{ id: dish!.id, qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { order_id: number }).order_id;
}

// Issue 16: an admin opens Invoices, picks a location and the month (the seeded menus' month:
// November 2026 on this machine's calendar), downloads the statement CSV, issues the invoice and
// downloads its PDF.
test('admin downloads a month’s statement CSV and invoice PDF for a location', async ({ page, request }) => {
  await placeOrder(request);
  const month = DateTime.now().setZone('Europe/Riga').toFormat('yyyy-LL');
  const admin = { Authorization: `Bearer ${await apiToken(request, 'admin@demo.lv')}` };
  await signIn(page, 'admin@demo.lv');

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices' }).click();
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
  expect(lines[0]).toMatch(/^Month;Location;Orders;Food value;Subsidy \(employer\);/);
  expect(lines[1]).toMatch(
    new RegExp(`^${month};Birojs Centrs;${statement.totals.orders};${comma(statement.totals.gross)};${comma(statement.totals.subsidy)};`),
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
});

import { readFile } from 'node:fs/promises';
import { expect, scanA11y, test } from './a11y';
import { newCustomer, ownLocation, ownMenu, sessionToken, storedSession } from './ordering-support';

/** An unlimited plain dish of today's seeded menu. */
const DISH = 'Greek salad';

// Issue 27: the sales and waste dashboard draws its charts (each canvas painted), shows a chart's
// figures as a table and downloads them as CSV; the figures are the journey's own order.
test('the kitchen’s dashboard draws its charts with their tables and CSV downloads', async ({ page, request }) => {
  const office = await ownLocation(request, 'Dashboard office');
  const menu = await ownMenu(request, 'Dashboard', { [DISH]: 5 });
  const token = await sessionToken(request, (await newCustomer(request, office.title, 'Dace')).email);
  const placed = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dishlist_id: menu.id, items: [{ id: menu.dishId(DISH), qty: 2 }], payment_type: 'cash', terms: true },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  // Issue 28: the kitchen marks the stop delivered; with no departure planned it had no window.
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const delivered = await request.put(`/app/laps/stops/${menu.id}/${office.id}?lang=en`, {
    headers: { Authorization: `Bearer ${kitchen}` },
    data: { status: 'delivered' },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);

  await storedSession(page, 'kitchen@demo.lv');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sales and waste', level: 1 })).toBeVisible();
  await page.getByLabel('Location', { exact: true }).selectOption({ label: office.title });
  const charts = page.getByRole('img', { name: /^Chart: / });
  await expect(charts).toHaveCount(6);
  // Every canvas has pixels drawn (not a blank box).
  await expect
    .poll(async () =>
      charts.evaluateAll((canvases) =>
        canvases.map((c) => {
          const canvas = c as HTMLCanvasElement;
          const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
          return false;
        }),
      ),
    )
    .toEqual([true, true, true, true, true, true]);

  // The per-menu figures as a table: the journey's menu, 5 prepared (3 left + 2 ordered), leftovers not recorded.
  const days = page.getByRole('region', { name: 'Prepared, ordered and left over per menu' });
  await days.getByText('Show the figures as a table').click();
  const row = days.getByRole('row').filter({ hasText: menu.title });
  await expect(row.getByRole('cell')).toHaveText([/\d{2}\.\d{2}\.\d{4}/, menu.title, '5', '2', 'not recorded']);
  const payments = page.getByRole('region', { name: 'Revenue by payment type' });
  await payments.getByText('Show the figures as a table').click();
  await expect(payments.getByRole('row', { name: /^Orders\b/ })).toContainText('1');
  // On time (decision 071): the stop delivered without a window is left out and said so.
  const onTime = page.getByRole('region', { name: 'Delivered on time per lap' });
  await expect(onTime).toContainText('Delivered without a window, not counted: 1.');
  await expect(onTime).toContainText('No stop with a promised window was delivered in this period.');
  await onTime.getByText('Show the figures as a table').click();
  await expect(onTime.getByRole('row').filter({ hasText: office.title }).getByRole('cell')).toHaveText([
    'Location',
    office.title,
    '0',
    '0',
    '–',
    '1',
    '–',
  ]);
  await scanA11y(page, 'dashboard: tables open');

  const download = page.waitForEvent('download');
  await payments.getByRole('button', { name: 'Download “Revenue by payment type” as CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(
    new RegExp(`^dashboard-payments-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}-location-${office.id}\\.csv$`),
  );
  const lines = (await readFile((await csv.path())!))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe('Figure;Amount (EUR)');
  expect(lines).toContain('Orders;1');
  expect(lines.find((l) => l.startsWith('Cash;'))).toMatch(/^Cash;[1-9]\d*,\d{2}$/);
});

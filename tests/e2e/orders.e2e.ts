import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { pdfText } from '../../src/server/lib/pdf/pdf-text';
import { expect, expectFocusNotOnBody, test } from './a11y';
import { newCustomer, ownMenu, sessionToken, storedSession } from './ordering-support';

/**
 * Places a cash order of one plain dish as a customer of the journey's own at Tehnoparks, named
 * Edgars, on a menu of the journey's own: the order it accepts, revokes and deletes is its own.
 */
async function placeOrder(request: APIRequestContext): Promise<{ orderId: number; menuTitle: string }> {
  const token = await sessionToken(request, (await newCustomer(request, 'Tehnoparks', 'Edgars')).email);
  const menu = await ownMenu(request, 'Orders', { 'Greek salad': null });
  const created = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dishlist_id: menu.id, items: [{ id: menu.dishId('Greek salad'), qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { order_id } = (await created.json()) as { order_id: number };
  return { orderId: order_id, menuTitle: menu.title };
}

// Spec 2 and 4: kitchen staff see a menu's orders per location, accept one, revoke it and delete it.
test('kitchen accepts, revokes and deletes an order', async ({ page, request }) => {
  const { orderId, menuTitle } = await placeOrder(request);
  await storedSession(page, 'kitchen@demo.lv');

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: menuTitle, exact: true }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: menuTitle, level: 1 })).toBeVisible();

  const group = page.getByRole('region', { name: 'Tehnoparks' });
  await expect(group).toBeVisible();
  await expect(group.getByText('Cash', { exact: true }).first()).toBeVisible();
  const row = group.getByRole('row').filter({ has: page.getByText(`No. ${orderId}`, { exact: true }) });
  await expect(row).toContainText('Edgars');
  await expect(row).toContainText('New');

  // Only new orders: ours is there.
  await page.getByRole('link', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/accepted=0/);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Accept order ${orderId}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order ${orderId} was accepted.` })).toBeVisible();
  // The "New" list refreshes without it; the accepted list has it. Focus stays in the list.
  await expect(row).toHaveCount(0);
  await expectFocusNotOnBody(page, 'accepting an order (its row left the list)');
  await page.getByRole('link', { name: 'Accepted', exact: true }).click();
  await expect(page).toHaveURL(/accepted=1/);
  await expect(row).toContainText('Accepted');

  await row.getByRole('button', { name: `Revoke acceptance of order ${orderId}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Acceptance of order ${orderId} was revoked.` })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectFocusNotOnBody(page, 'revoking an acceptance');
  await page.getByRole('link', { name: 'All', exact: true }).click();
  await expect(row).toContainText('New');

  // The print-outs: this location's and all locations', PDFs saved from a blob (no token in an address).
  for (const [button, scope] of [
    [group.getByRole('button', { name: 'Print orders of Tehnoparks (PDF)' }), 'Orders: Tehnoparks'],
    [page.getByRole('button', { name: 'Print orders of all locations (PDF)' }), 'Orders'],
  ] as const) {
    const download = page.waitForEvent('download');
    await button.click();
    const file = await download;
    // Named after the menu: its title's letters and digits first.
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${menuTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-.*\\.pdf$`));
    expect(file.url()).toMatch(/^blob:/);
    const text = pdfText(await readFile((await file.path())!));
    expect(text).toContain(scope);
    expect(text).toContain(`No. ${orderId}`);
    expect(text).toContain('Edgars');
  }

  let confirmation = '';
  page.once('dialog', (dialog) => {
    confirmation = dialog.message();
    void dialog.accept();
  });
  await row.getByRole('button', { name: `Delete order ${orderId}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order ${orderId} was deleted.` })).toBeVisible();
  expect(confirmation).toBe(`Are you sure you want to delete order ${orderId}?`);
  await expect(row).toHaveCount(0);
  await expectFocusNotOnBody(page, 'deleting an order');
});

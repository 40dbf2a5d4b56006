import { expect, test } from './a11y';
import { apiToken, ownMenu, storedSession } from './ordering-support';

/*
 * The kitchen's quick stock (issue 13): on the kitchen display, "Stock" opens the menu's dishes;
 * "Sold out now" leaves nothing to order, a typed number sets what is left. It does so on a menu
 * of the journey's own, so other journeys never see a seeded dish sold out under them.
 */

interface StockLine {
  id: number;
  qty: number | null;
  in_menu: boolean;
}

test('kitchen marks a dish sold out and changes its stock from the kitchen display', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'kitchen@demo.lv')}` };
  // The journey's own menu with 4 salmon: what it sells out and restocks is nobody else's.
  const name = 'Pan-fried salmon';
  const original = 4;
  const menu = await ownMenu(request, 'Quick stock', { [name]: original });
  const id = menu.dishId(name);
  const stock = async () =>
    ((await (await request.get(`/app/dishlists/${menu.id}/balance`, { headers })).json()) as { balance: StockLine[] }).balance;

  await storedSession(page, 'kitchen@demo.lv');
  await page.goto(`/kds/${menu.id}`);
  await page.getByRole('button', { name: 'Stock', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Stock at hand' });
  await expect(panel.getByText(`${original} left`).first()).toBeVisible();

  await panel.getByRole('button', { name: `Sold out now: ${name}` }).click();
  await expect(panel.getByRole('status')).toHaveText(`${name} is sold out.`);
  await expect(panel.getByRole('button', { name: `Sold out now: ${name}` })).toBeDisabled();
  expect((await stock()).find((b) => b.id === id)?.qty).toBe(0);

  const left = panel.getByLabel(`Left of ${name}`);
  // More than the request schema's largest quantity cannot be saved.
  await left.fill('1000001');
  await expect(left).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('button', { name: `Save ${name}` })).toBeDisabled();
  await left.fill(String(original + 2));
  await expect(left).not.toHaveAttribute('aria-invalid', 'true');
  await panel.getByRole('button', { name: `Save ${name}` }).click();
  await expect(panel.getByRole('status')).toHaveText(`Stock of ${name} saved.`);
  await expect.poll(async () => (await stock()).find((b) => b.id === id)?.qty).toBe(original + 2);
  await expect(left).toHaveValue(String(original + 2));
});

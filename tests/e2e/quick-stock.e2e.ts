import { DateTime } from 'luxon';
import { expect, test } from './a11y';
import { apiToken, storedSession } from './ordering-support';

/*
 * The kitchen's quick stock (issue 13): on the kitchen display, "Stock" opens the menu's dishes;
 * "Sold out now" leaves nothing to order, a typed number sets what is left. The stock is put back
 * as it was at the end, so other journeys see the seeded menu unchanged.
 */

interface StockLine {
  id: number;
  qty: number | null;
  in_menu: boolean;
}

test('kitchen marks a dish sold out and changes its stock from the kitchen display', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'kitchen@demo.lv')}` };
  const title = `Pusdienas ${DateTime.now().setZone('Europe/Riga').toFormat('dd.LL.yyyy')}`;
  const menus = (await (await request.get(`/app/dishlists?per_page=all&search=${encodeURIComponent(title)}`, { headers })).json()) as {
    data: { id: number; title: string }[];
  };
  const menu = menus.data.find((m) => m.title === title)!;
  expect(menu, title).toBeTruthy();
  const stock = async () =>
    ((await (await request.get(`/app/dishlists/${menu.id}/balance`, { headers })).json()) as { balance: StockLine[] }).balance;
  const target = (await stock()).find((b) => b.in_menu && b.qty !== null && b.qty > 0);
  expect(target, 'a dish with stock on the seeded menu').toBeTruthy();
  const original = target!.qty!;
  const dishes = (await (await request.get('/app/dishes?per_page=all&lang=en', { headers })).json()) as {
    data: { id: number; title: { en?: string; lv: string } }[];
  };
  const dish = dishes.data.find((d) => d.id === target!.id)!;
  const name = dish.title.en ?? dish.title.lv;

  await storedSession(page, 'kitchen@demo.lv');

  try {
    await page.goto(`/kds/${menu.id}`);
    await page.getByRole('button', { name: 'Stock', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Stock at hand' });
    await expect(panel.getByText(`${original} left`).first()).toBeVisible();

    await panel.getByRole('button', { name: `Sold out now: ${name}` }).click();
    await expect(panel.getByRole('status')).toHaveText(`${name} is sold out.`);
    await expect(panel.getByRole('button', { name: `Sold out now: ${name}` })).toBeDisabled();
    expect((await stock()).find((b) => b.id === target!.id)?.qty).toBe(0);

    const left = panel.getByLabel(`Left of ${name}`);
    await left.fill(String(original + 2));
    await panel.getByRole('button', { name: `Save ${name}` }).click();
    await expect(panel.getByRole('status')).toHaveText(`Stock of ${name} saved.`);
    await expect.poll(async () => (await stock()).find((b) => b.id === target!.id)?.qty).toBe(original + 2);
    await expect(left).toHaveValue(String(original + 2));
  } finally {
    const res = await request.post(`/app/dishlists/${menu.id}/balance`, {
      headers,
      data: { balance: [{ id: target!.id, qty: original }] },
    });
    expect(res.ok()).toBe(true);
  }
});

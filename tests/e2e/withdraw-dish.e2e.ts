import { expect, scanA11y, test } from './a11y';
import { apiToken, storedSession } from './ordering-support';

/*
 * A dish withdrawn from a menu (issue 30, decision 083): on a menu of its own (made through the
 * API, no orders, deleted at the end) the kitchen opens "Withdraw" on the balance page, sees what
 * it touches, offers a substitute and confirms; the dish is then marked withdrawn. The money and
 * the eaters are proven by the API tests (modules/withdrawals).
 */
test('kitchen withdraws a dish from a menu with a substitute', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'kitchen@demo.lv')}` };
  type Dish = { id: number; type: string; title: Record<string, string> };
  const dishes = ((await (await request.get('/app/dishes?per_page=all&filter[status]=1', { headers })).json()) as { data: Dish[] }).data;
  const [gone, instead] = dishes.filter((d) => d.type === 'simple');
  const name = (d: Dish) => d.title.en || d.title.lv!;
  const from = new Date(Date.now() + 2 * 86_400_000);
  const created = await request.post('/app/dishlists', {
    headers,
    data: {
      title: `Withdraw ${from.getTime()}`,
      from: from.toISOString(),
      to: new Date(from.getTime() + 3_600_000).toISOString(),
      status: false,
      selectedDishes: [{ id: gone!.id }, { id: instead!.id }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const menuId = ((await created.json()) as { id: number }).id;
  try {
    await storedSession(page, 'kitchen@demo.lv');
    await page.goto(`/menu/${menuId}/balance`);
    await page.getByRole('button', { name: `Withdraw ${name(gone!)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw ${name(gone!)}` });
    await expect(dialog.getByText(/orders 0, people 0, portions 0/)).toBeVisible();
    await dialog.getByRole('radio', { name: 'A substitute from this menu' }).check();
    await dialog.getByRole('combobox', { name: 'Substitute' }).selectOption(String(instead!.id));
    await scanA11y(page, 'withdraw dish dialog');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${name(gone!)} withdrawn; orders changed: 0.`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Withdraw ${name(gone!)}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Withdraw ${name(instead!)}` })).toBeVisible();
  } finally {
    expect((await request.delete(`/app/dishlists/${menuId}`, { headers })).ok()).toBe(true);
  }
});

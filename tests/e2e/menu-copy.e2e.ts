import { DateTime } from 'luxon';
import { expect, test } from './a11y';
import { apiToken, storedSession } from './ordering-support';

/*
 * "Menus in a minute" (issue 13): kitchen copies today's seeded menu to tomorrow from the menu
 * list; the copy has the same dishes and prices, and its stock is the stock as set on the source
 * (what is left plus what was ordered). The copy is deleted at the end, so other journeys see only
 * the seeded menus.
 */

interface StockLine {
  id: number;
  qty: number | null;
  ordered: number;
}

test('kitchen copies a menu to tomorrow with its balances, and takes a whole category onto a new menu', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'kitchen@demo.lv')}` };
  const today = DateTime.now().setZone('Europe/Riga');
  const tomorrow = today.plus({ days: 1 });
  const title = `Pusdienas ${today.toFormat('dd.LL.yyyy')}`;
  const copyTitle = `Pusdienas ${tomorrow.toFormat('dd.LL.yyyy')}`;
  type Menu = { id: number; title: string };
  const menusNamed = async (name: string) => {
    const res = await request.get(`/app/dishlists?per_page=all&search=${encodeURIComponent(name)}`, { headers });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { data: Menu[] }).data.filter((m) => m.title === name);
  };
  const stockOf = async (id: number) => {
    const res = await request.get(`/app/dishlists/${id}/balance`, { headers });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { balance: StockLine[] }).balance;
  };
  const [source] = await menusNamed(title);
  expect(source, `the seeded menu ${title}`).toBeTruthy();
  const before = new Set((await menusNamed(copyTitle)).map((m) => m.id));

  await storedSession(page, 'kitchen@demo.lv');

  let copyId: number | undefined;
  try {
    await page.goto('/menu');
    await expect(page.getByRole('heading', { name: 'Menus', level: 1 })).toBeVisible();
    // The page names the provider whose menus these are.
    await expect(page.getByText(/^Provider: \S/)).toBeVisible();
    await page.getByRole('button', { name: `Copy to days: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Copy “${title}” to another day` });
    await expect(dialog.getByRole('radio', { name: /^The next working day/ })).toBeChecked();
    await dialog.getByRole('radio', { name: 'A chosen date' }).check();
    // No date yet: the dialog says so and stays open.
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByText('Choose a date.')).toBeVisible();
    const date = dialog.getByLabel('Date', { exact: true });
    await expect(date).toHaveAccessibleDescription('Choose a date.');
    // A year the request schema refuses is refused under the field with the server's text; nothing is sent.
    const copyPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /^\/app\/dishlists\/\d+\/copy$/.test(new URL(r.url()).pathname)) copyPosts.push(r.url());
    });
    await date.fill('2101-01-01');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(date).toHaveAccessibleDescription('Enter a date between the years 2000 and 2100.');
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(copyPosts).toHaveLength(0);
    await date.fill(tomorrow.toISODate()!);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(copyPosts).toHaveLength(1);
    await expect(page.getByRole('status').filter({ hasText: 'Menu copied to' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(copyTitle) })).toHaveCount(before.size + 1);

    const copies = (await menusNamed(copyTitle)).filter((m) => !before.has(m.id));
    expect(copies).toHaveLength(1);
    copyId = copies[0]!.id;
    const sourceStock = await stockOf(source!.id);
    const copyStock = new Map((await stockOf(copyId)).map((b) => [b.id, b]));
    expect(
      sourceStock.some((b) => b.qty !== null),
      'the seeded menu has stock limits',
    ).toBe(true);
    for (const b of sourceStock) {
      expect(copyStock.get(b.id)?.qty, `stock of dish ${b.id}`).toBe(b.qty === null ? null : b.qty + b.ordered);
      expect(copyStock.get(b.id)?.ordered).toBe(0);
    }

    // The copy opens in the balance editor like any menu.
    await page.goto(`/menu/${copyId}/balance`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(copyTitle);

    // A new menu takes a whole category at once, and gives it back (nothing is saved here).
    await page.goto('/menu/new');
    await expect(page.getByRole('heading', { name: 'Dishes on this menu (0)' })).toBeVisible();
    const category = page.getByLabel('A whole category');
    const firstCategory = (await category.locator('option').nth(1).textContent())!;
    await category.selectOption({ label: firstCategory });
    await page.getByRole('button', { name: /^Add (all \(\d+\)|1 dish)$/ }).click();
    await expect(page.getByRole('heading', { name: /^Dishes on this menu \([1-9]\d*\)$/ })).toBeVisible();
    await page.getByRole('button', { name: /^Remove (all \(\d+\)|1 dish)$/ }).click();
    await expect(page.getByRole('heading', { name: 'Dishes on this menu (0)' })).toBeVisible();
  } finally {
    if (copyId !== undefined) expect((await request.delete(`/app/dishlists/${copyId}`, { headers })).ok()).toBe(true);
  }
});

import { expect, scanA11y, test } from './a11y';
import { ownMenu, sessionToken, storedSession } from './ordering-support';

/*
 * Issue 27, decision 062: the kitchen opens the balance editor, sees each dish's suggestion with
 * its reason (hover and keyboard focus), applies them and saves. On a menu of the journey's own;
 * the figures depend on the demo's history, so the journey checks that what it applies is what
 * each dish suggests.
 */
test('the kitchen sees the suggestions with their reason, applies them and saves', async ({ page, request }) => {
  const menu = await ownMenu(request, 'Forecast', { 'Pan-fried salmon': 999, 'Mineral water': null });
  await storedSession(page, 'kitchen@demo.lv');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/menu/${menu.id}/balance`);

  const salmon = page.getByLabel('Pan-fried salmon', { exact: true });
  await expect(salmon).toHaveValue('999');
  const row = page.locator('.balance-row').filter({ has: salmon });
  const chip = row.getByRole('button', { name: /^Suggested: \d+ \(Pan-fried salmon\)$/ });
  await expect(chip).toHaveAccessibleDescription(
    /(average of|not on a menu).*; .*standing orders; .*(away|nobody).*Select to set the stock to \d+\./,
  );
  const suggested = Number((await chip.textContent())!.replace(/\D/g, ''));

  // The reason shows on keyboard focus, Escape hides it, and on hover.
  await chip.focus();
  const reason = row.getByRole('tooltip');
  await expect(reason).toBeInViewport();
  await scanA11y(page, 'forecast reason at 360 px');
  await page.keyboard.press('Escape');
  await expect(reason).not.toBeInViewport();
  await page.getByRole('button', { name: 'Apply suggestions' }).focus();
  await chip.hover();
  await expect(reason).toBeInViewport();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Keyboard only: apply all, then save; nothing is saved by applying.
  await page.getByRole('button', { name: 'Apply suggestions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Suggestions filled in. Check them and save.')).toBeVisible();
  await expect(salmon).toHaveValue(String(suggested));
  await expect(page.getByLabel('Mineral water', { exact: true })).not.toHaveValue('');
  const headers = { Authorization: `Bearer ${await sessionToken(request, 'kitchen@demo.lv')}` };
  const stock = async () =>
    (
      (await (await request.get(`/app/dishlists/${menu.id}/balance`, { headers })).json()) as {
        balance: { id: number; qty: number | null }[];
      }
    ).balance;
  expect((await stock()).find((b) => b.id === menu.dishId('Pan-fried salmon'))?.qty).toBe(999);
  await page.getByRole('button', { name: 'Save balance' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Balance saved.')).toBeVisible();
  expect((await stock()).find((b) => b.id === menu.dishId('Pan-fried salmon'))?.qty).toBe(suggested);
});

import { expect, scanA11y, test } from './a11y';
import { storedSession } from './ordering-support';

const mainIsInert = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.getElementById('main')?.closest('[inert]') != null);

// The one dialog (components/ui/dialog.tsx) behind every editor, confirmation and the cart:
// keyboard users stay inside it, the page behind is out of reach, and Escape brings them back
// to the control that opened it.
test('an editor dialog keeps the keyboard inside, makes the page inert and returns focus on Escape', async ({ page }) => {
  await storedSession(page, 'admin@demo.lv');
  await page.goto('/categories');
  const opener = page.getByRole('button', { name: 'New category' });
  await opener.click();

  const dialog = page.getByRole('dialog', { name: 'New category' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await mainIsInert(page)).toBe(true);
  await scanA11y(page, 'category editor open');

  // Shift+Tab from the first control wraps to the last one (Save), Tab from there back to Close.
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await mainIsInert(page)).toBe(false);

  // The delete confirmation: focus starts on Cancel; Escape closes it and nothing else.
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete category' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: /^Delete / }).first()).toBeFocused();
});

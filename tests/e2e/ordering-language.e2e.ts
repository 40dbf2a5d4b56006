import { expect, test } from './a11y';
import { cartPanel, cartRibbon, dishCard, signIn } from './ordering-support';

// Acceptance: switching the language on the order page must not close an open menu. While the
// menu refetches in the new language the previous answer stays on screen, and it is judged by
// its own server time (not by a placeholder's update time of 0).
test('switching the language on the order page keeps the menu open for ordering', async ({ page }) => {
  await signIn(page, 'anna@demo.lv');

  // To Latvian and back to English through the side navigation's language buttons.
  await page.getByRole('button', { name: 'Latviešu LV', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await expect(page.getByRole('heading', { name: 'Jauns pasūtījums', level: 1 })).toBeVisible();
  await expect(page.getByText(/Pasūtījumu pieņemšana šai ēdienkartei ir beigusies/)).toHaveCount(0);
  await page.getByRole('button', { name: 'English EN', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(dishCard(page, 'Mineral water')).toBeVisible();

  await expect(page.getByText('Ordering for this menu has closed')).toHaveCount(0);
  await dishCard(page, 'Mineral water').getByRole('button', { name: 'Add Mineral water to the order' }).click();
  await cartRibbon(page).click();
  await expect(cartPanel(page).getByRole('textbox', { name: 'Quantity of Mineral water' })).toHaveValue('1');
});

import { expect, scanA11y, test } from './a11y';
import { dishCard, newCustomer, signIn } from './ordering-support';

// Issue 11: a heart on a dish card marks a favourite; favourites show first in their category
// and under the "Favourites only" filter, and stay the user's own across visits.
test('a customer marks a favourite, sees it first and filters by favourites', async ({ page, request }) => {
  // A customer of the journey's own: her favourites reorder no other journey's menu.
  await signIn(page, (await newCustomer(request, 'Birojs Centrs', 'Ilze')).email);

  const drinks = page.getByRole('region', { name: 'Drinks' });
  const heart = dishCard(page, 'Mineral water').getByRole('button', { name: 'Favourite: Mineral water' });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(drinks.getByRole('article').first()).not.toContainText('Mineral water');

  const saved = page.waitForResponse((r) => r.url().includes('/app/favourites/') && r.request().method() === 'PUT');
  await heart.click();
  expect((await saved).ok()).toBe(true);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // Clicking the heart of a plain dish does not add it to the cart.
  await expect(page.getByRole('button', { name: /^Cart\b/ })).toBeHidden();
  await expect(drinks.getByRole('article').first()).toContainText('Mineral water');

  await page.getByRole('checkbox', { name: 'Favourites only' }).check();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(dishCard(page, 'Mineral water')).toBeVisible();
  await scanA11y(page, 'order page filtered by favourites');

  // Kept by the server: a new visit shows the heart pressed.
  await page.reload();
  const again = dishCard(page, 'Mineral water').getByRole('button', { name: 'Favourite: Mineral water' });
  await expect(again).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('checkbox', { name: 'Favourites only' }).check();
  await again.click();
  await expect(page.getByText('None of your favourites is on this menu. Mark dishes with the heart.')).toBeVisible();
  await scanA11y(page, 'favourites filter with no favourites');
  await page.getByRole('checkbox', { name: 'Favourites only' }).uncheck();
  await expect(dishCard(page, 'Mineral water').getByRole('button', { name: 'Favourite: Mineral water' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

import { expect, sameStateAs, test } from './a11y';
import { storedSession } from './ordering-support';

// Acceptance: /orders/999 said "There is nothing to display..." while the kitchen display and
// laps said the menu was not found. Every page that loads one object shows one not-found page.
test('an unknown object gives the same not-found page everywhere', async ({ page }) => {
  await storedSession(page, 'admin@demo.lv');
  // One page at every address: scanned once (tests/e2e/a11y.ts).
  sameStateAs(page, 'not found');
  for (const address of [
    '/orders/999999',
    '/kds/999999',
    '/menu-laps/999999',
    '/menu-laps/999999/999999',
    '/menu/999999',
    '/menu/999999/balance',
    '/order/999999',
    '/orders/abc',
  ]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Not found', level: 1 }), address).toBeVisible();
    await expect(page.getByText('There is nothing to display...'), address).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' }), address).toHaveCount(0);
  }
});

// Acceptance: the locations table needed 1,006 px inside a 958 px column at a 1280 px window.
test('the locations table fits its column at a 1280 px window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await storedSession(page, 'admin@demo.lv');
  await page.goto('/locations');
  const wrap = page.locator('.table-wrap').first();
  await expect(wrap.getByRole('row').nth(1)).toBeVisible();
  for (const [language, code] of [
    ['English', 'en'],
    ['Latviešu', 'lv'],
    ['Русский', 'ru'],
  ] as const) {
    // The side navigation's language buttons are named by the language, then their visible code.
    await page.getByRole('button', { name: `${language} ${code.toUpperCase()}`, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    const size = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    console.log(`locations table at 1280 px (${language}): scrollWidth ${size.scroll}, clientWidth ${size.client}`);
    expect(size.scroll, language).toBeLessThanOrEqual(size.client);
  }
  await page.getByRole('button', { name: 'English EN', exact: true }).click();
});

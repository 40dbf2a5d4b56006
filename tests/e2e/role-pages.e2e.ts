import { expect, sameStateAs, test } from './a11y';
import { signIn, storedSession } from './ordering-support';

// Acceptance: staff pages opened by a customer showed half-working forms (/menu/new with Save,
// /laps with "New lap") and "Try again" on a permission error. Every staff route now gives one
// "not available for your role" page before any form renders.
test('a customer typing staff addresses gets one "not available for your role" page', async ({ page }) => {
  await storedSession(page, 'anna@demo.lv');
  const staffAddresses = [
    '/menu/new',
    '/menu',
    '/laps',
    '/orders',
    '/orders/1',
    '/kds/1',
    '/menu-laps/1',
    '/driver',
    '/categories',
    '/dishes',
    '/locations',
    '/providers',
  ];
  // One page at every address: scanned once (tests/e2e/a11y.ts).
  sameStateAs(page, 'not available for your role');
  for (const address of staffAddresses) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Not available for your role', level: 1 }), address).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Save|New lap|Try again)$/ }), address).toHaveCount(0);
    await expect(page.getByRole('textbox'), address).toHaveCount(0);
  }
  sameStateAs(page, null);
  // Her own pages still open.
  await page.goto('/history');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toHaveCount(0);

  // The same page in Latvian and Russian.
  await page.goto('/laps');
  await page.getByRole('button', { name: 'Latviešu LV', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nav pieejams jūsu lomai', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Русский RU', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Недоступно для вашей роли', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'English EN', exact: true }).click();
});

test('kitchen staff open the catalogue and manage it, but not locations or providers', async ({ page }) => {
  await signIn(page, 'kitchen@demo.lv');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Dishes' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Locations' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^New/ })).toBeVisible();
  await page.goto('/providers');
  await expect(page.getByRole('heading', { name: 'Not available for your role', level: 1 })).toBeVisible();
});

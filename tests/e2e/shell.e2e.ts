import type { Page } from '@playwright/test';
import { expect, expectFocusNotOnBody, scanA11y, test } from './a11y';

// Demo account seeded by `npm run start:e2e` (see src/server/db/seed).
const ANNA = { email: 'anna@demo.lv', password: 'demo-password', firstName: 'Anna' };

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  // Latvian is the default language.
  await expect(page.getByRole('heading', { name: 'Pieslēgties manam profilam' })).toBeVisible();
  await page.getByLabel('E-pasts').fill(email);
  await page.getByLabel(/^Parole/).fill(password);
  await page.getByRole('button', { name: 'Pieslēgties' }).click();
}

const mainNav = (page: Page, name: string) => page.getByRole('navigation', { name });

test('sign in, switch to English and back, leave a review, sign out', async ({ page }) => {
  // A visitor without a session is sent to the login page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, ANNA.email, ANNA.password);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('button', { name: `Profila izvēlne: ${ANNA.firstName}` })).toBeVisible();

  // Navigation comes from the server, translated for the current language.
  const lvNav = mainNav(page, 'Galvenā navigācija');
  await expect(lvNav.getByRole('link').first()).toBeVisible();
  const lvLinks = await lvNav.getByRole('link').allInnerTexts();
  await expect(page.getByRole('button', { name: 'Atstāt atsauksmi' }).first()).toBeVisible();

  // To English through the header's language menu.
  await page.getByRole('button', { name: 'Valoda: Latviešu' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Leave Review' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Profile menu: ${ANNA.firstName}` })).toBeVisible();
  const enNav = mainNav(page, 'Main navigation');
  await expect(enNav.getByRole('link')).toHaveCount(lvLinks.length);
  // The server's link titles follow the language (refetched because query keys include lang).
  await expect(enNav.getByRole('link')).not.toHaveText(lvLinks);

  // Back to Latvian through the side navigation's switcher.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Latviešu' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
  await expect(page.getByRole('button', { name: 'Atstāt atsauksmi' }).first()).toBeVisible();
  await expect(mainNav(page, 'Galvenā navigācija').getByRole('link')).toHaveText(lvLinks);

  // Leave a review.
  await page.getByRole('button', { name: 'Atstāt atsauksmi' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Atstāt atsauksmi' });
  await expect(dialog).toBeVisible();
  const review = dialog.getByLabel('Jūsu atsauksme');
  await expect(review).toBeFocused();
  await scanA11y(page, 'review dialog open');
  const submit = dialog.getByRole('button', { name: 'Iesniegt' });
  await expect(submit).toBeDisabled();
  await review.fill('   ');
  await expect(submit).toBeDisabled();
  await review.fill('Ļoti garšīga zupa, paldies!');
  await expect(submit).toBeEnabled();
  const sent = page.waitForResponse((r) => r.url().includes('/app/review/send') && r.request().method() === 'POST');
  await submit.click();
  const answer = await sent;
  expect(answer.ok()).toBe(true);
  expect(answer.request().postDataJSON()).toEqual({ message: 'Ļoti garšīga zupa, paldies!' });
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Paldies par atsauksmi!' })).toBeVisible();

  // On a phone the dialog is opened from the drawer, which closes: Escape still leaves focus somewhere.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Atvērt navigāciju' }).click();
  await page.getByRole('button', { name: 'Atstāt atsauksmi' }).last().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusNotOnBody(page, 'Escape closed the review dialog at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sign out from the profile menu.
  await page.getByRole('button', { name: `Profila izvēlne: ${ANNA.firstName}` }).click();
  await page.getByRole('menuitem', { name: 'Iziet' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Pieslēgties manam profilam' })).toBeVisible();

  // The session is really gone: a signed-in page sends the visitor back to login.
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password shows the server message above the form', async ({ page }) => {
  // A fresh address each run, so repeated local runs never reach the per-account login limit.
  await signIn(page, `nobody-${Date.now()}@demo.lv`, 'not-the-password');
  const error = page.getByRole('alert');
  await expect(error).toBeVisible();
  await expect(error).not.toBeEmpty();
  await expect(page).toHaveURL(/\/login$/);
});

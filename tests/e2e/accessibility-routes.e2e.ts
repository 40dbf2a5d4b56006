import type { Page } from '@playwright/test';
import { expect, expectFocusNotOnBody, scanA11y, sidewaysOverflow, test } from './a11y';
import { DEMO_PASSWORD } from './ordering-support';

/**
 * Every route of every role, in Latvian (the default language): axe-core at 1280 px (desktop)
 * and 360 px (phone), and no sideways scroll at 320 px (WCAG 1.4.10) nor at 200 % zoom. The
 * browser runs at deviceScaleFactor 2 throughout, and 200 % zoom of a 1280 px screen is emulated
 * as a 640 px wide viewport: the CSS layout a zoomed browser gives. Each page is also named in
 * its tab title ("<page> · Pusdienas").
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const NARROW = { width: 320, height: 640 };
const ZOOM_200 = { width: 640, height: 400 };

test.describe.configure({ timeout: 150_000 });
test.use({ deviceScaleFactor: 2, viewport: DESKTOP, locale: 'lv-LV' });

/** Waits until the page shows its heading and nothing is loading. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
}

/**
 * Opens a route. Within the app it is an in-app navigation (the router's own history change, as
 * a link does), not a full reload: the checks are about the page, and a reload per route costs
 * seconds of script start-up. Focus is put back on the body first: the app moves it to the new
 * page's heading once the route has changed (use-route-focus.ts), which is what is waited for
 * (and so checked on every route).
 */
async function open(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
  } else if (new URL(page.url()).pathname !== path) {
    await page.evaluate((to) => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // A new page may first load its code and data.
    await expectFocusNotOnBody(page, `opening ${path}`, 10_000);
  }
  await settled(page);
}

async function checkRoute(page: Page, path: string, role: string) {
  await page.setViewportSize(DESKTOP);
  await open(page, path);
  expect(await page.title(), `${path} names itself in its title`).toMatch(/. · Pusdienas$/);
  await scanA11y(page, `${role} ${path} 1280 px`);
  // Sizes change by resizing the window, as a user would: no reload.
  await page.setViewportSize(PHONE);
  await settled(page);
  await scanA11y(page, `${role} ${path} 360 px`);
  for (const size of [NARROW, ZOOM_200]) {
    await page.setViewportSize(size);
    await expect.poll(() => sidewaysOverflow(page), { message: `${path} scrolls sideways at ${size.width} px` }).toBe(0);
  }
}

/** Signs in with Enter in the password field (the keyboard path); focus lands on the new page. */
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-pasts').fill(email);
  await page.getByLabel(/^Parole/).fill(DEMO_PASSWORD);
  await page.getByLabel(/^Parole/).press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
  await settled(page);
  await expectFocusNotOnBody(page, 'signing in with Enter');
}

/** The signed-in user's navigation links (from the server, so each role's own routes). */
async function navPaths(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Galvenā navigācija' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

test('public pages', async ({ page }) => {
  for (const path of ['/login', '/password/request', '/public/menu', '/accessibility']) {
    await checkRoute(page, path, 'visitor');
  }
});

/**
 * Every route the role reaches: its navigation links, its detail routes and /profile, each as
 * this role even when an earlier role saw the same path (the header, navigation and the page's
 * own controls differ by role).
 */
async function visitRole(page: Page, role: string, email: string, details: string[]) {
  await signIn(page, email);
  const paths = [...new Set([...(await navPaths(page)), ...details, '/profile'])];
  for (const path of paths) await checkRoute(page, path, role);
}

test('customer routes', async ({ page }) => {
  await visitRole(page, 'customer', 'anna@demo.lv', ['/privacy', '/terms-and-conditions']);

  // An expanded set meal keeps its options inside a 320 px window (WCAG 1.4.10).
  await page.setViewportSize(NARROW);
  await open(page, '/');
  const expand = page.locator('.ord-dish--complex').first().locator('.ord-dish__expand');
  await expand.click();
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  const groups = page.locator('.ord-dish--complex.is-expanded .ord-dish__groups').first();
  await expect(groups.getByRole('radio').or(groups.getByRole('checkbox')).first()).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page), { message: 'an expanded set meal scrolls sideways at 320 px' }).toBe(0);
  const pastEdge = await groups.evaluate((el) => {
    const width = document.documentElement.clientWidth;
    return [...el.querySelectorAll<HTMLElement>('*')]
      .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > width + 0.5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: right ${Math.round(e.getBoundingClientRect().right)}`);
  });
  expect(pastEdge, 'set meal options past the right edge at 320 px').toEqual([]);
  await scanA11y(page, 'customer / expanded set meal 320 px');
});

test('manager routes', async ({ page }) => {
  await visitRole(page, 'manager', 'manager@demo.lv', []);
});

test('administrator routes', async ({ page }) => {
  // The seed's first menu: its editor, balance, orders, kitchen display and laps.
  await visitRole(page, 'admin', 'admin@demo.lv', ['/menu/new', '/menu/1', '/menu/1/balance', '/orders/1', '/history/1']);
});

test('kitchen routes', async ({ page }) => {
  await visitRole(page, 'kitchen', 'kitchen@demo.lv', ['/kds/1', '/menu-laps/1']);
});

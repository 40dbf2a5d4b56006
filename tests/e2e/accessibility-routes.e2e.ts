import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectFocusNotOnBody, scanA11y, sidewaysOverflow, test } from './a11y';
import { DEMO_PASSWORD, newCustomer, newManager, ownLocation, sessionToken, storedSession, todaysMenu } from './ordering-support';

/**
 * Every route of every role, in Latvian (the default language): axe-core at 1280 px (desktop),
 * and no sideways scroll at 360 px (phone), 320 px (WCAG 1.4.10) nor at 200 % zoom. axe-core
 * judges the markup, the same at every width: the phone layout is scanned at each role's first
 * route (the shell as a drawer) and on the lists that turn into cards (tests/e2e/a11y.ts). 200 %
 * zoom of a 1280 px screen is emulated as a 640 px wide viewport: the CSS layout a zoomed browser
 * gives (the layout does not depend on the device pixel ratio, so the browser keeps ratio 1: at 2
 * it drew four times the pixels for every page of every role). Each page is also named in its
 * tab title ("<page> · Pusdienas").
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const NARROW = { width: 320, height: 640 };
const ZOOM_200 = { width: 640, height: 400 };

// The administrator's routes (two dozen, lists with rows) take over two minutes on a busy machine.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: DESKTOP, locale: 'lv-LV' });

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

/**
 * The lists (tables of the shared Table) that scroll sideways inside their box. Narrower than
 * 600 px each row is a card, so none should: a list that scrolls there hides its status and
 * actions off to the side (issue 24).
 */
async function listsScrollingSideways(page: Page): Promise<string[]> {
  return page
    .locator('.table-wrap:has(> .table--cards)')
    .evaluateAll((wraps) =>
      wraps
        .filter((w) => w.scrollWidth > w.clientWidth + 1)
        .map((w) => `a list ${w.scrollWidth} px wide in ${w.clientWidth} px ("${(w.textContent ?? '').trim().slice(0, 40)}")`),
    );
}

/** Lists checked with rows in them (the tests below place the orders they need). */
const LISTS_WITH_ROWS = new Set(['/orders', '/orders/1', '/history', '/history/1', '/ledger', '/menu']);

async function checkRoute(page: Page, path: string, role: string) {
  await page.setViewportSize(DESKTOP);
  await open(page, path);
  if (LISTS_WITH_ROWS.has(path)) {
    await expect(page.locator('.table--cards tbody td:not(.table__empty)').first(), `${path} lists rows`).toBeVisible();
  }
  expect(await page.title(), `${path} names itself in its title`).toMatch(/. · Pusdienas$/);
  await scanA11y(page, `${role} ${path} 1280 px`);
  // Sizes change by resizing the window, as a user would: no reload. The phone widths are checked
  // at the narrowest, 320 px: a page and its lists that fit there fit a 360 px phone too (the
  // layout's breakpoints are all above 360 px; the journey fixture scans the 360 px phone layout
  // at each role's first route). A list with rows is scanned as cards here.
  await page.setViewportSize(NARROW);
  await settled(page);
  if (LISTS_WITH_ROWS.has(path)) await scanA11y(page, `${role} ${path} 320 px (rows as cards)`);
  await expect.poll(() => sidewaysOverflow(page), { message: `${path} scrolls sideways at 320 px` }).toBe(0);
  await expect.poll(() => listsScrollingSideways(page), { message: `${path} lists scroll sideways at 320 px` }).toEqual([]);
  await page.setViewportSize(ZOOM_200);
  await expect.poll(() => sidewaysOverflow(page), { message: `${path} scrolls sideways at 640 px` }).toBe(0);
}

/**
 * An order of today's seeded menu, so the lists checked (orders of a menu, order history, the
 * ledger) have rows; of a dish with no stock limit, so the other journeys' stock is untouched.
 * Answers how to cancel it again: the journey leaves no order behind.
 */
async function placeOrder(request: APIRequestContext, email: string): Promise<() => Promise<void>> {
  const token = await sessionToken(request, email);
  const menu = await todaysMenu(request, token);
  const res = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dishlist_id: menu.id, items: [{ id: menu.dishId('Greek salad'), qty: 1 }], payment_type: 'cash', terms: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { order_id } = (await res.json()) as { order_id: number };
  return async () => {
    const cancel = await request.post(`/app/order/${order_id}/cancel?lang=en`, { headers: { Authorization: `Bearer ${token}` } });
    expect(cancel.ok(), await cancel.text()).toBe(true);
  };
}

/** Signs in with Enter in the password field (the keyboard path); focus lands on the new page. */
async function signInWithEnter(page: Page, email: string) {
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
async function visitRole(page: Page, role: string, email: string, details: string[], signIn: 'login page' | 'stored session') {
  if (signIn === 'login page') {
    await signInWithEnter(page, email);
  } else {
    await storedSession(page, email, 'lv');
    await page.goto('/');
    await settled(page);
  }
  const paths = [...new Set([...(await navPaths(page)), ...details, '/profile'])];
  for (const path of paths) await checkRoute(page, path, role);
}

test('customer routes', async ({ page, request }) => {
  // A customer of the journey's own at Birojs Centrs (subsidy): her order and history are hers alone.
  const customer = (await newCustomer(request, 'Birojs Centrs', 'Anna')).email;
  const cancel = await placeOrder(request, customer);
  await visitRole(page, 'customer', customer, ['/privacy', '/terms-and-conditions'], 'login page');

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
  await cancel();
});

test('manager routes', async ({ page, request }) => {
  // A manager of the journey's own (of a location of its own): no other journey reads her team or orders.
  const location = await ownLocation(request, 'Managed office');
  const manager = (await newManager(request, location, 'Inga')).email;
  const cancel = await placeOrder(request, manager);
  // The location orders meetings and hosts visitors (issue 29): the meeting form, and a visitor's
  // public page from a link the manager made.
  const admin = { Authorization: `Bearer ${await sessionToken(request, 'admin@demo.lv')}` };
  const limit = await request.put(`/app/locations/${location.id}?lang=en`, { headers: admin, data: { meeting_limit: 100 } });
  expect(limit.ok(), await limit.text()).toBe(true);
  const host = await sessionToken(request, manager);
  const link = await request.post('/app/visitor-links?lang=en', {
    headers: { Authorization: `Bearer ${host}` },
    data: { menu_id: (await todaysMenu(request, host)).id, guest_name: 'Aleksandrs Konstantinopolskis-Vanags' },
  });
  expect(link.status(), await link.text()).toBe(201);
  const visit = new URL(((await link.json()) as { url: string }).url).pathname;
  await visitRole(page, 'manager', manager, [`/locations/${location.id}/budgets`, '/meetings/new', visit], 'stored session');
  // On the visitor's page a chosen set meal's choices open under it, not at the end of the long list.
  await page.setViewportSize(PHONE);
  await open(page, visit);
  const setMeal = page.getByRole('listitem').filter({ has: page.getByRole('radio', { name: 'Dienas komplekss', exact: true }) });
  await setMeal.getByRole('radio', { name: 'Dienas komplekss', exact: true }).check();
  await expect(setMeal.getByRole('group').first()).toBeVisible();
  await scanA11y(page, 'visitor page with a set meal chosen');
  await cancel();
});

test('administrator routes', async ({ page, request }) => {
  // The seed's first menu (today's): its editor, balance, orders, kitchen display and laps, with
  // an order of a customer of this journey's own, so the orders, history and ledger have rows.
  const cancel = await placeOrder(request, (await newCustomer(request, 'Birojs Centrs', 'Rita')).email);
  await visitRole(
    page,
    'admin',
    'admin@demo.lv',
    ['/menu/new', '/menu/1', '/menu/1/balance', '/orders/1', '/history/1', '/locations/1/budgets'],
    'stored session',
  );
  await cancel();
});

test('kitchen routes', async ({ page }) => {
  await visitRole(page, 'kitchen', 'kitchen@demo.lv', ['/kds/1', '/menu-laps/1'], 'stored session');
});

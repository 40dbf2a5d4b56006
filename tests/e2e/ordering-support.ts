import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Password of every demo account (src/server/db/seed). */
export const DEMO_PASSWORD = 'demo-password';

/** Bearer tokens of this worker's sign-ins, by e-mail (each Playwright worker is its own process). */
const tokens = new Map<string, string>();

/**
 * A bearer token of `email`: the one this worker signed in with before while it still works (a
 * journey may have signed that session out), else a new sign-in through the API.
 */
export async function sessionToken(request: APIRequestContext, email: string): Promise<string> {
  const known = tokens.get(email);
  if (known && (await request.get('/app/me', { headers: { Authorization: `Bearer ${known}` } })).ok()) return known;
  const token = await apiToken(request, email);
  tokens.set(email, token);
  return token;
}

/**
 * Signs the page's browser in as `email` without the login page: the page's documents start
 * with the session the login page stores (its token, and the language chosen as a returning
 * visitor's stored choice would be). Takes effect at the page's next navigation. The login page
 * itself is what shell.e2e.ts, accessibility-routes.e2e.ts, password-reset.e2e.ts and
 * reminders.e2e.ts sign in through (issue 25: the other journeys skip it, seconds each).
 */
export async function storedSession(page: Page, email: string, lang = 'en') {
  const token = await sessionToken(page.request, email);
  await page.addInitScript(
    ({ token, lang }) => {
      if (!localStorage.getItem('lunch.session'))
        localStorage.setItem('lunch.session', JSON.stringify({ state: { token, lang }, version: 1 }));
    },
    { token, lang },
  );
}

/**
 * Signed in as `email` with the interface in English (the journeys read the spec's English
 * texts), on the order page with today's seeded menu chosen, or the journey's own menu titled
 * `menu` (see ownMenu).
 */
export async function signIn(page: Page, email: string, menu?: string) {
  await storedSession(page, email);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  if (menu) await chooseMenu(page, menu);
  else await chooseSeededMenu(page);
}

/** Picks the menu whose label starts with `title` in the menu selector. */
export async function chooseMenu(page: Page, title: string) {
  const select = page.getByLabel('Menu', { exact: true });
  await expect(select.locator('option').filter({ hasText: title })).toHaveCount(1);
  const labels = (await select.locator('option').allTextContents()).map((l) => l.trim());
  await select.selectOption({ label: labels.find((l) => l.startsWith(title))! });
}

/** The seed names its menus "Pusdienas dd.LL.yyyy"; other journeys may add menus of their own. */
const SEEDED_MENU = /^Pusdienas \d\d\.\d\d\.\d{4}$/;

/** Picks today's seeded menu in the menu selector (menus are listed soonest deadline first). */
export async function chooseSeededMenu(page: Page) {
  const select = page.getByLabel('Menu', { exact: true });
  await expect(select).toBeVisible();
  const labels = (await select.locator('option').allTextContents()).map((l) => l.trim());
  const label = labels.find((l) => SEEDED_MENU.test(l));
  expect(label, `a seeded menu among ${labels.join(', ')}`).toBeTruthy();
  await select.selectOption({ label: label! });
  await expect(page.getByRole('heading', { name: 'Set lunches' })).toBeVisible();
}

/** A dish card on the menu, found by its title. */
export function dishCard(page: Page, title: string) {
  return page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The cart ribbon ("Cart" and the total), shown while the panel is closed. */
export function cartRibbon(page: Page) {
  return page.getByRole('button', { name: /^Cart\b/ });
}

export function cartPanel(page: Page) {
  return page.getByRole('dialog', { name: 'Cart' });
}

/** A bearer token for API set-up steps. */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/app/login', { data: { email, password: DEMO_PASSWORD, rememberme: false } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

interface MenuDishInfo {
  id: number;
  title: string;
  complex: { dishes: { id: number; title: string }[] }[];
}

/** Today's seeded menu (the one signIn chooses) and its dishes, in English. */
export async function todaysMenu(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const list = await request.get('/app/order/dishlists?lang=en', { headers });
  expect(list.ok()).toBe(true);
  const { dishlists } = (await list.json()) as { dishlists: { id: number; title: string }[] };
  const seeded = dishlists.find((d) => SEEDED_MENU.test(d.title));
  expect(seeded, 'a seeded menu is open').toBeTruthy();
  const id = seeded!.id;
  const page = await request.get(`/app/order/create/${id}?lang=en`, { headers });
  expect(page.ok()).toBe(true);
  const data = (await page.json()) as { dishlist: { categories: { dishes: MenuDishInfo[] }[] } };
  const dishes = data.dishlist.categories.flatMap((c) => c.dishes);
  return {
    id,
    dishId(title: string): number {
      const dish = dishes.find((d) => d.title === title);
      if (!dish) throw new Error(`No dish "${title}" on today's menu`);
      return dish.id;
    },
  };
}

/**
 * A menu of the journey's own, open from an hour ago (never before Riga's midnight: the menu's day
 * is today's, which departing a lap checks) until three hours from now, with the named dishes of
 * today's seeded menu and their stock (null: unlimited). A journey that sells a dish out, sets
 * its stock or cancels orders on it does so here, so no other journey sees the seeded menu change
 * under it (issue 25). Its title is unique; `setStock` changes what is left of a dish.
 */
/** Milliseconds since midnight in Riga (the demo provider's zone). */
function sinceRigaMidnightMs(): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Riga',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  })
    .formatToParts(new Date())
    .map((p) => [p.type, Number(p.value)] as const);
  const part = Object.fromEntries(parts) as Record<string, number>;
  return ((part.hour! * 60 + part.minute!) * 60 + part.second!) * 1000;
}

export async function ownMenu(request: APIRequestContext, name: string, stock: Record<string, number | null>) {
  const admin = await sessionToken(request, 'admin@demo.lv');
  const headers = { Authorization: `Bearer ${admin}` };
  const today = await todaysMenu(request, admin);
  const title = `${name} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const created = await request.post('/app/dishlists', {
    headers,
    data: {
      title,
      from: new Date(Date.now() - Math.min(3600_000, sinceRigaMidnightMs())).toISOString(),
      to: new Date(Date.now() + 3 * 3600_000).toISOString(),
      status: true,
      selectedDishes: Object.keys(stock).map((dish) => ({ id: today.dishId(dish) })),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { id: number }).id;
  const setStock = async (dish: string, qty: number | null) => {
    const res = await request.post(`/app/dishlists/${id}/balance`, { headers, data: { balance: [{ id: today.dishId(dish), qty }] } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  for (const [dish, qty] of Object.entries(stock)) if (qty !== null) await setStock(dish, qty);
  return { id, title, dishId: today.dishId, setStock };
}

/**
 * A customer of the journey's own at a seeded location, signed up through the location's
 * invitation link (the API's own way in): a journey that changes a person (a password, a name,
 * the limit on password guesses) changes nobody another journey reads.
 */
export async function newCustomer(
  request: APIRequestContext,
  location: string,
  name: string,
  phone = '',
): Promise<{ email: string; name: string }> {
  const admin = await sessionToken(request, 'admin@demo.lv');
  const list = await request.get('/app/locations?per_page=all', { headers: { Authorization: `Bearer ${admin}` } });
  expect(list.ok()).toBe(true);
  const loc = ((await list.json()) as { data: { title: string; invite_url: string }[] }).data.find((l) => l.title === location);
  expect(loc, `the seeded location ${location}`).toBeTruthy();
  const email = `${name.toLowerCase().replace(/[^a-z]/g, '')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.lv`;
  // From an address of the customer's own (the journeys' servers trust X-Forwarded-For,
  // scripts/start-e2e.mjs): sign-ups are limited to 10 an hour per address.
  const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  const signup = await request.post('/app/register-invited', {
    headers: { 'X-Forwarded-For': address },
    data: {
      name,
      email,
      phone,
      token: loc!.invite_url.split('/').pop(),
      password: DEMO_PASSWORD,
      password_confirmation: DEMO_PASSWORD,
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  return { email, name };
}

/**
 * A location manager of the journey's own: a customer of its own (newCustomer) at a location of
 * the journey's own (ownLocation), made its manager by the administrator, so the manager's orders,
 * team and history are read by no other journey.
 */
export async function newManager(
  request: APIRequestContext,
  location: { id: number; title: string },
  name: string,
): Promise<{ email: string; name: string }> {
  const manager = await newCustomer(request, location.title, name);
  const headers = { Authorization: `Bearer ${await sessionToken(request, 'admin@demo.lv')}` };
  const found = await request.get(`/app/admin/users?search=${encodeURIComponent(manager.email)}`, { headers });
  expect(found.ok(), await found.text()).toBe(true);
  const [user] = ((await found.json()) as { data: { id: number; email: string }[] }).data.filter((u) => u.email === manager.email);
  expect(user, `the new customer ${manager.email}`).toBeTruthy();
  const made = await request.put(`/app/admin/users/${user!.id}`, {
    headers,
    data: { first_name: name, phone: '', location_id: location.id, role: 'customer', is_location_manager: true },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return manager;
}

/** A unique suffix for the titles and names of a journey's own data. */
export function stamp(): string {
  return `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/**
 * A location of the journey's own (no shifts unless given), for customers (newCustomer) and laps
 * that no other journey reads. Its title is unique.
 */
export async function ownLocation(
  request: APIRequestContext,
  name: string,
  fields: { contact_name?: string; contact_phone?: string; shifts?: { title: string }[] } = {},
): Promise<{ id: number; title: string }> {
  const admin = await sessionToken(request, 'admin@demo.lv');
  const title = `${name} ${stamp()}`;
  const made = await request.post('/app/locations', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { title, address: 'Ozolu iela 1', ...fields },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { id: ((await made.json()) as { id: number }).id, title };
}

/** A lap of the journey's own (made by the kitchen) through `locations`, in that order. */
export async function ownLap(request: APIRequestContext, name: string, locations: number[]): Promise<{ id: number; title: string }> {
  const kitchen = await sessionToken(request, 'kitchen@demo.lv');
  const title = `${name} ${stamp()}`;
  const made = await request.post('/app/laps', { headers: { Authorization: `Bearer ${kitchen}` }, data: { title, locations } });
  expect(made.status(), await made.text()).toBe(201);
  return { id: ((await made.json()) as { id: number }).id, title };
}

/** A cash order of `qty` of one dish on a menu, placed through the API by the token's customer; its id. */
export async function cashOrder(request: APIRequestContext, token: string, menuId: number, dishId: number, qty = 1): Promise<number> {
  const res = await request.post('/app/order/create?lang=en', {
    headers: { Authorization: `Bearer ${token}` },
    data: { dishlist_id: menuId, items: [{ id: dishId, qty }], payment_type: 'cash', terms: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { order_id: number }).order_id;
}

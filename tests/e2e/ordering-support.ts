import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Password of every demo account (src/server/db/seed). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * Signs in through the login page with the interface in English, so the journeys read with the
 * spec's English texts. The language is chosen before the app starts, as a returning visitor's
 * stored choice would be.
 */
export async function signIn(page: Page, email: string) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lunch.session')) {
      localStorage.setItem('lunch.session', JSON.stringify({ state: { lang: 'en' }, version: 1 }));
    }
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();
  await chooseSeededMenu(page);
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

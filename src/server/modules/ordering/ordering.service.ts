import { eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import type {
  DemoDishlistResult,
  DishlistSummary,
  DishlistsResult,
  OrderDishlist,
  OrderPageData,
} from '../../../shared/schemas/ordering.js';
import type { Db } from '../../db/client.js';
import { providers } from '../../db/schema/index.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { paymentMethodsFor } from '../payments/methods.service.js';
import {
  isOpen,
  loadBalances,
  loadMenu,
  openMenus,
  presentBalance,
  presentOrderDishlist,
  presentSummary,
  todaysMenuId,
  type MenuData,
} from '../priced-menu/priced-menu.read.js';
import { loadCustomerState, presentUserData } from './ordering.users.js';
import { budgetAfterRelease } from './ordering.budget.js';
import { presentBudget } from '../budgets/budgets.read.js';

/** GET /app/order/dishlists: the open menus of the request's provider (req.providerOrNull()). */
export async function listOpenDishlists(
  { db, now }: Pick<RequestContext, 'db' | 'now'>,
  providerId: number | null,
): Promise<DishlistsResult> {
  if (providerId === null) return { dishlists: [] };
  return { dishlists: (await openMenus(db, providerId, now)).map(presentSummary) };
}

/** A cached value: the value itself once loaded (no await needed), else the pending load. */
export type Cached<V> = V | Promise<V>;

/**
 * Instance-local read caches with a short lifetime (0 = off). Stock is re-checked at order time.
 * A loaded value is answered as it is, not wrapped in a promise, so the busiest read (the
 * order page) does not wait a turn per cache.
 */
export interface ReadCaches {
  menu(id: number): Cached<MenuData | null>;
  openMenus(providerId: number, now: Date): Cached<DishlistSummary[]>;
  /** The presented menu and its stock, as UTF-8 JSON bytes, per language. */
  menuJson(menu: MenuData, lang: Lang): Cached<{ dishlist: Buffer; balance: Buffer }>;
  /**
   * The order page's answer up to the caller's own part (menu, stock, the menus to switch to,
   * payment methods), encoded, per `key` (customer or staff, language). Kept with the cached
   * menu JSON and open-menu list it was built from, so it never outlives them.
   */
  pagePrefix(json: object, open: object, key: string, build: () => Buffer): Buffer;
  /** Drops a menu's cached data (after an order was refused: the page reloads it at once). */
  forgetMenu(menuId: number): void;
  /** A user's ordering state (bonus, subsidy used on the menu, shifts). */
  userState(userId: number, menuId: number | null): Cached<Awaited<ReturnType<typeof loadCustomerState>>>;
  /** Drops a user's cached state (after they ordered through this instance). */
  forgetUser(userId: number): void;
}

function ttlCache<K, V>(ttlMs: number, max = 500) {
  const entries = new Map<K, { at: number; value: Cached<V> }>();
  const get = (key: K, load: () => Promise<V>): Cached<V> => {
    if (ttlMs <= 0) return load();
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    const entry: { at: number; value: Cached<V> } = { at: now, value: load() };
    entries.set(key, entry);
    (entry.value as Promise<V>).then(
      (v) => {
        entry.value = v;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    if (entries.size > max) entries.delete(entries.keys().next().value!);
    return entry.value;
  };
  return Object.assign(get, { entries });
}

export function createReadCaches(db: Db, ttlMs: number): ReadCaches {
  const menus = ttlCache<number, MenuData | null>(ttlMs);
  const open = ttlCache<number, DishlistSummary[]>(ttlMs);
  const json = ttlCache<string, { dishlist: Buffer; balance: Buffer }>(ttlMs);
  const users = ttlCache<string, Awaited<ReturnType<typeof loadCustomerState>>>(ttlMs, 5000);
  const prefixes = new WeakMap<object, { open: object; byKey: Map<string, Buffer> }>();
  return {
    pagePrefix: (menuJson, openList, key, build) => {
      let entry = prefixes.get(menuJson);
      if (!entry || entry.open !== openList) prefixes.set(menuJson, (entry = { open: openList, byKey: new Map() }));
      let prefix = entry.byKey.get(key);
      if (!prefix) entry.byKey.set(key, (prefix = build()));
      return prefix;
    },
    forgetMenu: (menuId) => {
      menus.entries.delete(menuId);
      for (const key of json.entries.keys()) if (key.startsWith(`${menuId}:`)) json.entries.delete(key);
      open.entries.clear();
    },
    userState: (userId, menuId) => users(`${userId}:${menuId}`, () => loadCustomerState(db, userId, menuId, null)),
    forgetUser: (userId) => {
      for (const key of users.entries.keys()) if (key.startsWith(`${userId}:`)) users.entries.delete(key);
    },
    menu: (id) => menus(id, () => loadMenu(db, id)),
    openMenus: (providerId, now) => open(providerId, async () => (await openMenus(db, providerId, now)).map(presentSummary)),
    menuJson: (menu, lang) =>
      json(`${menu.id}:${lang}`, async () => {
        const stock = await loadBalances(db, menu.id);
        return {
          dishlist: Buffer.from(JSON.stringify(presentOrderDishlist(menu, stock, lang))),
          balance: Buffer.from(JSON.stringify(presentBalance(menu, stock))),
        };
      }),
  };
}

const NO_MENU = { dishlist: Buffer.from('null'), balance: Buffer.from('[]') };
const DISHLIST_OPEN = Buffer.from('{"dishlist":');
const BALANCE_KEY = Buffer.from(',"balance":');

/**
 * GET /app/order/create[/{id}]: the chosen menu (or the first open one), its stock, the caller's
 * bonus and subsidy, payment methods and order settings, as UTF-8 JSON bytes (the menu part
 * comes from the read cache already serialised and encoded, so a read copies it instead of
 * encoding 8 KB of text again; orderPageData in shared/schemas describes it).
 */
export async function orderPageJson(
  ctx: Pick<UserContext, 'user' | 'now' | 'lang' | 'gateway'>,
  caches: ReadCaches,
  /** `provider`: the request's provider (req.providerOrNull), asked only when the menu does not name it. */
  q: { menuId?: number; strict: boolean; provider: () => Promise<number | null> },
): Promise<Buffer> {
  const { user } = ctx;
  let found: MenuData | null = null;
  let open: DishlistSummary[];
  if (q.menuId !== undefined) {
    const cachedMenu = caches.menu(q.menuId);
    found = cachedMenu instanceof Promise ? await cachedMenu : cachedMenu;
    // The list of menus to switch to belongs to the shown menu's provider.
    const providerId = found?.providerId ?? (await q.provider());
    const cachedOpen = providerId === null ? [] : caches.openMenus(providerId, ctx.now);
    open = cachedOpen instanceof Promise ? await cachedOpen : cachedOpen;
  } else {
    const providerId = await q.provider();
    open = providerId === null ? [] : await caches.openMenus(providerId, ctx.now);
    found = open[0] ? await caches.menu(open[0].id) : null;
  }
  // Unpublished menus, and menus of an inactive provider, are for staff eyes only (closed for all).
  const menu = found && ((found.status && found.provider.status) || user.role !== 'customer') ? found : null;
  if (!menu && q.strict) throw new AppError(404, t.coded('notFound'));
  const forCustomer = user.role === 'customer';
  let state = caches.userState(user.id, menu?.id ?? null);
  let json = menu ? caches.menuJson(menu, ctx.lang) : NO_MENU;
  if (state instanceof Promise || json instanceof Promise) [state, json] = await Promise.all([state, json]);
  const prefix = caches.pagePrefix(json, open, `${forCustomer}:${ctx.lang}`, () => {
    const shared: Pick<OrderPageData, 'dishlists' | 'paymentMethods'> = {
      dishlists: open,
      paymentMethods: paymentMethodsFor(ctx, { provider: menu?.provider ?? null, forCustomer }),
    };
    return Buffer.concat([
      DISHLIST_OPEN,
      json.dishlist,
      BALANCE_KEY,
      json.balance,
      Buffer.from(`,${JSON.stringify(shared).slice(1, -1)},`),
    ]);
  });
  // The caller's part: open and now change with every call, the rest with the cached user state.
  const openNow = menu ? isOpen(menu, ctx.now) : false;
  return Buffer.concat([prefix, Buffer.from(`"open":${openNow},"now":"${ctx.now.toISOString()}",${userPart(state)}`)]);
}

const userParts = new WeakMap<object, string>();
const NO_USER_PART = userPartJson(null);

/** `"userData":…,"budget":…,"orderSettings":…}` for a user state, serialised once per cached state. */
function userPart(state: Awaited<ReturnType<typeof loadCustomerState>>): string {
  if (!state) return NO_USER_PART;
  let part = userParts.get(state);
  if (part === undefined) userParts.set(state, (part = userPartJson(state)));
  return part;
}

function userPartJson(state: Awaited<ReturnType<typeof loadCustomerState>>): string {
  const customer = state?.customer ?? null;
  const own: Pick<OrderPageData, 'userData' | 'budget' | 'orderSettings'> = {
    // The next order releases the customer's unpaid card/bank order (decision 045): the subsidy
    // and budget it holds are the next order's to use, so the page prices the cart with them.
    userData: presentUserData(customer, (state?.subsidyUsedCents ?? 0) - (state?.subsidyHeldCents ?? 0)),
    budget: state ? presentBudget(budgetAfterRelease(state, state.unpaidOrderIds.length > 0)) : null,
    orderSettings: { shifts: customer?.shifts ?? [], disable_cash: customer?.location?.disableCash ?? false },
  };
  return JSON.stringify(own).slice(1);
}

/** GET /app/demo-dishlists: today's menu of the provider, for display. */
export async function demoDishlist(
  ctx: Pick<RequestContext, 'db' | 'now' | 'lang'>,
  caches: ReadCaches,
  providerId: number | null,
): Promise<DemoDishlistResult> {
  const { db, now, lang } = ctx;
  if (providerId === null) return { dishlist: null };
  const [provider] = await db.select({ timezone: providers.timezone }).from(providers).where(eq(providers.id, providerId));
  const id = await todaysMenuId(db, providerId, provider?.timezone ?? DEFAULT_TIMEZONE, now);
  const menu = id === null ? null : await caches.menu(id);
  if (!menu) return { dishlist: null };
  return { dishlist: JSON.parse((await caches.menuJson(menu, lang)).dishlist.toString('utf8')) as OrderDishlist };
}

/** The 422 of an order the stock cannot serve (one text per short dish), for company orders too (meetings). */
export { stockRefusal } from './ordering.stock-refusal.js';
export { priceLines, type PricedLine } from './ordering.price-lines.js';

import { asc, eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { DemoDishlistResult, DishlistsResult, OrderPageData, PaymentMethods } from '../../../shared/schemas/ordering.js';
import type { Db } from '../../db/client.js';
import { providers } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { paymentsText } from '../payments/payments.messages.js';
import { isOpen, loadBalances, openMenus, presentBalance, presentOrderDishlist, presentSummary, todaysMenuId, type MenuData } from './ordering.menu.js';
import { loadCustomer, presentUserData, subsidyUsed } from './ordering.users.js';

/**
 * The provider a call is about: ?provider_id= when it names a provider, else the first active
 * provider by id; null when there is none (the answers are then empty).
 */
export async function resolveProvider(db: Db, query: unknown): Promise<number | null> {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>).provider_id : undefined;
  const asked = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isSafeInteger(asked) && asked > 0) {
    const rows = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, asked));
    if (rows[0]) return rows[0].id;
  }
  const rows = await db.select({ id: providers.id }).from(providers).where(eq(providers.status, true)).orderBy(asc(providers.id)).limit(1);
  return rows[0]?.id ?? null;
}

export async function listOpenDishlists(db: Db, query: unknown, now: Date): Promise<DishlistsResult> {
  const providerId = await resolveProvider(db, query);
  if (providerId === null) return { dishlists: [] };
  return { dishlists: (await openMenus(db, providerId, now)).map(presentSummary) };
}

/** Card and bank for customers only; commissions from the menu's provider. */
export function paymentMethodsFor(menu: MenuData | null, forCustomer: boolean, gateway: PaymentGateway, lang: Lang): PaymentMethods {
  const offered = gateway.methods();
  const card = forCustomer && offered.card && (menu?.provider.cardEnabled ?? false);
  const banks = forCustomer && menu ? offered.banks : [];
  return {
    card,
    cardCommission: toEuros(menu?.provider.cardCommissionCents ?? 0),
    cardConsent: card ? paymentsText(lang, 'cardConsent') : '',
    banks,
    bankCommission: toEuros(menu?.provider.bankCommissionCents ?? 0),
    bankConsent: banks.length > 0 ? paymentsText(lang, 'bankConsent') : '',
  };
}

/**
 * GET /app/order/create[/{id}]: the chosen menu (or the first open one), its stock, the caller's
 * bonus and subsidy, payment methods and order settings.
 */
export async function orderPageData(
  db: Db,
  gateway: PaymentGateway,
  getMenu: (id: number) => Promise<MenuData | null>,
  user: AuthUser,
  opts: { menuId?: number; strict: boolean; query: unknown; now: Date; lang: Lang },
): Promise<OrderPageData> {
  let found: MenuData | null = null;
  let open: Awaited<ReturnType<typeof openMenus>>;
  if (opts.menuId !== undefined) {
    found = await getMenu(opts.menuId);
    // The list of menus to switch to belongs to the shown menu's provider.
    const providerId = found?.providerId ?? (await resolveProvider(db, opts.query));
    open = providerId === null ? [] : await openMenus(db, providerId, opts.now);
  } else {
    const providerId = await resolveProvider(db, opts.query);
    open = providerId === null ? [] : await openMenus(db, providerId, opts.now);
    found = open[0] ? await getMenu(open[0].id) : null;
  }
  // Unpublished menus are for staff eyes only.
  const menu = found && (found.status || user.role !== 'customer') ? found : null;
  if (!menu && opts.strict) throw new AppError(404, t(opts.lang, 'notFound'));
  const [customer, stock] = await Promise.all([loadCustomer(db, user.id), menu ? loadBalances(db, menu.id) : Promise.resolve(new Map())]);
  const used = menu && customer ? await subsidyUsed(db, customer.id, menu.id) : 0;
  return {
    dishlist: menu ? presentOrderDishlist(menu, stock, opts.lang) : null,
    open: menu ? isOpen(menu, opts.now) : false,
    now: opts.now.toISOString(),
    dishlists: open.map(presentSummary),
    balance: menu ? presentBalance(menu, stock) : [],
    userData: presentUserData(customer, used),
    paymentMethods: paymentMethodsFor(menu, user.role === 'customer', gateway, opts.lang),
    orderSettings: { shifts: customer?.shifts ?? [], disable_cash: customer?.location?.disableCash ?? false },
  };
}

/** GET /app/demo-dishlists: today's menu of the provider, for display. */
export async function demoDishlist(
  db: Db,
  getMenu: (id: number) => Promise<MenuData | null>,
  query: unknown,
  now: Date,
  lang: Lang,
): Promise<DemoDishlistResult> {
  const providerId = await resolveProvider(db, query);
  if (providerId === null) return { dishlist: null };
  const [provider] = await db.select({ timezone: providers.timezone }).from(providers).where(eq(providers.id, providerId));
  const id = await todaysMenuId(db, providerId, provider?.timezone ?? 'Europe/Riga', now);
  const menu = id === null ? null : await getMenu(id);
  if (!menu) return { dishlist: null };
  return { dishlist: presentOrderDishlist(menu, await loadBalances(db, menu.id), lang) };
}

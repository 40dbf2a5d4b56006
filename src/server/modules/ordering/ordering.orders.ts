import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { Order, OrdersByMenuResult, OrderTotals } from '../../../shared/schemas/orders.js';
import type { Db } from '../../db/client.js';
import type { Translated } from '../../db/schema/common.js';
import {
  allergens,
  locations,
  menus,
  orderItemOptions,
  orderItems,
  orders,
  payments,
  providers,
  refunds,
  shifts,
  users,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/context.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { presentSummary, summaryColumns } from './ordering.menu.js';
import { orderingText } from './ordering.messages.js';
import { releaseForDelete } from './ordering.stock.js';
import { isoTime } from '../../lib/time.js';
import { orderSums, placedOrder } from './ordering.placed.js';
import { locationAddressLine } from '../../lib/address-sql.js';

const creators = alias(users, 'creators');

export const isStaff = (u: { role: string }) => u.role === 'admin' || u.role === 'kitchen';

/** The amounts of a stored order in cents, for sums (never re-derived from presented euros). */
export type OrderCents = Pick<
  typeof orders.$inferSelect,
  'status' | 'paymentType' | 'amountCents' | 'subsidyCents' | 'bonusCents' | 'amountToPayCents'
>;

/** Reads orders matching `where` and presents them (items and options included). */
export async function loadOrders(
  db: Db,
  gateway: PaymentGateway,
  lang: Lang,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
  order: 'newest' | 'oldest' = 'newest',
  staffView = false,
): Promise<Order[]> {
  return (await loadOrderEntries(db, gateway, lang, where, page, order, staffView)).map((e) => e.order);
}

/** loadOrders, each presented order with its stored amounts in cents. */
export async function loadOrderEntries(
  db: Db,
  gateway: PaymentGateway,
  lang: Lang,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
  order: 'newest' | 'oldest' = 'newest',
  /** Staff see a failed refund's reason too. */
  staffView = false,
): Promise<{ order: Order; cents: OrderCents }[]> {
  const q = db
    .select({
      order: orders,
      menu: summaryColumns,
      user: { id: users.id, firstName: users.firstName, phone: users.phone },
      location: { id: locations.id, title: locations.title },
      shift: { id: shifts.id, title: shifts.title },
      creator: { id: creators.id, firstName: creators.firstName },
      payment: { reference: payments.reference, status: payments.status },
      refund: { status: refunds.status, amountCents: refunds.amountCents, attempts: refunds.attempts, lastError: refunds.lastError },
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(shifts, eq(shifts.id, orders.shiftId))
    .leftJoin(creators, eq(creators.id, orders.createdById))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(where)
    .orderBy(order === 'newest' ? desc(orders.id) : asc(orders.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const options = items.length
    ? await db
        .select()
        .from(orderItemOptions)
        .where(
          inArray(
            orderItemOptions.orderItemId,
            items.map((i) => i.id),
          ),
        )
        .orderBy(asc(orderItemOptions.id))
    : [];
  const allergenTitles = await allergenTitlesOf(db);
  const optionsOf = new Map<number, typeof options>();
  for (const o of options) {
    const list = optionsOf.get(o.orderItemId) ?? [];
    list.push(o);
    optionsOf.set(o.orderItemId, list);
  }
  const itemsOf = new Map<number, typeof items>();
  for (const i of items) {
    const list = itemsOf.get(i.orderId) ?? [];
    list.push(i);
    itemsOf.set(i.orderId, list);
  }
  return rows.map((r) => {
    const o = r.order;
    return { cents: o, order: presentOrder(r, itemsOf.get(o.id) ?? [], optionsOf, allergenTitles, gateway, lang, staffView) };
  });
}

type OrderRow = {
  order: typeof orders.$inferSelect;
  menu: { id: number; title: string; from: Date; to: Date; providerId: number; timezone: string };
  user: { id: number; firstName: string; phone: string };
  location: { id: number | null; title: string | null } | null;
  shift: { id: number | null; title: string | null } | null;
  creator: { id: number | null; firstName: string | null } | null;
  payment: { reference: string | null; status: string | null } | null;
  refund: {
    status: 'pending' | 'refunded' | 'failed' | null;
    amountCents: number | null;
    attempts: number | null;
    lastError: string | null;
  } | null;
};

function presentOrder(
  r: OrderRow,
  items: (typeof orderItems.$inferSelect)[],
  optionsOf: Map<number, (typeof orderItemOptions.$inferSelect)[]>,
  allergenTitles: AllergenTitles,
  gateway: PaymentGateway,
  lang: Lang,
  staffView: boolean,
): Order {
  const o = r.order;
  const named = (ids: readonly number[]) => namedAllergens(allergenTitles, ids, lang);
  return {
    id: o.id,
    created_at: isoTime(o.createdAt),
    dishlist: presentSummary(r.menu),
    user: {
      id: r.user.id,
      first_name: r.user.firstName,
      phone: r.user.phone,
      location: r.location && r.location.id !== null ? { id: r.location.id, title: r.location.title! } : null,
    },
    created_by: r.creator && r.creator.id !== null ? { id: r.creator.id, first_name: r.creator.firstName! } : null,
    items: items.map((i) => ({
      id: i.id,
      dish: { id: i.dishId, title: pickText(i.title, lang) },
      qty: i.qty,
      price: toEuros(i.unitPriceCents),
      total: toEuros(i.unitPriceCents * i.qty),
      complex: (optionsOf.get(i.id) ?? []).map((opt) => ({
        group_id: opt.groupId,
        dish: { id: opt.dishId, title: pickText(opt.title, lang) },
        price: toEuros(opt.priceCents),
      })),
      allergens: named(i.allergenIds),
    })),
    allergen_warnings: named(o.allergenWarnings),
    comment: o.comment,
    amount: toEuros(o.amountCents),
    subsidy: toEuros(o.subsidyCents),
    bonus: toEuros(o.bonusCents),
    commission: toEuros(o.commissionCents),
    amount_to_pay: toEuros(o.amountToPayCents),
    payment_type: o.paymentType,
    bank: o.bankCode,
    status: o.status,
    accepted: o.accepted,
    shift: r.shift && r.shift.id !== null ? { id: r.shift.id, title: r.shift.title! } : null,
    paid_at: o.paidAt ? isoTime(o.paidAt) : null,
    payment_link:
      o.status === 1 && r.payment?.reference && r.payment.status === 'pending' ? gateway.resumeUrl(r.payment.reference, lang) : null,
    cancelled_at: o.cancelledAt ? isoTime(o.cancelledAt) : null,
    refund:
      r.refund && r.refund.status !== null
        ? {
            status: r.refund.status,
            amount: toEuros(r.refund.amountCents!),
            attempts: r.refund.attempts!,
            last_error: staffView ? r.refund.lastError : null,
          }
        : null,
  };
}

/** The allergens' titles and their order (the regulation's list). */
export type AllergenTitles = Map<number, { title: Translated; position: number }>;

export async function allergenTitlesOf(db: Db): Promise<AllergenTitles> {
  const rows = await db
    .select({ id: allergens.id, title: allergens.title })
    .from(allergens)
    .orderBy(asc(allergens.position), asc(allergens.id));
  return new Map(rows.map((a, position) => [a.id, { title: a.title, position }]));
}

/** Stored allergen ids (an order's snapshot) named in one language, in the regulation's order. */
export function namedAllergens(titles: AllergenTitles, ids: readonly number[], lang: Lang): { id: number; title: string }[] {
  return [...new Set(ids)]
    .filter((id) => titles.has(id))
    .sort((a, b) => titles.get(a)!.position - titles.get(b)!.position)
    .map((id) => ({ id, title: pickText(titles.get(id)!.title, lang) }));
}

/** One order for its owner or staff; 404 unknown, 403 someone else's. */
export async function getOrder(db: Db, gateway: PaymentGateway, user: AuthUser, orderId: number, lang: Lang): Promise<Order> {
  const owner = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!owner[0]) throw new AppError(404, t(lang, 'notFound'));
  if (!isStaff(user) && owner[0].userId !== user.id) throw new AppError(403, t(lang, 'forbidden'));
  const [order] = await loadOrders(db, gateway, lang, eq(orders.id, orderId), undefined, 'newest', isStaff(user));
  return order!;
}

type SumsCents = { [K in keyof typeof orderSums]: number };

const NO_SUMS: SumsCents = { cash: 0, card: 0, subsidy: 0, bonus: 0, total: 0, count: 0 };

function presentSums(s: SumsCents): OrderTotals {
  return {
    cash: toEuros(s.cash),
    card: toEuros(s.card),
    subsidy: toEuros(s.subsidy),
    bonus: toEuros(s.bonus),
    total: toEuros(s.total),
    count: s.count,
  };
}

/**
 * Sums of the placed orders matching `where` per location (the orders' own location; null: none),
 * from the one sums-by-payment-type query (orderSums).
 */
async function sumsByLocation(db: Db, where: SQL | undefined): Promise<Map<number | null, SumsCents>> {
  const rows = await db
    .select({ locationId: locations.id, ...orderSums })
    .from(orders)
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(where, placedOrder()))
    .groupBy(locations.id);
  return new Map(rows.map(({ locationId, ...sums }) => [locationId, sums]));
}

export interface OrdersFilter {
  menuId?: number;
  status?: number;
  accepted?: number;
  userId?: number;
  /** The location the order was placed for. */
  locationId?: number;
}

export function filterWhere(f: OrdersFilter): SQL | undefined {
  return and(
    f.menuId !== undefined ? eq(orders.menuId, f.menuId) : undefined,
    f.status !== undefined ? eq(orders.status, f.status) : undefined,
    f.accepted !== undefined ? eq(orders.accepted, f.accepted) : undefined,
    f.userId !== undefined ? eq(orders.userId, f.userId) : undefined,
    f.locationId !== undefined ? eq(orders.locationId, f.locationId) : undefined,
  );
}

/** Staff: the orders of one menu grouped per location (locations by title), with totals. */
export async function ordersByMenu(db: Db, gateway: PaymentGateway, f: OrdersFilter, lang: Lang): Promise<OrdersByMenuResult> {
  const menuRow =
    f.menuId !== undefined
      ? await db.select(summaryColumns).from(menus).innerJoin(providers, eq(providers.id, menus.providerId)).where(eq(menus.id, f.menuId))
      : [];
  const where = filterWhere(f);
  const entries = await loadOrderEntries(db, gateway, lang, where, undefined, 'oldest', true);
  const locationIds = [...new Set(entries.map((e) => e.order.user.location?.id).filter((id): id is number => id !== undefined))];
  const locationRows = locationIds.length
    ? await db
        .select({ id: locations.id, title: locations.title, address: locationAddressLine })
        .from(locations)
        .where(inArray(locations.id, locationIds))
    : [];
  const groups = new Map<number | null, typeof entries>();
  for (const e of entries) {
    const key = e.order.user.location?.id ?? null;
    const g = groups.get(key) ?? [];
    g.push(e);
    groups.set(key, g);
  }
  const byId = new Map(locationRows.map((l) => [l.id, l]));
  const sums = await sumsByLocation(db, where);
  const all = { ...NO_SUMS };
  for (const s of sums.values()) for (const k of Object.keys(all) as (keyof SumsCents)[]) all[k] += s[k];
  const data = [...groups.entries()]
    .map(([id, group]) => ({
      location: id === null ? null : (byId.get(id) ?? null),
      totals: presentSums(sums.get(id) ?? NO_SUMS),
      orders: group.map((e) => e.order),
    }))
    .sort((a, b) => (a.location?.title ?? '\uffff').localeCompare(b.location?.title ?? '\uffff', 'lv'));
  return { dishlist: menuRow[0] ? presentSummary(menuRow[0]) : null, data, totals: presentSums(all) };
}

export async function countOrders(db: Db, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  return rows[0]?.n ?? 0;
}

/** Staff acknowledges (1) or un-acknowledges (0) a placed order; 409 for a pending or failed one. */
export async function setAccepted(
  db: Db,
  gateway: PaymentGateway,
  user: AuthUser,
  orderId: number,
  accepted: 0 | 1,
  now: Date,
  lang: Lang,
  who: AuditWho,
) {
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ accepted: orders.accepted, providerId: menus.providerId })
      .from(orders)
      .leftJoin(menus, eq(menus.id, orders.menuId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!old) throw new AppError(404, t(lang, 'notFound'));
    const rows = await tx
      .update(orders)
      .set({ accepted, updatedAt: now })
      .where(and(eq(orders.id, orderId), placedOrder()))
      .returning({ id: orders.id });
    if (!rows[0]) throw new AppError(409, orderingText(lang, 'notPlaced'));
    // Accepting an accepted order changes nothing and records nothing.
    if (old.accepted !== accepted) {
      const action = accepted ? 'order.accept' : 'order.revoke';
      const [before, after] = [{ accepted: old.accepted }, { accepted }];
      await recordAudit(tx, who, { action, entityType: 'order', entityId: orderId, providerId: old.providerId, before, after });
    }
  });
  return getOrder(db, gateway, user, orderId, lang);
}

/**
 * Staff deletes an order; its stock and bonus go back first (once). Refused (409) while it has a
 * paid or pending card/bank payment: deleting the order would delete that payment's record
 * (a refund or a late bank notification needs it).
 */
/** What the audit log keeps of a deleted order (the row itself is gone). */
const deletedOrderFields = {
  user_id: orders.userId,
  location_id: orders.locationId,
  status: orders.status,
  accepted: orders.accepted,
  payment_type: orders.paymentType,
  amount_cents: orders.amountCents,
};

/** Deletes an order and gives its stock back; answers the menu it belonged to. */
export async function deleteOrder(db: Db, orderId: number, now: Date, lang: Lang, who: AuditWho): Promise<number> {
  const menuId = await db.transaction(async (tx) => {
    // Same lock order as payment notifications: payment, order, user, balances.
    const paid = await tx.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId)).for('update');
    if (paid.some((p) => p.status === 'paid' || p.status === 'pending')) throw new AppError(409, orderingText(lang, 'paymentKeepsOrder'));
    const exists = await tx
      .select({ menuId: orders.menuId, providerId: menus.providerId, ...deletedOrderFields })
      .from(orders)
      .leftJoin(menus, eq(menus.id, orders.menuId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!exists[0]) return null;
    await releaseForDelete(tx, orderId, now);
    await tx.delete(orders).where(eq(orders.id, orderId));
    const { menuId: menu_id, providerId, ...rest } = exists[0];
    const before = { menu_id, ...rest };
    await recordAudit(tx, who, { action: 'order.delete', entityType: 'order', entityId: orderId, providerId, before });
    return exists[0].menuId;
  });
  if (menuId === null) throw new AppError(404, t(lang, 'notFound'));
  return menuId;
}

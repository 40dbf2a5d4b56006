import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenDish, KitchenGroup } from '../../../shared/schemas/kitchen.js';
import type { StopStatus } from '../../../shared/schemas/laps.js';
import type { DishlistSummary } from '../../../shared/schemas/ordering.js';
import type { Db } from '../../db/client.js';
import { cashBalances, dishes, laps, locations, orderItemOptions, orderItems, orders, portionHandovers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { lineAllergensText, lineUnconfirmed, unconfirmedDishes } from '../orders/allergens.read.js';
import { countDishes } from '../kitchen/kitchen.read.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { orderSums, placedOrder } from '../orders/placed.read.js';
import { stopStatusesOf } from './laps.day.js';
import { stopsOnTime, type StopOnTime } from './ontime.read.js';
import { stopsOf } from './laps.queries.js';
import { lapPlans } from './laps.read.js';

export interface Cents {
  cash: number;
  card: number;
  subsidy: number;
  bonus: number;
  total: number;
  count: number;
}

export interface ReportLocationCents {
  id: number;
  title: string;
  address: string;
  contactName: string;
  contactPhone: string;
  sums: Cents;
  /** Null: nothing recorded. */
  balance: number | null;
  handOver: { id: number; title: string; qty: number }[];
  /** Portions whose label was scanned at hand-over. */
  handedOver: number;
  status: StopStatus | null;
  /**
   * Its window, delivery time and minutes late (decision 071): once delivered, the window recorded
   * then; before, the window planned now (laps.read.ts); null: no status row and no window planned.
   */
  delivery: StopOnTime | null;
}

export interface ReportCents {
  lap: { id: number; title: string; active: boolean; departs_at: string | null };
  dishlist: DishlistSummary;
  dishes: KitchenGroup[];
  initials: KitchenDish[];
  locations: ReportLocationCents[];
}

const zero = (): Cents => ({ cash: 0, card: 0, subsidy: 0, bonus: 0, total: 0, count: 0 });

const sums = orderSums;

/** Everything of the report in cents: the JSON answer and the PDF are made from it. */
export async function loadReport(db: Db, providerId: number, lapId: number, menuId: number, lang: Lang): Promise<ReportCents> {
  const [lapRow] = await db
    .select()
    .from(laps)
    .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId)));
  if (!lapRow) throw new AppError(404, t.coded('notFound'));
  const menu = await providerMenu(db, providerId, menuId);
  const stops = (await stopsOf(db, [lapId])).get(lapId)!;
  const ids = stops.map((s) => s.id);
  const plan = (await lapPlans(db, providerId, menuId)).find((p) => p.lapId === lapId);
  const lap = { id: lapRow.id, title: lapRow.title, active: lapRow.active, departs_at: plan?.departsAt ?? null };
  const base = { lap, dishlist: presentSummary(menu) };
  if (ids.length === 0) return { ...base, dishes: [], initials: [], locations: [] };

  const placed = and(eq(orders.menuId, menuId), placedOrder(), inArray(orders.locationId, ids));
  const [perLocation, balances, counts, contacts, handOver, handed, statuses, delivery] = await Promise.all([
    db
      .select({ locationId: orders.locationId, ...sums })
      .from(orders)
      .where(placed)
      .groupBy(orders.locationId),
    db
      .select({ locationId: cashBalances.locationId, amount: cashBalances.amountCents })
      .from(cashBalances)
      .where(and(eq(cashBalances.menuId, menuId), inArray(cashBalances.locationId, ids))),
    // Counted as the kitchen display counts them, for this lap's locations only.
    countDishes(db, menuId, lang, ids),
    db
      .select({ id: locations.id, name: locations.contactName, phone: locations.contactPhone })
      .from(locations)
      .where(inArray(locations.id, ids)),
    // The lap sheet's "hand over": the ordered dishes per stop (set meals as themselves).
    db
      .select({
        locationId: orders.locationId,
        id: dishes.id,
        title: dishes.title,
        qty: sql<number>`sum(${orderItems.qty})`.mapWith(Number),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(dishes, eq(dishes.id, orderItems.dishId))
      .where(placed)
      .groupBy(orders.locationId, dishes.id)
      .orderBy(asc(dishes.position), asc(dishes.id)),
    // Portions handed over (each label scanned once, issue 14).
    db
      .select({ locationId: orders.locationId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(portionHandovers)
      .innerJoin(orders, eq(orders.id, portionHandovers.orderId))
      .where(placed)
      .groupBy(orders.locationId),
    stopStatusesOf(db, menuId, ids),
    stopsOnTime(db, menuId, ids),
  ]);
  const planned = new Map((plan?.stops ?? []).map((s) => [s.locationId, s]));
  const deliveryOf = (id: number): StopOnTime | null => {
    const d = delivery.get(id) ?? null;
    if (d?.deliveredAt) return d;
    const w = planned.get(id);
    if (!w?.from || !w.to) return d;
    return { from: new Date(w.from), to: new Date(w.to), deliveredAt: null, lateMinutes: null };
  };
  const handedOf = new Map(handed.map((h) => [h.locationId, h.n]));
  const contactOf = new Map(contacts.map((c) => [c.id, c]));
  const handOverOf = new Map<number, ReportLocationCents['handOver']>();
  for (const h of handOver) {
    if (h.locationId === null) continue;
    const list = handOverOf.get(h.locationId) ?? [];
    list.push({ id: h.id, title: pickText(h.title, lang), qty: h.qty });
    handOverOf.set(h.locationId, list);
  }
  const sumsOf = new Map(perLocation.map(({ locationId, ...s }) => [locationId, s]));
  const balanceOf = new Map(balances.map((b) => [b.locationId, b.amount]));
  return {
    ...base,
    dishes: counts.dishes,
    initials: counts.initials,
    locations: stops.map((s) => ({
      id: s.id,
      title: s.title,
      address: s.address,
      contactName: contactOf.get(s.id)?.name ?? '',
      contactPhone: contactOf.get(s.id)?.phone ?? '',
      sums: sumsOf.get(s.id) ?? zero(),
      balance: balanceOf.get(s.id) ?? null,
      handOver: handOverOf.get(s.id) ?? [],
      handedOver: handedOf.get(s.id) ?? 0,
      status: statuses.get(s.id) ?? null,
      delivery: deliveryOf(s.id),
    })),
  };
}

export function totalsOf(list: ReportLocationCents[]) {
  const s = zero();
  let balance = 0;
  for (const l of list) {
    for (const k of Object.keys(s) as (keyof Cents)[]) s[k] += l.sums[k];
    balance += l.balance ?? 0;
  }
  return { sums: s, balance, outstanding: s.cash - balance };
}

/**
 * The allergens of what a stop gets, per location and dish ("locationId:dishId"), in words: the
 * ordered lines' allergens (a set meal's with its chosen options) added up, or that some were
 * never confirmed (decision 034).
 */
export async function handOverAllergens(db: Db, menuId: number, locationIds: number[], lang: Lang): Promise<Map<string, string>> {
  if (locationIds.length === 0) return new Map();
  const items = await db
    .select({ id: orderItems.id, locationId: orders.locationId, dishId: orderItems.dishId, allergenIds: orderItems.allergenIds })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.menuId, menuId), placedOrder(), inArray(orders.locationId, locationIds)));
  const options = items.length
    ? await db
        .select({ itemId: orderItemOptions.orderItemId, dishId: orderItemOptions.dishId })
        .from(orderItemOptions)
        .where(
          inArray(
            orderItemOptions.orderItemId,
            items.map((i) => i.id),
          ),
        )
    : [];
  const [titles, unconfirmed] = await Promise.all([
    allergenTitlesOf(db),
    unconfirmedDishes(db, [...items.map((i) => i.dishId), ...options.map((o) => o.dishId)]),
  ]);
  const optionIdsOf = new Map<number, number[]>();
  for (const o of options) optionIdsOf.set(o.itemId, [...(optionIdsOf.get(o.itemId) ?? []), o.dishId]);
  const sum = new Map<string, { ids: Set<number>; unknown: boolean }>();
  for (const i of items) {
    const key = `${i.locationId}:${i.dishId}`;
    const s = sum.get(key) ?? { ids: new Set<number>(), unknown: false };
    for (const id of i.allergenIds) s.ids.add(id);
    s.unknown ||= lineUnconfirmed(unconfirmed, { dishId: i.dishId, optionIds: optionIdsOf.get(i.id) ?? [] });
    sum.set(key, s);
  }
  return new Map(
    [...sum].map(([key, s]) => [
      key,
      lineAllergensText(
        namedAllergens(titles, [...s.ids], lang).map((a) => a.title),
        s.unknown,
        lang,
      ),
    ]),
  );
}

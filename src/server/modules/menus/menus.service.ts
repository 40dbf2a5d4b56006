import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { pageOf, pageWindow, type ListQuery, type Paged } from '../../../shared/list-query.js';
import { toCents, toEuros } from '../../../shared/money.js';
import type {
  BalanceInput,
  CopyMenuInput,
  CreateMenuInput,
  MenuBalance,
  MenuDetail,
  MenuSummary,
  SelectedDishInput,
  UpdateMenuInput,
} from '../../../shared/schemas/menus.js';
import type { Db, Tx } from '../../db/client.js';
import {
  balances,
  categories,
  complexGroups,
  complexOptions,
  dishes,
  menuComplexPrices,
  menuDishes,
  menus,
  orderItemOptions,
  orderItems,
  orders,
  providers,
} from '../../db/schema/index.js';
import { changedFields, recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError, type CodedFieldErrors, type ErrorText } from '../../lib/errors.js';
import { localNames } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import { fullText } from '../catalogue/categories.service.js';
import { likePattern, orderTerms } from '../catalogue/list-sql.js';
import { menuText } from './menus.messages.js';
import { isoTime } from '../../lib/time.js';
import { placedOrder } from '../orders/placed.read.js';
import { formatDay } from '../../lib/dates.js';

export const MENU_SORTS = ['from', 'to', 'title', 'id', 'created_at', 'status'] as const;
export type MenuListQuery = ListQuery<(typeof MENU_SORTS)[number], { status: boolean }>;
/** Page size of the menu list when none is asked for (spec: tables show 20). */
export const MENU_PER_PAGE = 20;
/** Order statuses that hold dishes: pending (1) and placed (2). Failed orders (0) do not. */
const LIVE_STATUSES = [1, 2];

type MenuRow = typeof menus.$inferSelect;

// Outer columns spelled out: drizzle leaves columns unqualified in single-table selects.
const dishesCount = sql<number>`(select count(*) from ${menuDishes} where ${menuDishes.menuId} = "menus"."id")`.mapWith(Number);
const ordersCount = sql<number>`(select count(*) from ${orders} where ${orders.menuId} = "menus"."id" and ${placedOrder()})`.mapWith(
  Number,
);

function summaryColumns() {
  const { id, providerId, title, from, to, status, createdAt } = menus;
  return { id, providerId, title, from, to, status, createdAt, dishesCount, ordersCount };
}
type SummaryRow = Pick<MenuRow, 'id' | 'providerId' | 'title' | 'from' | 'to' | 'status' | 'createdAt'> & {
  dishesCount: number;
  ordersCount: number;
};

function presentSummary(m: SummaryRow): MenuSummary {
  return {
    id: m.id,
    title: m.title,
    from: isoTime(m.from),
    to: isoTime(m.to),
    status: m.status,
    created_at: isoTime(m.createdAt),
    dishes_count: m.dishesCount,
    orders_count: m.ordersCount,
  };
}

export async function listMenus(db: Db, providerId: number | null, q: MenuListQuery): Promise<Paged<MenuSummary>> {
  if (providerId === null) return pageOf([], 0, q);
  const where = and(
    eq(menus.providerId, providerId),
    q.filter.status === undefined ? undefined : eq(menus.status, q.filter.status),
    q.search ? sql`${menus.title} ilike ${likePattern(q.search)}` : undefined,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(menus)
    .where(where)) as [{ total: number }];
  const w = pageWindow(total, q.page, q.perPage);
  const order = orderTerms(
    q.sort,
    { from: menus.from, to: menus.to, title: sql`lower(${menus.title})`, id: menus.id, created_at: menus.createdAt, status: menus.status },
    [desc(menus.from), desc(menus.id)],
  );
  let query = db
    .select(summaryColumns())
    .from(menus)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (w.limit !== null) query = query.limit(w.limit).offset(w.offset);
  return pageOf((await query).map(presentSummary), total, q);
}

/** Dishes with pending or placed orders on a menu. */
async function orderedDishIds(db: Db | Tx, menuId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: orderItems.dishId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.menuId, menuId), inArray(orders.status, LIVE_STATUSES)))
    .orderBy(asc(orderItems.dishId));
  return rows.map((r) => r.id);
}

export async function getMenu(db: Db | Tx, providerId: number, id: number): Promise<MenuDetail> {
  const rows = await db
    .select(summaryColumns())
    .from(menus)
    .where(and(eq(menus.id, id), eq(menus.providerId, providerId)));
  const menu = rows[0];
  if (!menu) throw new AppError(404, t.coded('notFound'));
  const [selected, prices, cats, ordered] = await Promise.all([
    db
      .select({ id: menuDishes.dishId, categoryId: menuDishes.categoryId, priceCents: menuDishes.priceCents })
      .from(menuDishes)
      .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
      .innerJoin(categories, eq(categories.id, menuDishes.categoryId))
      .where(eq(menuDishes.menuId, id))
      .orderBy(asc(categories.position), asc(categories.id), asc(dishes.position), asc(dishes.id)),
    db
      .select()
      .from(menuComplexPrices)
      .where(eq(menuComplexPrices.menuId, id))
      .orderBy(asc(menuComplexPrices.complexDishId), asc(menuComplexPrices.optionDishId)),
    db
      .selectDistinct({
        id: categories.id,
        title: categories.title,
        position: categories.position,
        groupName: categories.groupName,
        simple: categories.simple,
      })
      .from(menuDishes)
      .innerJoin(categories, eq(categories.id, menuDishes.categoryId))
      .where(eq(menuDishes.menuId, id))
      .orderBy(asc(categories.position), asc(categories.id)),
    orderedDishIds(db, id),
  ]);
  return {
    ...presentSummary(menu),
    selectedDishes: selected.map((s) => ({
      id: s.id,
      category_id: s.categoryId,
      price: s.priceCents === null ? null : toEuros(s.priceCents),
      complex: prices
        .filter((p) => p.complexDishId === s.id)
        .map((p) => ({ id: p.optionDishId, price: toEuros(p.priceCents), category_id: p.categoryId })),
    })),
    categories: cats.map((c) => ({ id: c.id, title: fullText(c.title), position: c.position, group_name: c.groupName, simple: c.simple })),
    ordered_dish_ids: ordered,
  };
}

/** An ISO time from the API: with an offset as given, without one in the provider's zone. */
export function parseMenuTime(value: string, zone: string): Date {
  const hasZone = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(value);
  const dt = hasZone ? DateTime.fromISO(value, { setZone: true }) : DateTime.fromISO(value, { zone });
  if (!dt.isValid) throw new RangeError(`not a time: ${value}`);
  return dt.toJSDate();
}

async function providerZone(db: Db | Tx, providerId: number): Promise<string> {
  const rows = await db.select({ zone: providers.timezone }).from(providers).where(eq(providers.id, providerId));
  return rows[0]?.zone ?? DEFAULT_TIMEZONE;
}

interface PlannedDish {
  dishId: number;
  categoryId: number;
  priceCents: number | null;
  complex: { optionDishId: number; priceCents: number; categoryId: number | null }[];
}

/** Checks a selectedDishes list against the catalogue; answers rows to write or throws one 422. */
async function planDishes(tx: Tx, providerId: number, list: SelectedDishInput[]): Promise<PlannedDish[]> {
  const errors: CodedFieldErrors = {};
  const add = (field: string, text: ErrorText) => (errors[field] ??= []).push(text);
  const ids = [...new Set(list.map((d) => d.id))];
  const dishRows = ids.length
    ? await tx
        .select({ id: dishes.id, type: dishes.type, categoryId: dishes.categoryId })
        .from(dishes)
        .where(and(eq(dishes.providerId, providerId), inArray(dishes.id, ids)))
    : [];
  const dishOf = new Map(dishRows.map((d) => [d.id, d]));
  // Categories named by the request (dishes and priced options) must be this provider's.
  const askedCategories = [
    ...new Set(
      list
        .flatMap((d) => [d.category_id, ...(d.complex ?? []).map((c) => c.category_id)])
        .filter((c): c is number => typeof c === 'number'),
    ),
  ];
  const knownCategories = new Set(
    askedCategories.length
      ? (
          await tx
            .select({ id: categories.id })
            .from(categories)
            .where(and(eq(categories.providerId, providerId), inArray(categories.id, askedCategories)))
        ).map((c) => c.id)
      : [],
  );
  const complexIds = dishRows.filter((d) => d.type !== 'simple').map((d) => d.id);
  const optionRows = complexIds.length
    ? await tx
        .select({ complexId: complexGroups.dishId, optionId: complexOptions.dishId, categoryId: complexGroups.categoryId })
        .from(complexOptions)
        .innerJoin(complexGroups, eq(complexGroups.id, complexOptions.groupId))
        .where(inArray(complexGroups.dishId, complexIds))
    : [];
  const optionCategory = new Map(optionRows.map((o) => [`${o.complexId}:${o.optionId}`, o.categoryId]));

  const seen = new Set<number>();
  const planned: PlannedDish[] = [];
  list.forEach((d, i) => {
    const row = dishOf.get(d.id);
    if (!row) return add(`selectedDishes.${i}.id`, menuText.coded('unknownDish'));
    if (seen.has(d.id)) return add(`selectedDishes.${i}.id`, menuText.coded('duplicateDish'));
    seen.add(d.id);
    if (typeof d.category_id === 'number' && !knownCategories.has(d.category_id))
      add(`selectedDishes.${i}.category_id`, menuText.coded('unknownCategory'));
    const entries = (d.complex ?? []).filter((c) => c.price !== null && c.price !== undefined);
    if (row.type === 'simple' && entries.length) add(`selectedDishes.${i}.complex`, menuText.coded('notComplex'));
    const seenOptions = new Set<number>();
    const complex: PlannedDish['complex'] = [];
    (d.complex ?? []).forEach((c, j) => {
      if (c.price === null || c.price === undefined || row.type === 'simple') return;
      const key = `${d.id}:${c.id}`;
      if (typeof c.category_id === 'number' && !knownCategories.has(c.category_id))
        add(`selectedDishes.${i}.complex.${j}.category_id`, menuText.coded('unknownCategory'));
      if (!optionCategory.has(key)) return add(`selectedDishes.${i}.complex.${j}.id`, menuText.coded('notAnOption'));
      if (seenOptions.has(c.id)) return add(`selectedDishes.${i}.complex.${j}.id`, menuText.coded('duplicateOption'));
      seenOptions.add(c.id);
      complex.push({ optionDishId: c.id, priceCents: toCents(c.price), categoryId: c.category_id ?? optionCategory.get(key) ?? null });
    });
    planned.push({
      dishId: d.id,
      categoryId: typeof d.category_id === 'number' ? d.category_id : row.categoryId,
      priceCents: d.price === null || d.price === undefined ? null : toCents(d.price),
      complex,
    });
  });
  if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
  return planned;
}

/** Makes the menu's dishes, per-menu prices and option prices exactly `planned`; drops stock rows no longer used. */
async function writeDishes(tx: Tx, menuId: number, planned: PlannedDish[]) {
  const ids = planned.map((p) => p.dishId);
  await tx.delete(menuDishes).where(and(eq(menuDishes.menuId, menuId), ids.length ? notInArray(menuDishes.dishId, ids) : undefined));
  if (planned.length) {
    await tx
      .insert(menuDishes)
      .values(planned.map((p) => ({ menuId, dishId: p.dishId, categoryId: p.categoryId, priceCents: p.priceCents })))
      .onConflictDoUpdate({
        target: [menuDishes.menuId, menuDishes.dishId],
        set: { categoryId: sql`excluded.category_id`, priceCents: sql`excluded.price_cents` },
      });
  }
  await tx.delete(menuComplexPrices).where(eq(menuComplexPrices.menuId, menuId));
  const prices = planned.flatMap((p) =>
    p.complex.map((c) => ({
      menuId,
      complexDishId: p.dishId,
      optionDishId: c.optionDishId,
      categoryId: c.categoryId,
      priceCents: c.priceCents,
    })),
  );
  if (prices.length) await tx.insert(menuComplexPrices).values(prices);
  const stocked = await stockDishIds(tx, menuId);
  await tx.delete(balances).where(and(eq(balances.menuId, menuId), stocked.size ? notInArray(balances.dishId, [...stocked]) : undefined));
}

/** The audited fields of a menu (times as ISO strings). */
/** A stored time for the audit entry; a date JavaScript cannot read (repaired in the editor) is null. */
const auditTime = (d: Date) => (Number.isNaN(d.getTime()) ? null : d.toISOString());
function menuFields(m: { title: string; from: Date; to: Date; status: boolean }) {
  return { title: m.title, from: auditTime(m.from), to: auditTime(m.to), status: m.status };
}
const dishIdsOf = (planned: PlannedDish[]) => planned.map((p) => p.dishId).sort((a, b) => a - b);
/**
 * A menu's own prices for the audit log (issue 16, "who changed this price"): per dish id its
 * menu price in cents (null: the catalogue's), and per "setMealId/optionId" the option's price in
 * that set meal on this menu.
 */
type MenuPrices = Record<string, number | null>;

function plannedPrices(planned: PlannedDish[]): MenuPrices {
  const out: MenuPrices = {};
  for (const p of planned) {
    out[String(p.dishId)] = p.priceCents;
    for (const c of p.complex) out[`${p.dishId}/${c.optionDishId}`] = c.priceCents;
  }
  return out;
}

async function storedPrices(tx: Tx, menuId: number): Promise<MenuPrices> {
  const [own, options] = await Promise.all([
    tx.select({ dishId: menuDishes.dishId, price: menuDishes.priceCents }).from(menuDishes).where(eq(menuDishes.menuId, menuId)),
    tx
      .select({ set: menuComplexPrices.complexDishId, option: menuComplexPrices.optionDishId, price: menuComplexPrices.priceCents })
      .from(menuComplexPrices)
      .where(eq(menuComplexPrices.menuId, menuId)),
  ]);
  const out: MenuPrices = {};
  for (const d of own) out[String(d.dishId)] = d.price;
  for (const o of options) out[`${o.set}/${o.option}`] = o.price;
  return out;
}

/** Only the prices that differ (a dish added or removed shows as null on the other side). */
function priceChanges(before: MenuPrices, after: MenuPrices): { before: MenuPrices; after: MenuPrices } | null {
  const b: MenuPrices = {};
  const a: MenuPrices = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [x, y] = [before[key] ?? null, after[key] ?? null];
    if (x === y && key in before === key in after) continue;
    b[key] = x;
    a[key] = y;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

async function menuDishIds(tx: Tx, menuId: number): Promise<number[]> {
  const rows = await tx.select({ id: menuDishes.dishId }).from(menuDishes).where(eq(menuDishes.menuId, menuId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

function checkTimes(from: Date, to: Date) {
  if (to.getTime() < from.getTime()) throw fieldError(t.coded('invalid'), { to: [menuText.coded('toBeforeFrom')] });
}

export async function createMenu(db: Db, providerId: number, input: CreateMenuInput, who: AuditWho): Promise<MenuDetail> {
  const id = await db.transaction(async (tx) => {
    const zone = await providerZone(tx, providerId);
    const from = parseMenuTime(input.from, zone);
    const to = parseMenuTime(input.to, zone);
    checkTimes(from, to);
    const planned = await planDishes(tx, providerId, input.selectedDishes ?? []);
    const [row] = await tx
      .insert(menus)
      .values({ providerId, title: input.title, from, to, status: input.status ?? false })
      .returning({ id: menus.id });
    await writeDishes(tx, row!.id, planned);
    const after = {
      ...menuFields({ title: input.title, from, to, status: input.status ?? false }),
      dish_ids: dishIdsOf(planned),
      prices: plannedPrices(planned),
    };
    await recordAudit(tx, who, { action: 'menu.create', entityType: 'menu', entityId: row!.id, providerId, after });
    return row!.id;
  });
  return getMenu(db, providerId, id);
}

export async function updateMenu(db: Db, providerId: number, id: number, input: UpdateMenuInput, who: AuditWho): Promise<MenuDetail> {
  await db.transaction(async (tx) => {
    // Lock the menu: saves of the same menu apply one after the other, and deletion waits.
    const locked = await tx
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), eq(menus.providerId, providerId)))
      .for('update');
    const menu = locked[0];
    if (!menu) throw new AppError(404, t.coded('notFound'));
    const zone = await providerZone(tx, providerId);
    const from = input.from !== undefined ? parseMenuTime(input.from, zone) : menu.from;
    const to = input.to !== undefined ? parseMenuTime(input.to, zone) : menu.to;
    checkTimes(from, to);
    let planned: PlannedDish[] | null = null;
    if (input.selectedDishes !== undefined) {
      planned = await planDishes(tx, providerId, input.selectedDishes);
      const keep = new Set(planned.map((p) => p.dishId));
      const lost = (await orderedDishIds(tx, id)).filter((d) => !keep.has(d));
      if (lost.length) {
        const names = await tx.select({ title: dishes.title }).from(dishes).where(inArray(dishes.id, lost)).orderBy(asc(dishes.id));
        throw fieldError(t.coded('invalid'), {
          selectedDishes: [menuText.coded('orderedDishes', { names: localNames(names.map((n) => n.title)) })],
        });
      }
    }
    const set: Partial<typeof menus.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.from !== undefined) set.from = from;
    if (input.to !== undefined) set.to = to;
    if (input.status !== undefined) set.status = input.status;
    const dishIdsBefore = planned ? await menuDishIds(tx, id) : undefined;
    const pricesBefore = planned ? await storedPrices(tx, id) : undefined;
    if (Object.keys(set).length) await tx.update(menus).set(set).where(eq(menus.id, id));
    if (planned) await writeDishes(tx, id, planned);
    const fields = changedFields(
      { ...menuFields(menu), dish_ids: dishIdsBefore },
      { ...menuFields({ ...menu, ...set }), dish_ids: planned ? dishIdsOf(planned) : undefined },
    );
    const prices = planned && pricesBefore ? priceChanges(pricesBefore, plannedPrices(planned)) : null;
    if (fields || prices) {
      const before = { ...fields?.before, ...(prices ? { prices: prices.before } : {}) };
      const after = { ...fields?.after, ...(prices ? { prices: prices.after } : {}) };
      await recordAudit(tx, who, { action: 'menu.update', entityType: 'menu', entityId: id, providerId, before, after });
    }
  });
  return getMenu(db, providerId, id);
}

/** Deletes a menu without orders; a menu with any order (even a failed one) is refused with 409. */
export async function deleteMenu(db: Db, providerId: number, id: number, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), eq(menus.providerId, providerId)))
      .for('update');
    if (!locked[0]) throw new AppError(404, t.coded('notFound'));
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.menuId, id))) as [{ count: number }];
    if (count > 0) throw new AppError(409, menuText.coded('menuHasOrders', { count }));
    const before = { ...menuFields(locked[0]), dish_ids: await menuDishIds(tx, id) };
    await tx.delete(menus).where(eq(menus.id, id));
    await recordAudit(tx, who, { action: 'menu.delete', entityType: 'menu', entityId: id, providerId, before });
  });
}

/** A copy's title: the source day in its title (dd.mm.yyyy or yyyy-mm-dd) becomes the copy's. */
function copyTitle(title: string, from: DateTime, day: DateTime): string {
  return title.split(formatDay(from, from.zoneName!)).join(formatDay(day, day.zoneName!)).split(from.toISODate()!).join(day.toISODate()!);
}

/**
 * Copies a menu with its dishes, per-menu prices, set-meal option prices and stock (left plus
 * ordered: the quantities as set) to each of
 * `input.dates` (issue 13, "Menus in a minute"), in one transaction: all copies or none. Times move
 * by whole calendar days in the provider's zone. Each copy is audited as `menu.copy`.
 */
export async function copyMenu(db: Db, providerId: number, id: number, input: CopyMenuInput, who: AuditWho): Promise<MenuSummary[]> {
  const days = [...input.dates].sort();
  if (new Set(days).size !== days.length) throw fieldError(t.coded('invalid'), { dates: [menuText.coded('dayTwice')] });
  const ids = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), eq(menus.providerId, providerId)));
    const source = rows[0];
    if (!source) throw new AppError(404, t.coded('notFound'));
    const zone = await providerZone(tx, providerId);
    const from = DateTime.fromJSDate(source.from, { zone });
    const to = DateTime.fromJSDate(source.to, { zone });
    if (!from.isValid || !to.isValid) throw fieldError(t.coded('invalid'), { from: [menuText.coded('unreadableTimes')] });
    const [dishRows, priceRows, stock] = await Promise.all([
      tx.select().from(menuDishes).where(eq(menuDishes.menuId, id)),
      tx.select().from(menuComplexPrices).where(eq(menuComplexPrices.menuId, id)),
      getBalance(tx, providerId, id),
    ]);
    // The stock as the kitchen set it: what is left plus what orders took (orders take from it).
    const stockRows = stock.balance.filter((b) => b.qty !== null).map((b) => ({ dishId: b.id, qty: b.qty! + b.ordered }));
    const status = input.status ?? source.status;
    const created: number[] = [];
    for (const day of days) {
      const target = DateTime.fromISO(day, { zone });
      const shift = Math.round(target.diff(from.startOf('day'), 'days').days);
      const copy = {
        title: copyTitle(source.title, from, target),
        from: from.plus({ days: shift }).toJSDate(),
        to: to.plus({ days: shift }).toJSDate(),
        status,
      };
      const [row] = await tx
        .insert(menus)
        .values({ providerId, ...copy })
        .returning({ id: menus.id });
      const menuId = row!.id;
      if (dishRows.length)
        await tx
          .insert(menuDishes)
          .values(dishRows.map(({ dishId, categoryId, priceCents }) => ({ menuId, dishId, categoryId, priceCents })));
      if (priceRows.length) await tx.insert(menuComplexPrices).values(priceRows.map(({ menuId: _, ...p }) => ({ ...p, menuId })));
      if (stockRows.length) await tx.insert(balances).values(stockRows.map((b) => ({ ...b, menuId })));
      const after = { ...menuFields(copy), dish_ids: dishRows.map((d) => d.dishId).sort((a, b) => a - b), copied_from: id };
      await recordAudit(tx, who, { action: 'menu.copy', entityType: 'menu', entityId: menuId, providerId, after });
      created.push(menuId);
    }
    return created;
  });
  const copies = await db.select(summaryColumns()).from(menus).where(inArray(menus.id, ids)).orderBy(asc(menus.from), asc(menus.id));
  return copies.map(presentSummary);
}

// ---------------------------------------------------------------- balances

/** Dishes whose stock matters on a menu: its dishes and every option of its set meals. */
async function stockDishIds(db: Db | Tx, menuId: number): Promise<Set<number>> {
  const rows = await db.execute<{ dish_id: number }>(sql`
    select ${menuDishes.dishId} as dish_id from ${menuDishes} where ${menuDishes.menuId} = ${menuId}
    union
    select o.dish_id from ${menuDishes} md
      join ${complexGroups} g on g.dish_id = md.dish_id
      join ${complexOptions} o on o.group_id = g.id
    where md.menu_id = ${menuId}`);
  return new Set(rows.rows.map((r) => r.dish_id));
}

async function assertMenu(db: Db | Tx, providerId: number, id: number) {
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, id), eq(menus.providerId, providerId)));
  if (!rows[0]) throw new AppError(404, t.coded('notFound'));
}

export async function getBalance(db: Db | Tx, providerId: number, menuId: number): Promise<MenuBalance> {
  await assertMenu(db, providerId, menuId);
  const res = await db.execute<{ id: number; category_id: number; in_menu: boolean; qty: number | null; ordered: number }>(sql`
    with stock as (
      select md.dish_id, md.category_id, true as in_menu from ${menuDishes} md where md.menu_id = ${menuId}
      union all
      select o.dish_id, d.category_id, false from ${menuDishes} md
        join ${complexGroups} g on g.dish_id = md.dish_id
        join ${complexOptions} o on o.group_id = g.id
        join ${dishes} d on d.id = o.dish_id
      where md.menu_id = ${menuId}
    ),
    wanted as (
      select dish_id, (array_agg(category_id order by in_menu desc))[1] as category_id, bool_or(in_menu) as in_menu
      from stock group by dish_id
    ),
    used as (
      select dish_id, sum(qty)::int as n from (
        select oi.dish_id, oi.qty from ${orderItems} oi join ${orders} o on o.id = oi.order_id
        where o.menu_id = ${menuId} and o.status in (1, 2)
        union all
        select oio.dish_id, oi.qty from ${orderItemOptions} oio
          join ${orderItems} oi on oi.id = oio.order_item_id
          join ${orders} o on o.id = oi.order_id
        where o.menu_id = ${menuId} and o.status in (1, 2)
      ) x group by dish_id
    )
    select w.dish_id as id, w.category_id, w.in_menu, b.qty, coalesce(u.n, 0) as ordered
    from wanted w
    join ${dishes} d on d.id = w.dish_id
    join ${categories} c on c.id = w.category_id
    left join ${balances} b on b.menu_id = ${menuId} and b.dish_id = w.dish_id
    left join used u on u.dish_id = w.dish_id
    order by w.in_menu desc, c.position, c.id, d.position, d.id`);
  return {
    balance: res.rows.map((r) => ({ id: r.id, qty: r.qty, category_id: r.category_id, ordered: Number(r.ordered), in_menu: r.in_menu })),
  };
}

/** Sets the stock of the listed dishes (null = unlimited); the others keep theirs. */
export async function setBalance(db: Db, providerId: number, menuId: number, input: BalanceInput, who: AuditWho): Promise<MenuBalance> {
  await db.transaction(async (tx) => {
    await assertMenu(tx, providerId, menuId);
    const allowed = await stockDishIds(tx, menuId);
    const errors: CodedFieldErrors = {};
    const seen = new Set<number>();
    input.balance.forEach((b, i) => {
      if (!allowed.has(b.id)) errors[`balance.${i}.id`] = [menuText.coded('notOnMenu')];
      else if (seen.has(b.id)) errors[`balance.${i}.id`] = [menuText.coded('listedTwice')];
      seen.add(b.id);
    });
    if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
    if (input.balance.length === 0) return;
    // Rows written in dish-id order, the same order orders lock them in, so the two never deadlock.
    const rows = [...input.balance].sort((a, b) => a.id - b.id).map((b) => ({ menuId, dishId: b.id, qty: b.qty }));
    const old = await tx
      .select({ dishId: balances.dishId, qty: balances.qty })
      .from(balances)
      .where(
        and(
          eq(balances.menuId, menuId),
          inArray(
            balances.dishId,
            rows.map((r) => r.dishId),
          ),
        ),
      );
    // Stock per dish id, only the dishes whose stock changes (no row and null both mean unlimited).
    const qtyBefore = new Map(old.map((o) => [o.dishId, o.qty]));
    const changed = rows.filter((r) => (qtyBefore.get(r.dishId) ?? null) !== r.qty);
    if (changed.length) {
      const before = { qty: Object.fromEntries(changed.map((r) => [r.dishId, qtyBefore.get(r.dishId) ?? null])) };
      const after = { qty: Object.fromEntries(changed.map((r) => [r.dishId, r.qty])) };
      await recordAudit(tx, who, { action: 'balance.update', entityType: 'menu', entityId: menuId, providerId, before, after });
    }
    await tx
      .insert(balances)
      .values(rows)
      .onConflictDoUpdate({ target: [balances.menuId, balances.dishId], set: { qty: sql`excluded.qty` } });
  });
  return getBalance(db, providerId, menuId);
}

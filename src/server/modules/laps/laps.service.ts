import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { toCents, toEuros } from '../../../shared/money.js';
import type { KitchenDish, KitchenGroup } from '../../../shared/schemas/kitchen.js';
import {
  addStop,
  moveStop,
  removeStop,
  type CashBalanceInput,
  type CashBalanceResult,
  type CreateLapInput,
  type Lap,
  type LapList,
  type LapLocation,
  type LapReport,
  type StopStatus,
  type UpdateLapInput,
} from '../../../shared/schemas/laps.js';
import type { DishlistSummary } from '../../../shared/schemas/ordering.js';
import type { OrderTotals } from '../../../shared/schemas/orders.js';
import type { Db, Tx } from '../../db/client.js';
import {
  cashBalances,
  dishes,
  lapLocations,
  laps,
  ledgerEntries,
  locations,
  orderItemOptions,
  orderItems,
  orders,
  portionHandovers,
} from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import { lapCashEntry } from '../../lib/ledger.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { euroText, renderPdf, table } from '../../lib/pdf/pdf.js';
import { dishAllergenTexts, lineAllergensText, lineUnconfirmed, unconfirmedDishes } from '../orders/allergens.read.js';
import { countDishes } from '../kitchen/kitchen.counts.js';
import { kitchenText } from '../kitchen/kitchen.messages.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { lapText } from './laps.messages.js';
import { stopStatusesOf } from './laps.day.js';
import { orderSums, placedOrder } from '../orders/placed.read.js';
import { locationAddressLine } from '../../lib/address-sql.js';
import { formatDayTime } from '../../lib/dates.js';

/** Orders that count: placed (status 2). */

/** A stop's address is shown on one line (street, city, post code). */
const locationColumns = { id: locations.id, title: locations.title, address: locationAddressLine, status: locations.status };

// ---------------------------------------------------------------- laps

type LapRow = typeof laps.$inferSelect;

async function stopsOf(db: Db | Tx, lapIds: number[]): Promise<Map<number, LapLocation[]>> {
  const byLap = new Map<number, LapLocation[]>(lapIds.map((id) => [id, []]));
  if (lapIds.length === 0) return byLap;
  const rows = await db
    .select({ lapId: lapLocations.lapId, ...locationColumns })
    .from(lapLocations)
    .innerJoin(locations, eq(locations.id, lapLocations.locationId))
    .where(inArray(lapLocations.lapId, lapIds))
    .orderBy(asc(lapLocations.lapId), asc(lapLocations.position), asc(lapLocations.locationId));
  for (const { lapId, ...l } of rows) byLap.get(lapId)!.push(l);
  return byLap;
}

/** 'HH:MM' of a `time` column ('HH:MM:SS'), null as null. */
export const hourMinute = (time: string | null): string | null => (time === null ? null : time.slice(0, 5));

function presentLap(l: LapRow, stops: LapLocation[]): Lap {
  return {
    id: l.id,
    title: l.title,
    position: l.position,
    active: l.active,
    departs_at: hourMinute(l.departsAt),
    locations: stops.map((s) => s.id),
    locations_count: stops.length,
    stops,
  };
}

/** GET /app/laps: the provider's laps in position order, and the locations on no lap. */
export async function listLaps(db: Db, providerId: number): Promise<LapList> {
  const rows = await db.select().from(laps).where(eq(laps.providerId, providerId)).orderBy(asc(laps.position), asc(laps.id));
  const stops = await stopsOf(
    db,
    rows.map((r) => r.id),
  );
  const unassigned = await db
    .select(locationColumns)
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .where(isNull(lapLocations.lapId))
    .orderBy(asc(sql`lower(${locations.title})`), asc(locations.id));
  return { data: rows.map((r) => presentLap(r, stops.get(r.id)!)), unassigned };
}

async function readLap(db: Db | Tx, providerId: number, lapId: number): Promise<Lap> {
  const [row] = await db
    .select()
    .from(laps)
    .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId)));
  if (!row) throw new AppError(404, t.coded('notFound'));
  return presentLap(row, (await stopsOf(db, [row.id])).get(row.id)!);
}

/**
 * Refuses locations that may not join lap `lapId` (null: a new lap): unknown ones and those on
 * another provider's lap ("Location not found"), and those on another lap of this provider.
 */
async function checkJoining(tx: Tx, providerId: number, lapId: number | null, ids: { id: number; field: string }[]) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: locations.id, lapId: laps.id, lapTitle: laps.title, lapProvider: laps.providerId })
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .leftJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(
      inArray(
        locations.id,
        ids.map((i) => i.id),
      ),
    );
  const found = new Map(rows.map((r) => [r.id, r]));
  const errors: CodedFieldErrors = {};
  for (const { id, field } of ids) {
    const r = found.get(id);
    if (!r || (r.lapId !== null && r.lapProvider !== providerId)) errors[field] = [lapText.coded('locationNotFound')];
    else if (r.lapId !== null && r.lapId !== lapId) errors[field] = [lapText.coded('onOtherLap', { title: r.lapTitle ?? '' })];
  }
  if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
}

async function writeStops(tx: Tx, lapId: number, ids: number[]) {
  await tx.delete(lapLocations).where(eq(lapLocations.lapId, lapId));
  if (ids.length) await tx.insert(lapLocations).values(ids.map((locationId, position) => ({ lapId, locationId, position })));
}

/** POST /app/laps. */
export async function createLap(db: Db, providerId: number, input: CreateLapInput, who: AuditWho): Promise<Lap> {
  return db.transaction(async (tx) => {
    const ids = input.locations ?? [];
    await checkJoining(
      tx,
      providerId,
      null,
      ids.map((id, i) => ({ id, field: `locations.${i}` })),
    );
    let position = input.position;
    if (position === undefined) {
      const [last] = await tx
        .select({ p: max(laps.position) })
        .from(laps)
        .where(eq(laps.providerId, providerId));
      position = (last?.p ?? 0) + 1;
    }
    const [row] = await tx
      .insert(laps)
      .values({ providerId, title: input.title, active: input.active ?? true, departsAt: input.departs_at ?? null, position })
      .returning();
    await writeStops(tx, row!.id, ids);
    const after = {
      title: row!.title,
      active: row!.active,
      departs_at: hourMinute(row!.departsAt),
      position: row!.position,
      location_ids: ids,
    };
    await recordAudit(tx, who, { action: 'lap.create', entityType: 'lap', entityId: row!.id, providerId, after });
    return readLap(tx, providerId, row!.id);
  });
}

/** PUT /app/laps/{id}: fields, and the locations as a whole list or one step (add, remove, move). */
export async function updateLap(db: Db, providerId: number, lapId: number, input: UpdateLapInput, who: AuditWho): Promise<Lap> {
  return db.transaction(async (tx) => {
    // The lap row is locked so two editors' steps apply one after the other.
    const [row] = await tx
      .select()
      .from(laps)
      .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId)))
      .for('update');
    if (!row) throw new AppError(404, t.coded('notFound'));

    const current = (
      await tx
        .select({ id: lapLocations.locationId })
        .from(lapLocations)
        .where(eq(lapLocations.lapId, lapId))
        .orderBy(asc(lapLocations.position), asc(lapLocations.locationId))
    ).map((r) => r.id);
    let next: number[] | null = null;
    if (input.locations !== undefined) {
      const list = input.locations;
      await checkJoining(
        tx,
        providerId,
        lapId,
        list.map((id, i) => ({ id, field: `locations.${i}` })).filter((x) => !current.includes(x.id)),
      );
      next = list;
    } else if (input.add !== undefined) {
      await checkJoining(tx, providerId, lapId, [{ id: input.add, field: 'add' }]);
      next = addStop(current, input.add);
    } else if (input.remove !== undefined) {
      if (!current.includes(input.remove)) throw fieldError(t.coded('invalid'), { remove: [lapText.coded('notOnLap')] });
      next = removeStop(current, input.remove);
    } else if (input.move !== undefined) {
      const index = current.indexOf(input.move.location_id);
      if (index < 0) throw fieldError(t.coded('invalid'), { 'move.location_id': [lapText.coded('notOnLap')] });
      next = moveStop(current, index, input.move.offset);
    }

    const set: Partial<typeof laps.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.active !== undefined) set.active = input.active;
    if (input.departs_at !== undefined) set.departsAt = input.departs_at;
    if (input.position !== undefined) set.position = input.position;
    if (Object.keys(set).length) await tx.update(laps).set(set).where(eq(laps.id, lapId));
    if (next && (next.length !== current.length || next.some((id, i) => id !== current[i]))) await writeStops(tx, lapId, next);
    await recordChange(tx, who, {
      action: 'lap.update',
      entityType: 'lap',
      entityId: lapId,
      providerId,
      before: {
        title: row.title,
        active: row.active,
        departs_at: hourMinute(row.departsAt),
        position: row.position,
        location_ids: current,
      },
      after: {
        title: set.title ?? row.title,
        active: set.active ?? row.active,
        departs_at: hourMinute(set.departsAt !== undefined ? set.departsAt : row.departsAt),
        position: set.position ?? row.position,
        location_ids: next ?? current,
      },
    });
    return readLap(tx, providerId, lapId);
  });
}

// ---------------------------------------------------------------- report

interface Cents {
  cash: number;
  card: number;
  subsidy: number;
  bonus: number;
  total: number;
  count: number;
}

interface ReportLocationCents {
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
}

interface ReportCents {
  lap: { id: number; title: string; active: boolean };
  dishlist: DishlistSummary;
  dishes: KitchenGroup[];
  initials: KitchenDish[];
  locations: ReportLocationCents[];
}

const zero = (): Cents => ({ cash: 0, card: 0, subsidy: 0, bonus: 0, total: 0, count: 0 });

const sums = orderSums;

/** Everything of the report in cents: the JSON answer and the PDF are made from it. */
async function loadReport(db: Db, providerId: number, lapId: number, menuId: number, lang: Lang): Promise<ReportCents> {
  const [lapRow] = await db
    .select()
    .from(laps)
    .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId)));
  if (!lapRow) throw new AppError(404, t.coded('notFound'));
  const menu = await providerMenu(db, providerId, menuId);
  const stops = (await stopsOf(db, [lapId])).get(lapId)!;
  const ids = stops.map((s) => s.id);
  const base = { lap: { id: lapRow.id, title: lapRow.title, active: lapRow.active }, dishlist: presentSummary(menu) };
  if (ids.length === 0) return { ...base, dishes: [], initials: [], locations: [] };

  const placed = and(eq(orders.menuId, menuId), placedOrder(), inArray(orders.locationId, ids));
  const [perLocation, balances, counts, contacts, handOver, handed, statuses] = await Promise.all([
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
  ]);
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
    })),
  };
}

function totalsOf(list: ReportLocationCents[]) {
  const s = zero();
  let balance = 0;
  for (const l of list) {
    for (const k of Object.keys(s) as (keyof Cents)[]) s[k] += l.sums[k];
    balance += l.balance ?? 0;
  }
  return { sums: s, balance, outstanding: s.cash - balance };
}

function euros(s: Cents): OrderTotals {
  return {
    cash: toEuros(s.cash),
    card: toEuros(s.card),
    subsidy: toEuros(s.subsidy),
    bonus: toEuros(s.bonus),
    total: toEuros(s.total),
    count: s.count,
  };
}

/** GET /app/laps/report/{lapId}/{menuId}. */
export async function lapReport(db: Db, providerId: number, lapId: number, menuId: number, lang: Lang): Promise<LapReport> {
  const r = await loadReport(db, providerId, lapId, menuId, lang);
  const total = totalsOf(r.locations);
  return {
    lap: r.lap,
    dishlist: r.dishlist,
    dishes: r.dishes,
    initials: r.initials,
    locations: r.locations.map((l) => ({
      id: l.id,
      title: l.title,
      address: l.address,
      totals: euros(l.sums),
      cash_to_collect: toEuros(l.sums.cash),
      cash_balance: l.balance === null ? null : toEuros(l.balance),
      current_payment: toEuros(l.sums.cash - (l.balance ?? 0)),
      contact_name: l.contactName,
      contact_phone: l.contactPhone,
      bags: l.sums.count,
      hand_over: l.handOver,
      portions: l.handOver.reduce((n, h) => n + h.qty, 0),
      handed_over: l.handedOver,
      status: l.status,
    })),
    totals: {
      ...euros(total.sums),
      cash_to_collect: toEuros(total.sums.cash),
      cash_balance: toEuros(total.balance),
      current_payment: toEuros(total.outstanding),
    },
  };
}

/**
 * The allergens of what a stop gets, per location and dish ("locationId:dishId"), in words: the
 * ordered lines' allergens (a set meal's with its chosen options) added up, or that some were
 * never confirmed (decision 034).
 */
async function handOverAllergens(db: Db, menuId: number, locationIds: number[], lang: Lang): Promise<Map<string, string>> {
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

/** GET /app/laps/print-report/{lapId}/{menuId}: the report as a PDF (A4). */
export async function lapReportPdf(db: Db, providerId: number, lapId: number, menuId: number, now: Date, lang: Lang): Promise<Buffer> {
  const r = await loadReport(db, providerId, lapId, menuId, lang);
  // Allergens in words: of each dish to load (as the catalogue has them), of what each stop gets (as ordered).
  const [dishAllergens, stopAllergens] = await Promise.all([
    dishAllergenTexts(
      db,
      r.dishes.flatMap((g) => g.data.map((d) => d.id)),
      lang,
    ),
    handOverAllergens(
      db,
      menuId,
      r.locations.map((l) => l.id),
      lang,
    ),
  ]);
  const total = totalsOf(r.locations);
  const tx = (k: Parameters<typeof lapText>[1], p?: Record<string, string>) => lapText(lang, k, p);
  const zone = r.dishlist.timezone;
  const when = (d: string | Date) => formatDayTime(typeof d === 'string' ? new Date(d) : d, zone);
  const money = (cents: number, bold = false): TableCell => ({ text: euroText(cents, lang), alignment: 'right', bold });
  const right = (text: string | number, bold = false): TableCell => ({ text: String(text), alignment: 'right', bold });

  const loadRows: TableCell[][] = r.dishes.flatMap((g) =>
    g.data.map((d, i) => [
      { text: i === 0 ? g.title : '' },
      { text: d.title },
      { text: dishAllergens.get(d.id) ?? '', style: 'small' },
      right(d.qty, true),
    ]),
  );
  const dishesBlock: Content[] =
    loadRows.length === 0 && r.initials.length === 0
      ? [{ text: tx('none') }]
      : [
          table([tx('category'), tx('dish'), kitchenText(lang, 'allergens'), tx('qty')], loadRows, ['auto', '*', 200, 'auto']),
          ...(r.initials.length
            ? [{ text: `${tx('setMeals')}: ${r.initials.map((s) => `${s.title} × ${s.qty}`).join(', ')}`, margin: [0, 6, 0, 0] } as Content]
            : []),
        ];

  const stopRows: TableCell[][] = r.locations.map((l, i) => [
    right(i + 1),
    { stack: [{ text: l.title, bold: true }, ...(l.address ? [{ text: l.address, style: 'small' }] : [])] },
    right(l.sums.count),
    money(l.sums.total),
    money(l.sums.card),
    money(l.sums.subsidy + l.sums.bonus),
    money(l.sums.cash, true),
    l.balance === null ? right(tx('notRecorded')) : money(l.balance),
    money(l.sums.cash - (l.balance ?? 0)),
  ]);
  const footer: TableCell[] = [
    { text: tx('total'), style: 'total', colSpan: 2 },
    {},
    right(total.sums.count, true),
    money(total.sums.total, true),
    money(total.sums.card, true),
    money(total.sums.subsidy + total.sums.bonus, true),
    money(total.sums.cash, true),
    money(total.balance, true),
    money(total.outstanding, true),
  ];
  const stopsBlock: Content =
    stopRows.length === 0
      ? { text: tx('noLocations') }
      : table(
          [
            '#',
            tx('location'),
            tx('orders'),
            tx('total'),
            tx('card'),
            tx('subsidyBonus'),
            tx('cashToCollect'),
            tx('cashBalance'),
            tx('currentPayment'),
          ],
          stopRows,
          ['auto', '*', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto'],
          footer,
        );

  // The lap sheet (issue 13): per stop who receives, how many bags, what to hand over, its status.
  const sheetRows: TableCell[][] = r.locations.map((l, i) => [
    right(i + 1),
    { stack: [{ text: l.title, bold: true }, ...(l.address ? [{ text: l.address, style: 'small' }] : [])] },
    { stack: [{ text: l.contactName || '—' }, ...(l.contactPhone ? [{ text: l.contactPhone, bold: true }] : [])] },
    right(l.sums.count, true),
    l.handOver.length
      ? {
          stack: l.handOver.flatMap((h) => [
            { text: `${h.title} × ${h.qty}` },
            { text: stopAllergens.get(`${l.id}:${h.id}`) ?? '', style: 'small', margin: [0, 0, 0, 2] } as Content,
          ]),
        }
      : { text: '—' },
    {
      text: l.status
        ? `${tx(l.status.status)}${l.status.status === 'delivered' && l.status.delivered_at ? ` ${when(l.status.delivered_at)}` : ''}${l.status.note ? `: ${l.status.note}` : ''}`
        : '',
    },
  ]);
  const sheetBlock: Content[] =
    sheetRows.length === 0
      ? []
      : [
          { text: tx('sheet'), bold: true, fontSize: 11, margin: [0, 12, 0, 4], pageBreak: 'before' },
          table(['#', tx('location'), tx('contact'), tx('bags'), tx('handOver'), tx('status')], sheetRows, [
            'auto',
            '*',
            'auto',
            'auto',
            '*',
            'auto',
          ]),
        ];

  const d = r.dishlist;
  return renderPdf({
    info: { title: `${tx('reportTitle')} — ${r.lap.title} — ${d.title}` },
    pageOrientation: 'landscape',
    content: [
      { text: `${tx('reportTitle')}: ${r.lap.title}`, style: 'title' },
      { text: `${tx('menu')}: ${d.title} (${when(d.from)} – ${when(d.to)})`, style: 'subtitle' },
      { text: tx('toLoad'), bold: true, fontSize: 11, margin: [0, 0, 0, 4] },
      ...dishesBlock,
      { text: tx('stops'), bold: true, fontSize: 11, margin: [0, 12, 0, 4] },
      stopsBlock,
      ...sheetBlock,
      { text: tx('generated', { date: when(now) }), style: 'small', margin: [0, 8, 0, 0] },
    ],
  });
}

// ---------------------------------------------------------------- cash balance

/** POST /app/cashbalance/{menuId}: records (replaces) the cash collected at a location. */
export async function recordCashBalance(
  db: Db,
  providerId: number,
  menuId: number,
  input: CashBalanceInput,
  userId: number,
  now: Date,
  who: AuditWho,
): Promise<CashBalanceResult> {
  await providerMenu(db, providerId, menuId);
  const [loc] = await db
    .select({ id: locations.id, lapProvider: laps.providerId })
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .leftJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(eq(locations.id, input.location_id));
  if (!loc || (loc.lapProvider !== null && loc.lapProvider !== providerId)) {
    throw new AppError(404, t.coded('notFound'), { location_id: [lapText.coded('locationNotFound')] });
  }
  const amountCents = toCents(input.amount);
  const row = await db.transaction(async (tx) => {
    const key = and(eq(cashBalances.menuId, menuId), eq(cashBalances.locationId, input.location_id));
    const [old] = await tx.select({ amount_cents: cashBalances.amountCents }).from(cashBalances).where(key).for('update');
    const [row] = await tx
      .insert(cashBalances)
      .values({ menuId, locationId: input.location_id, amountCents, createdById: userId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [cashBalances.menuId, cashBalances.locationId],
        set: { amountCents, createdById: userId, updatedAt: now },
      })
      .returning({ amount: cashBalances.amountCents });
    const [before, after] = [old ?? null, { amount_cents: amountCents }];
    const entityId = `${menuId}:${input.location_id}`;
    await recordAudit(tx, who, { action: 'lap.cash', entityType: 'cash_balance', entityId, providerId, before, after });
    // The ledger gets the change (decision 038). The row's lock (taken above) makes a parallel
    // recording wait and then read this one's entry: the entries always sum to the amount.
    const [sum] = await tx
      .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'lap_cash'), eq(ledgerEntries.menuId, menuId), eq(ledgerEntries.locationId, input.location_id)));
    await lapCashEntry(tx, {
      menuId,
      locationId: input.location_id,
      providerId,
      amountCents: row!.amount - sum!.sum,
      at: now,
      actorId: userId,
    });
    return row!;
  });
  return { amount: toEuros(row.amount) };
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { HandoverPortion, HandoverResult, LabelLayout } from '../../../shared/schemas/kitchen.js';
import type { Db, Tx } from '../../db/client.js';
import { laps, locations, orderItemOptions, orderItems, orders, portionHandovers, shifts, users } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { handoverLink } from '../../lib/links.js';
import { renderPdf, table } from '../../lib/pdf/pdf.js';
import { deliveryOrder, deliveryStops } from '../laps/laps.delivery.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { loadOrderLines } from '../orders/orders.read.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { ORDER_STATUS, placedOrder } from '../orders/placed.read.js';
import { allergenListText, dishAllergenTexts, lineUnconfirmed, unconfirmedDishes } from '../orders/allergens.read.js';
import { countDishes } from './kitchen.counts.js';
import { renderLabels, type Label } from './kitchen.labels.js';
import { kitchenText } from './kitchen.messages.js';
import { formatDay, formatDayTime } from '../../lib/dates.js';

/*
 * The kitchen's print-outs (issue 14, decision 040): the production sheet (what to cook, then what
 * to pack per lap and location) and the labels (one per ordered portion, with a QR code of its
 * hand-over address). Only placed orders (cancelled ones are never printed), in delivery order:
 * active laps by position and their stops in order, then locations on no lap by title, then
 * orders without a location.
 */

/** What to print: the whole menu, one lap, or one location. */
export interface PrintScope {
  lapId?: number;
  locationId?: number;
}

interface PackLine {
  itemId: number;
  title: string;
  qty: number;
  options: string[];
  /** Allergens the line contains (the dish and its chosen options, as ordered). */
  allergens: string[];
  /** The eater avoids one of them (warned when ordering). */
  flagged: boolean;
  /** Those the eater avoids. */
  avoided: string[];
  /** Some dish of the line never had its allergens confirmed (decision 034). */
  unknown: boolean;
}

interface PackOrder {
  id: number;
  name: string;
  shift: string | null;
  comment: string;
  /** Allergens the eater avoids that are in this order. */
  warnings: string[];
  lines: PackLine[];
}

interface PackStop {
  locationId: number | null;
  title: string;
  /** 1-based stop number on its lap; null off a lap. */
  stop: number | null;
  orders: PackOrder[];
}

interface PackLap {
  id: number | null;
  title: string;
  stops: PackStop[];
}

/** The menu's placed orders grouped per lap and stop, in delivery order, within `scope`. */
async function loadPacking(db: Db, providerId: number, menuId: number, scope: PrintScope, lang: Lang) {
  const menu = await providerMenu(db, providerId, menuId);
  const stopOf = await deliveryStops(db, providerId);
  if (scope.lapId !== undefined) {
    const [lap] = await db
      .select({ id: laps.id })
      .from(laps)
      .where(and(eq(laps.id, scope.lapId), eq(laps.providerId, providerId)));
    if (!lap) throw new AppError(404, kitchenText.coded('lapNotFound'));
  }
  if (scope.locationId !== undefined) {
    const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, scope.locationId));
    if (!loc) throw new AppError(404, kitchenText.coded('locationNotFound'));
  }
  const lapLocationIds =
    scope.lapId !== undefined ? [...stopOf].filter(([, s]) => s.lapId === scope.lapId).map(([locationId]) => locationId) : null;
  if (lapLocationIds && lapLocationIds.length === 0) return { menu, laps: [] as PackLap[] };

  const rows = await db
    .select({
      id: orders.id,
      name: users.firstName,
      email: users.email,
      locationId: orders.locationId,
      location: locations.title,
      shift: shifts.title,
      comment: orders.comment,
      warnings: orders.allergenWarnings,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .leftJoin(shifts, eq(shifts.id, orders.shiftId))
    .where(
      and(
        eq(orders.menuId, menuId),
        placedOrder(),
        lapLocationIds ? inArray(orders.locationId, lapLocationIds) : undefined,
        scope.locationId !== undefined ? eq(orders.locationId, scope.locationId) : undefined,
      ),
    )
    .orderBy(asc(orders.id));
  const [linesOfOrder, titles] = await Promise.all([
    loadOrderLines(
      db,
      rows.map((r) => r.id),
    ),
    allergenTitlesOf(db),
  ]);
  const ordered = [...linesOfOrder.values()].flat();
  const unconfirmed = await unconfirmedDishes(
    db,
    ordered.flatMap((i) => [i.dishId, ...i.options.map((o) => o.dishId)]),
  );
  const warningsOf = new Map(rows.map((r) => [r.id, r.warnings]));
  const linesOf = new Map<number, PackLine[]>();
  for (const [orderId, items] of linesOfOrder) {
    const warned = warningsOf.get(orderId) ?? [];
    linesOf.set(
      orderId,
      items.map((i) => ({
        itemId: i.id,
        title: pickText(i.title, lang),
        qty: i.qty,
        options: i.options.map((o) => pickText(o.title, lang)),
        allergens: namedAllergens(titles, i.allergenIds, lang).map((a) => a.title),
        flagged: i.allergenIds.some((a) => warned.includes(a)),
        avoided: namedAllergens(
          titles,
          i.allergenIds.filter((a) => warned.includes(a)),
          lang,
        ).map((a) => a.title),
        unknown: lineUnconfirmed(unconfirmed, { dishId: i.dishId, optionIds: i.options.map((o) => o.dishId) }),
      })),
    );
  }

  const byDelivery = deliveryOrder(stopOf, lang);
  const sorted = [...rows].sort((a, b) => byDelivery(a, b) || (a.name || a.email).localeCompare(b.name || b.email, lang) || a.id - b.id);
  const result: PackLap[] = [];
  for (const r of sorted) {
    const s = r.locationId !== null ? stopOf.get(r.locationId) : undefined;
    const lapKey = s ? s.lapId : null;
    let lap = result.at(-1);
    if (!lap || lap.id !== lapKey || (lapKey === null && lap.id !== null)) {
      lap = { id: lapKey, title: s ? s.lapTitle : kitchenText(lang, 'noLap'), stops: [] };
      result.push(lap);
    }
    let stop = lap.stops.at(-1);
    if (!stop || stop.locationId !== r.locationId) {
      stop = { locationId: r.locationId, title: r.location ?? kitchenText(lang, 'noLocation'), stop: s?.stop ?? null, orders: [] };
      lap.stops.push(stop);
    }
    stop.orders.push({
      id: r.id,
      name: r.name.trim() || r.email,
      shift: r.shift,
      comment: r.comment,
      warnings: namedAllergens(titles, r.warnings, lang).map((a) => a.title),
      lines: linesOf.get(r.id) ?? [],
    });
  }
  return { menu, laps: result };
}

const ALERT = '#b42318';
const dayOf = formatDay;
const stamp = formatDayTime;
const lineText = (l: PackLine) => `${l.qty} × ${l.title}${l.options.length ? ` (${l.options.join(', ')})` : ''}`;

/**
 * GET /app/kitchen/{menuId}/production-sheet: A4. First what to prepare per category (dishes and
 * the options chosen in set meals, counted as their dishes, with totals; the set meals themselves
 * listed after), then per lap and stop what to pack for each person, with allergen flags.
 */
export async function productionSheetPdf(db: Db, providerId: number, menuId: number, scope: PrintScope, now: Date, lang: Lang) {
  const { menu, laps: packing } = await loadPacking(db, providerId, menuId, scope, lang);
  const tx = (k: Parameters<typeof kitchenText>[1], p?: Record<string, string | number>) => kitchenText(lang, k, p);
  const zone = menu.timezone;
  const locationIds = [...new Set(packing.flatMap((l) => l.stops.map((s) => s.locationId)).filter((id): id is number => id !== null))];
  const scoped = scope.lapId !== undefined || scope.locationId !== undefined;
  const counts =
    scoped && locationIds.length === 0
      ? { dishes: [], initials: [] }
      : await countDishes(db, menuId, lang, scoped ? locationIds : undefined);
  const right = (v: string | number, bold = false): TableCell => ({ text: String(v), alignment: 'right', bold });
  const allergensOf = await dishAllergenTexts(
    db,
    counts.dishes.flatMap((g) => g.data.map((d) => d.id)),
    lang,
  );

  const prepare: Content[] = [];
  let portions = 0;
  for (const g of counts.dishes) {
    const total = g.data.reduce((s, d) => s + d.qty, 0);
    portions += total;
    prepare.push({ text: g.title, bold: true, fontSize: 11, margin: [0, 6, 0, 2] });
    prepare.push(
      table(
        [tx('dish'), tx('allergens'), tx('qty')],
        g.data.map((d) => [{ text: d.title }, { text: allergensOf.get(d.id) ?? '', style: 'small' }, right(d.qty, true)]),
        ['*', 170, 50],
        [{ text: tx('categoryTotal'), style: 'total' }, { text: '' }, right(total, true)],
      ),
    );
  }
  if (counts.initials.length) {
    prepare.push({ text: `${tx('setMeals')}: ${counts.initials.map((s) => `${s.title} × ${s.qty}`).join(', ')}`, margin: [0, 6, 0, 0] });
  }
  prepare.push(
    counts.dishes.length
      ? { text: `${tx('portionsTotal')}: ${portions}`, bold: true, fontSize: 11, margin: [0, 8, 0, 0] }
      : { text: tx('nothing') },
  );

  const pack: Content[] = [];
  for (const lap of packing) {
    pack.push({ text: lap.id === null ? lap.title : `${tx('lap')}: ${lap.title}`, style: 'title', fontSize: 13, margin: [0, 10, 0, 4] });
    for (const stop of lap.stops) {
      const heading = stop.stop !== null ? `${stop.stop}. ${stop.title}` : stop.title;
      pack.push({ text: heading, bold: true, fontSize: 11, margin: [0, 6, 0, 2] });
      // One row per line, its allergens beside it (those its eater avoids first, in words).
      const rows: TableCell[][] = stop.orders.flatMap((o) => {
        const span = Math.max(1, o.lines.length);
        const person: TableCell = {
          rowSpan: span,
          stack: [
            { text: o.name, bold: true },
            ...(o.shift ? [{ text: `${tx('shift')}: ${o.shift}`, style: 'small' }] : []),
            ...(o.warnings.length ? [{ text: tx('warned', { list: o.warnings.join(', ') }), bold: true, color: ALERT }] : []),
          ],
        };
        const comment = o.comment ? [{ text: `${tx('comment')}: ${o.comment}`, italics: true }] : [];
        if (o.lines.length === 0)
          return [[person, { text: String(o.id), alignment: 'right', rowSpan: span }, { stack: comment }, { text: '' }]];
        return o.lines.map((l, i): TableCell[] => [
          i === 0 ? person : {},
          i === 0 ? { text: String(o.id), alignment: 'right', rowSpan: span } : {},
          { stack: [{ text: lineText(l), bold: l.flagged }, ...(i === o.lines.length - 1 ? comment : [])] },
          {
            stack: [
              ...(l.avoided.length ? [{ text: tx('warned', { list: l.avoided.join(', ') }), bold: true, color: ALERT }] : []),
              { text: allergenListText(l.allergens, l.unknown, lang), bold: l.unknown },
            ],
          },
        ]);
      });
      // The order column as wide as its header word ("Pasūtījums"), never breaking it.
      pack.push(table([tx('person'), tx('order'), tx('lines'), tx('allergens')], rows, [100, 'auto', '*', 140]));
    }
  }

  return renderPdf({
    info: { title: `${tx('sheetTitle')} — ${menu.title}` },
    content: [
      { text: `${tx('sheetTitle')}: ${menu.title}`, style: 'title' },
      { text: `${tx('menu')}: ${dayOf(menu.from, zone)} · ${tx('generated', { date: stamp(now, zone) })}`, style: 'subtitle' },
      { text: tx('toPrepare'), bold: true, fontSize: 13 },
      ...prepare,
      ...(pack.length ? [{ text: tx('toPack'), bold: true, fontSize: 13, pageBreak: 'before' } as Content, ...pack] : []),
    ],
  });
}

// ---------------------------------------------------------------- labels

/** One label per ordered portion (a line of quantity 3 gives three), in delivery order. */
export async function labelsOf(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  providerId: number,
  menuId: number,
  scope: PrintScope,
  lang: Lang,
) {
  const { menu, laps: packing } = await loadPacking(db, providerId, menuId, scope, lang);
  const labels: Label[] = [];
  for (const lap of packing)
    for (const stop of lap.stops)
      for (const o of stop.orders)
        for (const l of o.lines)
          for (let unit = 1; unit <= l.qty; unit++)
            labels.push({
              orderId: o.id,
              itemId: l.itemId,
              unit,
              qty: l.qty,
              name: o.name,
              location: stop.title,
              lap: lap.id === null ? null : lap.title,
              stop: stop.stop,
              shift: o.shift,
              dish: l.title,
              options: l.options,
              allergens: l.allergens,
              avoided: l.avoided,
              allergensUnknown: l.unknown,
              url: handoverLink(env, o.id, l.itemId, unit),
            });
  return { menu, labels };
}

/** GET /app/kitchen/{menuId}/labels: the labels as a PDF in the chosen layout (kitchen.labels.ts). */
export async function labelsPdf(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  providerId: number,
  menuId: number,
  layout: LabelLayout,
  scope: PrintScope,
  lang: Lang,
): Promise<Buffer> {
  const { menu, labels } = await labelsOf(db, env, providerId, menuId, scope, lang);
  return renderLabels(labels, layout, `${kitchenText(lang, 'labelsTitle')} — ${menu.title}`, lang);
}

// ---------------------------------------------------------------- hand-over

const nameOfUser = (id: typeof portionHandovers.handedOverById) =>
  sql<string | null>`(select coalesce(nullif(trim(u.first_name), ''), u.email) from users u where u.id = ${id})`;

/** How long after marking a portion handed over the mark can be undone (a wrong label scanned). */
export const HANDOVER_UNDO_MS = 60_000;

type Who = AuditWho & { user: { id: number } };
type Portion = { providerId: number; orderId: number; itemId: number; unit: number; lang: Lang };

/**
 * The portion `unit` of order line `itemId` of order `orderId` of the active provider, or 404
 * (another provider's label answers 404 like its menus and laps, decision 040); 409 for a
 * cancelled order or one not placed (an unpaid card order), so nobody hands over food that is
 * not sold.
 */
async function portionLine(db: Db | Tx, p: Portion) {
  const [line] = await db
    .select({
      provider: sql<number>`(select m.provider_id from menus m where m.id = ${orders.menuId})`,
      menuId: orders.menuId,
      qty: orderItems.qty,
      title: orderItems.title,
      status: orders.status,
      name: users.firstName,
      email: users.email,
      location: locations.title,
      lapId: sql<number | null>`(select ll.lap_id from lap_locations ll join laps l on l.id = ll.lap_id
        where ll.location_id = ${orders.locationId} and l.provider_id = (select m.provider_id from menus m where m.id = ${orders.menuId}))`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orderItems.id, p.itemId), eq(orderItems.orderId, p.orderId)));
  if (!line || p.unit > line.qty || Number(line.provider) !== p.providerId) throw new AppError(404, kitchenText.coded('portionNotFound'));
  if (line.status === ORDER_STATUS.cancelled) throw new AppError(409, kitchenText.coded('orderCancelled', { n: p.orderId }));
  if (line.status !== ORDER_STATUS.placed) throw new AppError(409, kitchenText.coded('orderNotPlaced', { n: p.orderId }));
  return line;
}

/** What the hand-over page shows of a portion: who, where, what, and whether (when, by whom) it was handed over. */
async function describePortion(db: Db, p: Portion, line: Awaited<ReturnType<typeof portionLine>>, now: Date): Promise<HandoverPortion> {
  const [[row], options] = await Promise.all([
    db
      .select({ at: portionHandovers.handedOverAt, by: nameOfUser(portionHandovers.handedOverById) })
      .from(portionHandovers)
      .where(and(eq(portionHandovers.itemId, p.itemId), eq(portionHandovers.unit, p.unit))),
    db
      .select({ title: orderItemOptions.title })
      .from(orderItemOptions)
      .where(eq(orderItemOptions.orderItemId, p.itemId))
      .orderBy(asc(orderItemOptions.id)),
  ]);
  const undoUntil = row ? new Date(row.at.getTime() + HANDOVER_UNDO_MS) : null;
  return {
    handed_over_at: row ? row.at.toISOString() : null,
    handed_over_by: row ? row.by : null,
    undo_until: undoUntil && undoUntil > now ? undoUntil.toISOString() : null,
    order_id: p.orderId,
    menu_id: line.menuId,
    lap_id: line.lapId === null ? null : Number(line.lapId),
    unit: p.unit,
    qty: line.qty,
    person: line.name.trim() || line.email,
    location: line.location,
    dish: pickText(line.title, p.lang),
    options: options.map((o) => pickText(o.title, p.lang)),
  };
}

/**
 * GET /app/handover/{orderId}/{itemId}/{unit}: the portion a label's QR code names, and whether
 * it was handed over; writes nothing (the hand-over page shows it before the staff confirm).
 */
export async function portionOf(db: Db, p: Portion, now: Date): Promise<HandoverPortion> {
  return describePortion(db, p, await portionLine(db, p), now);
}

/**
 * POST /app/handover/{orderId}/{itemId}/{unit}: marks one portion (a label) handed over, once,
 * audited. Staff of the active provider only (another provider's portion answers 404). A second
 * scan writes nothing and answers the first one's time and person (`already: true`).
 */
export async function handOver(db: Db, p: Portion, who: Who, now: Date): Promise<HandoverResult> {
  const line = await portionLine(db, p);
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(portionHandovers)
      .values({ itemId: p.itemId, unit: p.unit, orderId: p.orderId, handedOverAt: now, handedOverById: who.user.id })
      .onConflictDoNothing()
      .returning({ itemId: portionHandovers.itemId });
    // A second scan writes nothing, and records nothing.
    if (rows.length)
      await recordAudit(tx, who, {
        action: 'portion.handover',
        entityType: 'order',
        entityId: p.orderId,
        providerId: p.providerId,
        after: { item_id: p.itemId, unit: p.unit },
      });
    return rows;
  });
  const portion = await describePortion(db, p, line, now);
  return { ...portion, already: inserted.length === 0, handed_over_at: portion.handed_over_at! };
}

/**
 * DELETE /app/handover/{orderId}/{itemId}/{unit}: undoes a mark within HANDOVER_UNDO_MS of it
 * (the wrong label scanned), audited; 409 when the portion is not handed over or the minute is
 * over (the server's clock decides).
 */
export async function undoHandOver(db: Db, p: Portion, who: Who, now: Date): Promise<HandoverPortion> {
  const line = await portionLine(db, p);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ at: portionHandovers.handedOverAt, by: portionHandovers.handedOverById })
      .from(portionHandovers)
      .where(and(eq(portionHandovers.itemId, p.itemId), eq(portionHandovers.unit, p.unit)))
      .for('update');
    if (!row) throw new AppError(409, kitchenText.coded('notHandedOver'));
    if (now.getTime() - row.at.getTime() > HANDOVER_UNDO_MS) throw new AppError(409, kitchenText.coded('undoTooLate'));
    await tx.delete(portionHandovers).where(and(eq(portionHandovers.itemId, p.itemId), eq(portionHandovers.unit, p.unit)));
    await recordAudit(tx, who, {
      action: 'portion.handover_undo',
      entityType: 'order',
      entityId: p.orderId,
      providerId: p.providerId,
      before: { item_id: p.itemId, unit: p.unit, handed_over_at: row.at.toISOString(), handed_over_by_id: row.by },
    });
  });
  return describePortion(db, p, line, now);
}

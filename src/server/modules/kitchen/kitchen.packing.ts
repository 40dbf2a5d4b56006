import { and, asc, eq, inArray } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/context.js';
import { laps, locations, orders, shifts, users } from '../../db/schema/index.js';
import type { Env } from '../../env.js';
import { AppError } from '../../lib/errors.js';
import { handoverLink } from '../../lib/links.js';
import { deliveryOrder, deliveryStops } from './kitchen.delivery.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { loadOrderLines } from '../orders/orders.read.js';
import { placedOrder } from '../orders/placed.read.js';
import { lineUnconfirmed, unconfirmedDishes } from '../orders/allergens.read.js';
import { type Label } from './kitchen.labels.pdf.js';
import { lawFields, loadLabelFacts } from './kitchen.labels.facts.js';
import { kitchenText } from './kitchen.messages.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';

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

export interface PackLine {
  itemId: number;
  /** The ordered dish and the chosen dishes of a set meal (their label facts). */
  dishId: number;
  optionIds: number[];
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
  /** The guest the line is for in a meeting order ('' unnamed or an own order). */
  guestName: string;
}

interface PackOrder {
  id: number;
  name: string;
  /** A meeting order (issue 29): marked, with where to bring it. */
  meeting: boolean;
  deliveryNote: string;
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
export async function loadPacking(db: Db, providerId: number, menuId: number, scope: PrintScope, lang: Lang) {
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
      kind: orders.kind,
      deliveryNote: orders.deliveryNote,
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
        dishId: i.dishId,
        optionIds: i.options.map((o) => o.dishId),
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
        guestName: i.guestName,
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
      meeting: r.kind === 'meeting',
      deliveryNote: r.deliveryNote,
      shift: r.shift,
      comment: r.comment,
      warnings: namedAllergens(titles, r.warnings, lang).map((a) => a.title),
      lines: linesOf.get(r.id) ?? [],
    });
  }
  return { menu, laps: result };
}

/** One label per ordered portion (a line of quantity 3 gives three), in delivery order. */
export async function labelsOf(
  ctx: Pick<RequestContext, 'db' | 'lang' | 'provider'>,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  { menuId, scope }: { menuId: number; scope: PrintScope },
) {
  const { db, lang } = ctx;
  const providerId = await ctx.provider();
  const { menu, laps: packing } = await loadPacking(db, providerId, menuId, scope, lang);
  const lines = packing.flatMap((lap) => lap.stops.flatMap((s) => s.orders.flatMap((o) => o.lines)));
  const facts = await loadLabelFacts(
    db,
    providerId,
    lines.flatMap((l) => [l.dishId, ...l.optionIds]),
  );
  const labels: Label[] = [];
  for (const lap of packing)
    for (const stop of lap.stops)
      for (const o of stop.orders)
        for (const l of o.lines) {
          const law = lawFields(facts, menu, l, lang);
          for (let unit = 1; unit <= l.qty; unit++)
            labels.push({
              ...law,
              orderId: o.id,
              itemId: l.itemId,
              unit,
              qty: l.qty,
              // A meeting's portion names its guest, else whose guest it is (issue 29).
              name: l.guestName || (o.meeting ? kitchenText(lang, 'guestOf', { name: o.name }) : o.name),
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
        }
  return { menu, labels };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import type { WasteSummary, WasteSummaryQuery } from '../../../shared/schemas/waste.js';
import { dishes, leftovers, locations, menus, orders, providers } from '../../db/schema/index.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { STAFF, hasRole } from '../../../shared/roles.js';
import { placedOrder } from '../orders/placed.read.js';
import { wasteText } from './waste.messages.js';

/*
 * The monthly waste summary (issue 27, decision 064). Arithmetic, stated once:
 * - portions: the leftovers recorded on the provider's menus of the month (a menu's month is the
 *   day of its start in the provider's zone); a location gets, of each menu, the share of the
 *   menu's placed orders that were placed for it (none of a menu nobody ordered from);
 * - grams per dish = portions × the dish's portion weight now; a dish without a weight is listed
 *   with "weight not set" and its portions counted apart (unweighed_portions), never as 0 kg;
 * - kg per dish and the total kg are rounded half up to 0.01 kg, the total from the unrounded
 *   grams (so it may differ from the sum of the rounded lines by a few hundredths);
 * - CO₂e kg = unrounded total kg × factor (g per kg) / 1000, rounded half up to 0.1 kg.
 */

/**
 * x rounded half up to `places` decimals (x ≥ 0). The shifted value is first read to 15
 * significant digits, its decimal value: 2.135 × 100 is 213.49999999999997 in binary, and
 * 2135 g must be 2.14 kg as stated (an epsilon added to x is lost above 2).
 */
export const roundHalfUp = (x: number, places: number) => {
  const f = 10 ** places;
  return Math.round(Number((x * f).toPrecision(15))) / f;
};

type Ctx = Pick<UserContext, 'db' | 'now' | 'lang' | 'provider' | 'user'>;

/**
 * The location a caller may see: staff any location (or all: null); a location manager only
 * theirs (their own when none is asked for), 403 for any other; everyone else 403.
 */
async function scopeOf(ctx: Ctx, asked: number | undefined) {
  const { user, db } = ctx;
  const staff = hasRole(user.role, STAFF);
  if (!staff) {
    if (!user.isLocationManager || user.locationId === null) throw new AppError(403, wasteText.coded('notYourLocation'));
    if (asked !== undefined && asked !== user.locationId) throw new AppError(403, wasteText.coded('notYourLocation'));
  }
  const id = staff ? asked : (asked ?? user.locationId!);
  if (id === undefined) return null;
  const [loc] = await db.select({ id: locations.id, title: locations.title }).from(locations).where(eq(locations.id, id));
  if (!loc) throw new AppError(404, wasteText.coded('locationNotFound'));
  return loc;
}

/** GET /app/waste/summary: the month's leftovers of the active provider, whole or one location's share. */
export async function wasteSummary(ctx: Ctx, query: WasteSummaryQuery): Promise<WasteSummary & { timezone: string }> {
  const { db, lang } = ctx;
  const location = await scopeOf(ctx, query.location_id);
  const providerId = await ctx.provider();
  const [provider] = await db
    .select({
      id: providers.id,
      title: providers.title,
      timezone: providers.timezone,
      factor: providers.wasteCo2eGramsPerKg,
      source: providers.wasteCo2eSource,
    })
    .from(providers)
    .where(eq(providers.id, providerId));
  const p = provider!;
  const inMonth = and(eq(menus.providerId, providerId), sql`to_char(${menus.from} at time zone ${p.timezone}, 'YYYY-MM') = ${query.month}`);
  const monthMenus = await db.select({ id: menus.id }).from(menus).where(inMonth);
  const menuIds = monthMenus.map((m) => m.id);
  const rows = menuIds.length
    ? await db
        .select({ menuId: leftovers.menuId, dishId: leftovers.dishId, portions: leftovers.portions })
        .from(leftovers)
        .where(inArray(leftovers.menuId, menuIds))
    : [];

  // A location's share of each menu: its placed orders over all placed orders of the menu, two
  // counts on the orders' own indexes (orders_menu_lines_idx, orders_location_menu_idx): the lines'
  // portions were 3.3 s for a month at a tenth of the big caterer (decision 064).
  let share = (_menuId: number) => 1;
  if (location && rows.length) {
    const ids = [...new Set(rows.map((r) => r.menuId))];
    const count = sql<number>`count(*)`.mapWith(Number);
    const [all, here] = await Promise.all([
      db
        .select({ menuId: orders.menuId, n: count })
        .from(orders)
        .where(and(inArray(orders.menuId, ids), placedOrder()))
        .groupBy(orders.menuId),
      db
        .select({ menuId: orders.menuId, n: count })
        .from(orders)
        .where(and(eq(orders.locationId, location.id), inArray(orders.menuId, ids), placedOrder()))
        .groupBy(orders.menuId),
    ]);
    const ofHere = new Map(here.map((o) => [o.menuId, o.n]));
    const shares = new Map(all.map((o) => [o.menuId, o.n > 0 ? (ofHere.get(o.menuId) ?? 0) / o.n : 0]));
    share = (menuId) => shares.get(menuId) ?? 0;
  }

  const portionsOf = new Map<number, number>();
  for (const r of rows) portionsOf.set(r.dishId, (portionsOf.get(r.dishId) ?? 0) + r.portions * share(r.menuId));
  const ids = [...portionsOf.keys()];
  const dishRows = ids.length
    ? await db
        .select({ id: dishes.id, title: dishes.title, grams: dishes.portionGrams, position: dishes.position })
        .from(dishes)
        .where(inArray(dishes.id, ids))
    : [];
  dishRows.sort((a, b) => a.position - b.position || a.id - b.id);

  let grams = 0;
  let unweighed = 0;
  const list: WasteSummary['dishes'] = [];
  for (const d of dishRows) {
    const portions = portionsOf.get(d.id)!;
    // A location's share of nothing (no orders there) is not listed.
    if (portions === 0 && location) continue;
    if (d.grams === null) unweighed += portions;
    else grams += portions * d.grams;
    list.push({
      dish_id: d.id,
      title: pickText(d.title, lang),
      portions: roundHalfUp(portions, 2),
      portion_grams: d.grams,
      kg: d.grams === null ? null : roundHalfUp((portions * d.grams) / 1000, 2),
    });
  }
  const kg = grams / 1000;
  return {
    month: query.month,
    provider: { id: p.id, title: p.title },
    location,
    menus: menuIds.length,
    dishes: list,
    unweighed_portions: roundHalfUp(unweighed, 2),
    total_kg: roundHalfUp(kg, 2),
    co2e_grams_per_kg: p.factor,
    co2e_source: p.source,
    co2e_kg: roundHalfUp((kg * p.factor) / 1000, 1),
    timezone: p.timezone,
  };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenResult } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/context.js';
import { locations, orderItems, orders, users } from '../../db/schema/index.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { placedOrder } from '../orders/placed.read.js';
import { countDay } from './kitchen.counts.js';
import { departureOn } from './kitchen.departure.js';

/**
 * GET /app/kitchen/{menuId}: the dishes to cook for a menu of the given provider (404 otherwise),
 * counted from its placed orders (see countDishes), with the earliest departure (kitchen.departure.ts).
 */
export async function kitchenOfMenu(ctx: Pick<RequestContext, 'db' | 'now' | 'lang' | 'provider'>, menuId: number): Promise<KitchenResult> {
  // Dish and allergen names in the request's language.
  const { db, now, lang } = ctx;
  const providerId = await ctx.provider();
  const menu = await providerMenu(db, providerId, menuId);
  // The counts and the departure in one pass over the day's orders and lines (decision 088).
  const [{ dishes, initials, departsAt }, alerts] = await Promise.all([
    countDay(db, menuId, lang, { departureOf: providerId }),
    allergenAlerts(db, menuId, lang),
  ]);
  return {
    dishlist: presentSummary(menu),
    dispatch_at: departureOn(menu.from, menu.timezone, departsAt),
    dishes,
    initials,
    allergen_alerts: alerts,
    updated_at: now.toISOString(),
  };
}

/**
 * Placed orders of a menu flagged with allergens their eater avoids (orders.allergen_warnings,
 * written when ordered), with the lines that contain them, oldest first.
 */
export async function allergenAlerts(db: Db, menuId: number, lang: Lang): Promise<KitchenResult['allergen_alerts']> {
  const rows = await db
    .select({
      orderId: orders.id,
      // Looked up per flagged order (a few hundred of the day's thousands): the planner, not knowing
      // how few are flagged, otherwise hashed the whole users table (decision 088).
      name: sql<string>`(select ${users.firstName} from ${users} where ${users.id} = ${orders.userId})`,
      location: locations.title,
      warnings: orders.allergenWarnings,
      itemTitle: orderItems.title,
      itemAllergens: orderItems.allergenIds,
    })
    .from(orders)
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.menuId, menuId), placedOrder(), sql`cardinality(${orders.allergenWarnings}) > 0`))
    .orderBy(asc(orders.id), asc(orderItems.position), asc(orderItems.id));
  if (rows.length === 0) return [];
  const titles = await allergenTitlesOf(db);
  const byOrder = new Map<number, KitchenResult['allergen_alerts'][number]>();
  for (const r of rows) {
    let alert = byOrder.get(r.orderId);
    if (!alert) {
      alert = {
        order_id: r.orderId,
        name: r.name,
        location: r.location,
        dishes: [],
        allergens: namedAllergens(titles, r.warnings, lang).map((a) => a.title),
      };
      byOrder.set(r.orderId, alert);
    }
    if (r.itemAllergens.some((a) => r.warnings.includes(a))) alert.dishes.push(pickText(r.itemTitle, lang));
  }
  return [...byOrder.values()];
}

import { sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { KitchenResult } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/context.js';
import { locations, orderItems, orders, users } from '../../db/schema/index.js';
import { presentSummary, providerMenu } from '../priced-menu/priced-menu.read.js';
import { allergenTitlesOf, namedAllergens } from '../orders/allergens.read.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
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

type AlertRow = {
  order_id: number;
  name: string;
  location: string | null;
  warnings: number[];
  item_title: Record<string, string> | null;
  item_allergens: number[];
};

/**
 * Placed orders of a menu flagged with allergens their eater avoids (orders.allergen_warnings,
 * written when ordered), with the lines that contain them, oldest first.
 */
export async function allergenAlerts(db: Db, menuId: number, lang: Lang): Promise<KitchenResult['allergen_alerts']> {
  // Each flagged order's lines looked up by its id (a lateral subquery kept apart by `offset 0`):
  // the planner, guessing a third of the day's orders flagged (about 480 of 28,000 are), otherwise
  // hashed them and read all of order_items, 1.5 million rows (decision 093). The eater's name is
  // looked up per flagged order too (decision 088).
  const { rows } = await db.execute<AlertRow>(sql`
    select o.id as order_id, (select u.first_name from ${users} u where u.id = o.user_id) as name, loc.title as location,
      o.allergen_warnings as warnings, li.title as item_title, li.allergen_ids as item_allergens
    from ${orders} o
    left join ${locations} loc on loc.id = o.location_id
    cross join lateral (select i.title, i.allergen_ids, i.position, i.id from ${orderItems} i where i.order_id = o.id offset 0) li
    where o.menu_id = ${menuId} and o.status = ${ORDER_STATUS.placed} and cardinality(o.allergen_warnings) > 0
    order by o.id, li.position, li.id`);
  if (rows.length === 0) return [];
  const titles = await allergenTitlesOf(db);
  const byOrder = new Map<number, KitchenResult['allergen_alerts'][number]>();
  for (const r of rows) {
    let alert = byOrder.get(r.order_id);
    if (!alert) {
      alert = {
        order_id: r.order_id,
        name: r.name,
        location: r.location,
        dishes: [],
        allergens: namedAllergens(titles, r.warnings, lang).map((a) => a.title),
      };
      byOrder.set(r.order_id, alert);
    }
    if (r.item_allergens.some((a) => r.warnings.includes(a))) alert.dishes.push(pickText(r.item_title, lang));
  }
  return [...byOrder.values()];
}

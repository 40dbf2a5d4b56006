import { and, eq } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import type { KitchenResult } from '../../../shared/schemas/kitchen.js';
import type { Db } from '../../db/client.js';
import { menus, providers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { presentSummary, summaryColumns } from '../ordering/ordering.menu.js';
import { countDishes } from './kitchen.counts.js';

/** The menu of the provider with what its summary needs, or 404. */
export async function providerMenu(db: Db, providerId: number, menuId: number, lang: Lang) {
  const [menu] = await db
    .select(summaryColumns)
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(menus.id, menuId), eq(menus.providerId, providerId)));
  if (!menu) throw new AppError(404, t(lang, 'notFound'));
  return menu;
}

/**
 * GET /app/kitchen/{menuId}: the dishes to cook for a menu of the given provider (404 otherwise),
 * counted from its placed orders (see countDishes).
 */
export async function kitchenOfMenu(db: Db, providerId: number, menuId: number, now: Date, lang: Lang): Promise<KitchenResult> {
  const menu = await providerMenu(db, providerId, menuId, lang);
  const { dishes, initials } = await countDishes(db, menuId, lang);
  return {
    dishlist: presentSummary(menu),
    dishes,
    initials,
    updated_at: now.toISOString(),
  };
}

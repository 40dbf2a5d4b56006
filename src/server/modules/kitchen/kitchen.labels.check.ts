import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import type { LabelCheck, LabelLayout, LabelProblem } from '../../../shared/schemas/kitchen.js';
import { categories, complexGroups, complexOptions, dishes, menuDishes } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/context.js';
import type { Env } from '../../env.js';
import { labelFaces } from './kitchen.labels.pdf.js';
import { labelsOf } from './kitchen.packing.js';

/*
 * The label check before printing (issue 28, decision 070). Per dish of the menu, and per dish a
 * set meal on it offers (a set meal's label is made of its chosen dishes' facts): no ingredients
 * (the text the labels print in the request's language, which falls back to Latvian, is empty),
 * allergens never confirmed, no shelf life (not wrong: the label says "use by" the end of the
 * menu's day, which the kitchen should mean). Then every portion whose label does not fit one
 * label of the layout at the smallest text (it goes on to continued labels).
 */
export async function labelCheck(
  ctx: Pick<RequestContext, 'db' | 'lang' | 'provider'>,
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  { menuId, layout }: { menuId: number; layout: LabelLayout },
): Promise<LabelCheck> {
  const { db, lang } = ctx;
  // labelsOf checks the menu is the provider's (404 otherwise) before anything is read.
  const { labels } = await labelsOf(ctx, env, { menuId, scope: {} });
  const onMenu = await db
    .select({ id: dishes.id, type: dishes.type })
    .from(menuDishes)
    .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
    .innerJoin(categories, eq(categories.id, menuDishes.categoryId))
    .where(eq(menuDishes.menuId, menuId))
    .orderBy(asc(categories.position), asc(dishes.position), asc(dishes.id));
  const sets = onMenu.filter((d) => d.type !== 'simple').map((d) => d.id);
  const offered = sets.length
    ? await db
        .select({ setId: complexGroups.dishId, id: complexOptions.dishId })
        .from(complexOptions)
        .innerJoin(complexGroups, eq(complexGroups.id, complexOptions.groupId))
        .where(inArray(complexGroups.dishId, sets))
        .orderBy(asc(complexGroups.position), asc(complexGroups.id), asc(complexOptions.position))
    : [];
  // The menu's simple dishes in its order, each set meal's offered dishes right after the set.
  const order: number[] = [];
  for (const d of onMenu) {
    if (d.type === 'simple') order.push(d.id);
    else order.push(...offered.filter((o) => o.setId === d.id).map((o) => o.id));
  }
  const ids = [...new Set(order)];
  const rows = ids.length
    ? await db
        .select({
          id: dishes.id,
          title: dishes.title,
          ingredients: dishes.ingredients,
          allergensConfirmed: dishes.allergensConfirmed,
          shelfLifeHours: dishes.shelfLifeHours,
        })
        .from(dishes)
        .where(and(inArray(dishes.id, ids), ne(dishes.type, 'complex'), ne(dishes.type, 'initial')))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found: LabelCheck['dishes'] = [];
  for (const id of ids) {
    const d = byId.get(id);
    if (!d) continue;
    const problems: LabelProblem[] = [];
    if (pickText(d.ingredients as Record<string, string>, lang).trim() === '') problems.push('no_ingredients');
    if (!d.allergensConfirmed) problems.push('allergens_unconfirmed');
    if (d.shelfLifeHours === null) problems.push('no_shelf_life');
    if (problems.length) found.push({ id, title: pickText(d.title as Record<string, string>, lang), problems });
  }
  const overflowing: LabelCheck['overflowing'] = [];
  for (const label of labels) {
    const faces = labelFaces(label, layout, lang).length;
    if (faces > 1)
      overflowing.push({
        order_id: label.orderId,
        item_id: label.itemId,
        unit: label.unit,
        name: label.name,
        dish: label.dish,
        labels: faces,
      });
  }
  return { layout, dishes: found, overflowing, portions: labels.length };
}

import { dietTagsOf } from '../../../shared/dietary.js';
import { asc, eq, inArray } from 'drizzle-orm';
import { toEuros } from '../../../shared/money.js';
import { cheapestSelectionCents } from '../../../shared/ordering/complex.js';
import { type ComplexGroup, type Dish } from '../../../shared/schemas/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import { categories, complexGroups, complexOptions, dishAllergens, dishes, dishImages, dishTraces } from '../../db/schema/index.js';
import { fullText } from './categories.service.js';
import { isoTime } from '../../lib/time.js';
import { isComplexType } from './dishes.rules.js';

export type DishRow = typeof dishes.$inferSelect;

/** Shapes dish rows for the API, loading their allergens, categories, groups and images in a few queries. */
export async function presentDishes(db: Db | Tx, rows: DishRow[]): Promise<Dish[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [allergenRows, traceRows, categoryRows, groupRows, imageRows] = await Promise.all([
    db.select().from(dishAllergens).where(inArray(dishAllergens.dishId, ids)).orderBy(asc(dishAllergens.allergenId)),
    db.select().from(dishTraces).where(inArray(dishTraces.dishId, ids)).orderBy(asc(dishTraces.allergenId)),
    db
      .select({ id: categories.id, title: categories.title })
      .from(categories)
      .where(inArray(categories.id, [...new Set(rows.map((r) => r.categoryId))])),
    db.select().from(complexGroups).where(inArray(complexGroups.dishId, ids)).orderBy(asc(complexGroups.position), asc(complexGroups.id)),
    db.select({ dishId: dishImages.dishId, etag: dishImages.etag }).from(dishImages).where(inArray(dishImages.dishId, ids)),
  ]);
  const optionRows = groupRows.length
    ? await db
        .select({
          groupId: complexOptions.groupId,
          dishId: complexOptions.dishId,
          priceCents: complexOptions.priceCents,
          dishPriceCents: dishes.priceCents,
          title: dishes.title,
          status: dishes.status,
        })
        .from(complexOptions)
        .innerJoin(dishes, eq(dishes.id, complexOptions.dishId))
        .where(
          inArray(
            complexOptions.groupId,
            groupRows.map((g) => g.id),
          ),
        )
        .orderBy(asc(complexOptions.position), asc(complexOptions.id))
    : [];

  const allergensOf = new Map<number, number[]>();
  for (const a of allergenRows) (allergensOf.get(a.dishId) ?? allergensOf.set(a.dishId, []).get(a.dishId)!).push(a.allergenId);
  const tracesOf = new Map<number, number[]>();
  for (const a of traceRows) (tracesOf.get(a.dishId) ?? tracesOf.set(a.dishId, []).get(a.dishId)!).push(a.allergenId);
  const categoryOf = new Map(categoryRows.map((c) => [c.id, c]));
  const imageOf = new Map(imageRows.map((i) => [i.dishId, i.etag]));
  const optionsOf = new Map<number, typeof optionRows>();
  for (const o of optionRows) (optionsOf.get(o.groupId) ?? optionsOf.set(o.groupId, []).get(o.groupId)!).push(o);
  const groupsOf = new Map<number, typeof groupRows>();
  for (const g of groupRows) (groupsOf.get(g.dishId) ?? groupsOf.set(g.dishId, []).get(g.dishId)!).push(g);

  return rows.map((d) => {
    const groups = groupsOf.get(d.id) ?? [];
    const complex: ComplexGroup[] = groups.map((g) => ({
      id: g.id,
      category_id: g.categoryId,
      title: fullText(g.title),
      optional: g.optional,
      position: g.position,
      dishes: (optionsOf.get(g.id) ?? []).map((o) => ({
        id: o.dishId,
        price: o.priceCents === null ? null : toEuros(o.priceCents),
        base_price: toEuros(o.dishPriceCents),
        title: fullText(o.title),
        status: o.status,
      })),
    }));
    // One rule with the order page: own price plus the cheapest option of each mandatory group.
    const priceFrom = isComplexType(d.type)
      ? cheapestSelectionCents(
          groups.map((g) => ({
            optional: g.optional,
            dishes: (optionsOf.get(g.id) ?? []).map((o) => ({ priceCents: o.priceCents ?? o.dishPriceCents })),
          })),
          d.priceCents,
        )
      : d.priceCents;
    const etag = imageOf.get(d.id) ?? null;
    const category = categoryOf.get(d.categoryId);
    return {
      id: d.id,
      title: fullText(d.title),
      summary: fullText(d.summary),
      code: d.code,
      category_id: d.categoryId,
      category: { id: d.categoryId, title: fullText(category?.title) },
      allergens: allergensOf.get(d.id) ?? [],
      diets: dietTagsOf(d.diets),
      allergens_confirmed: d.allergensConfirmed,
      kcal: d.kcal,
      portion_grams: d.portionGrams,
      ingredients: fullText(d.ingredients),
      shelf_life_hours: d.shelfLifeHours,
      traces: tracesOf.get(d.id) ?? [],
      price: toEuros(d.priceCents),
      priceFrom: toEuros(priceFrom),
      status: d.status,
      position: d.position,
      type: d.type,
      has_image: etag !== null,
      image_version: etag,
      created_at: isoTime(d.createdAt),
      complex,
    };
  });
}

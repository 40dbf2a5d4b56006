import type { Db } from '../../db/client.js';
import { allergens, categories, complexGroups, complexOptions, dishes } from '../../db/schema/index.js';

let seq = 0;

export async function makeCategory(db: Db, providerId: number, values: Partial<typeof categories.$inferInsert> = {}) {
  const [row] = await db
    .insert(categories)
    .values({ providerId, title: { lv: `Kategorija ${++seq}`, en: `Category ${seq}`, ru: `Категория ${seq}` }, ...values })
    .returning();
  return row!;
}

export async function makeDish(db: Db, providerId: number, categoryId: number, values: Partial<typeof dishes.$inferInsert> = {}) {
  const [row] = await db
    .insert(dishes)
    .values({ providerId, categoryId, title: { lv: `Ēdiens ${++seq}`, en: `Dish ${seq}`, ru: `Блюдо ${seq}` }, priceCents: 300, ...values })
    .returning();
  return row!;
}

export async function makeAllergen(db: Db, code = `a${++seq}`) {
  const [row] = await db
    .insert(allergens)
    .values({ code, title: { lv: code, en: code, ru: code } })
    .returning();
  return row!;
}

/** A complex dish with one group per entry: [categoryId, optionDishIds, optional?]. */
export async function makeComplex(
  db: Db,
  providerId: number,
  categoryId: number,
  groups: { categoryId: number; dishIds: number[]; optional?: boolean; prices?: (number | null)[] }[],
  values: Partial<typeof dishes.$inferInsert> = {},
) {
  const complex = await makeDish(db, providerId, categoryId, { type: 'complex', priceCents: 0, ...values });
  for (const [i, g] of groups.entries()) {
    const [group] = await db
      .insert(complexGroups)
      .values({ dishId: complex.id, categoryId: g.categoryId, optional: g.optional ?? false, position: i })
      .returning();
    await db
      .insert(complexOptions)
      .values(g.dishIds.map((dishId, j) => ({ groupId: group!.id, dishId, priceCents: g.prices?.[j] ?? null, position: j })));
  }
  return complex;
}

import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { allergens, complexGroups, complexOptions, dishAllergens, dishes, dishTraces } from '../../db/schema/index.js';

/**
 * A dish's audited fields (decision 037): what customers read (texts, allergens by code, diet
 * tags, kcal), where it is shown, and the options of a set meal (dish ids per group). The price
 * has its own action (dish.price), so it is not repeated here.
 */
export async function auditedDish(tx: Tx, id: number): Promise<Record<string, unknown> | null> {
  const [d] = await tx.select().from(dishes).where(eq(dishes.id, id));
  if (!d) return null;
  const codes = await tx
    .select({ code: allergens.code })
    .from(dishAllergens)
    .innerJoin(allergens, eq(allergens.id, dishAllergens.allergenId))
    .where(eq(dishAllergens.dishId, id))
    .orderBy(asc(allergens.code));
  const traces = await tx
    .select({ code: allergens.code })
    .from(dishTraces)
    .innerJoin(allergens, eq(allergens.id, dishTraces.allergenId))
    .where(eq(dishTraces.dishId, id))
    .orderBy(asc(allergens.code));
  const options = await tx
    .select({ group: complexGroups.id, dish: complexOptions.dishId })
    .from(complexGroups)
    .innerJoin(complexOptions, eq(complexOptions.groupId, complexGroups.id))
    .where(eq(complexGroups.dishId, id))
    .orderBy(asc(complexGroups.position), asc(complexGroups.id), asc(complexOptions.position));
  const groups = new Map<number, number[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), o.dish]);
  return {
    title: d.title,
    summary: d.summary,
    ingredients: d.ingredients,
    code: d.code,
    category_id: d.categoryId,
    kcal: d.kcal,
    portion_grams: d.portionGrams,
    shelf_life_hours: d.shelfLifeHours,
    allergens: d.allergensConfirmed ? codes.map((c) => c.code) : null,
    traces: traces.map((c) => c.code),
    diets: [...d.diets].sort(),
    status: d.status,
    position: d.position,
    type: d.type,
    complex: [...groups.values()],
  };
}

import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { toCents } from '../../../shared/money.js';
import type { SelectedDishInput } from '../../../shared/schemas/menus.js';
import type { Tx } from '../../db/client.js';
import { balances, categories, complexGroups, complexOptions, dishes, menuComplexPrices, menuDishes } from '../../db/schema/index.js';
import { fieldError, type CodedFieldErrors, type ErrorText } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { menuText } from './menus.messages.js';
import { stockDishIds } from './menus.stock.js';

export interface PlannedDish {
  dishId: number;
  categoryId: number;
  priceCents: number | null;
  complex: { optionDishId: number; priceCents: number; categoryId: number | null }[];
}

/** Checks a selectedDishes list against the catalogue; answers rows to write or throws one 422. */
export async function planDishes(tx: Tx, providerId: number, list: SelectedDishInput[]): Promise<PlannedDish[]> {
  const errors: CodedFieldErrors = {};
  const add = (field: string, text: ErrorText) => (errors[field] ??= []).push(text);
  const ids = [...new Set(list.map((d) => d.id))];
  const dishRows = ids.length
    ? await tx
        .select({ id: dishes.id, type: dishes.type, categoryId: dishes.categoryId })
        .from(dishes)
        .where(and(eq(dishes.providerId, providerId), inArray(dishes.id, ids)))
    : [];
  const dishOf = new Map(dishRows.map((d) => [d.id, d]));
  // Categories named by the request (dishes and priced options) must be this provider's.
  const askedCategories = [
    ...new Set(
      list
        .flatMap((d) => [d.category_id, ...(d.complex ?? []).map((c) => c.category_id)])
        .filter((c): c is number => typeof c === 'number'),
    ),
  ];
  const knownCategories = new Set(
    askedCategories.length
      ? (
          await tx
            .select({ id: categories.id })
            .from(categories)
            .where(and(eq(categories.providerId, providerId), inArray(categories.id, askedCategories)))
        ).map((c) => c.id)
      : [],
  );
  const complexIds = dishRows.filter((d) => d.type !== 'simple').map((d) => d.id);
  const optionRows = complexIds.length
    ? await tx
        .select({ complexId: complexGroups.dishId, optionId: complexOptions.dishId, categoryId: complexGroups.categoryId })
        .from(complexOptions)
        .innerJoin(complexGroups, eq(complexGroups.id, complexOptions.groupId))
        .where(inArray(complexGroups.dishId, complexIds))
    : [];
  const optionCategory = new Map(optionRows.map((o) => [`${o.complexId}:${o.optionId}`, o.categoryId]));

  const seen = new Set<number>();
  const planned: PlannedDish[] = [];
  list.forEach((d, i) => {
    const row = dishOf.get(d.id);
    if (!row) return add(`selectedDishes.${i}.id`, menuText.coded('unknownDish'));
    if (seen.has(d.id)) return add(`selectedDishes.${i}.id`, menuText.coded('duplicateDish'));
    seen.add(d.id);
    if (typeof d.category_id === 'number' && !knownCategories.has(d.category_id))
      add(`selectedDishes.${i}.category_id`, menuText.coded('unknownCategory'));
    const entries = (d.complex ?? []).filter((c) => c.price !== null && c.price !== undefined);
    if (row.type === 'simple' && entries.length) add(`selectedDishes.${i}.complex`, menuText.coded('notComplex'));
    const seenOptions = new Set<number>();
    const complex: PlannedDish['complex'] = [];
    (d.complex ?? []).forEach((c, j) => {
      if (c.price === null || c.price === undefined || row.type === 'simple') return;
      const key = `${d.id}:${c.id}`;
      if (typeof c.category_id === 'number' && !knownCategories.has(c.category_id))
        add(`selectedDishes.${i}.complex.${j}.category_id`, menuText.coded('unknownCategory'));
      if (!optionCategory.has(key)) return add(`selectedDishes.${i}.complex.${j}.id`, menuText.coded('notAnOption'));
      if (seenOptions.has(c.id)) return add(`selectedDishes.${i}.complex.${j}.id`, menuText.coded('duplicateOption'));
      seenOptions.add(c.id);
      complex.push({ optionDishId: c.id, priceCents: toCents(c.price), categoryId: c.category_id ?? optionCategory.get(key) ?? null });
    });
    planned.push({
      dishId: d.id,
      categoryId: typeof d.category_id === 'number' ? d.category_id : row.categoryId,
      priceCents: d.price === null || d.price === undefined ? null : toCents(d.price),
      complex,
    });
  });
  if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
  return planned;
}

/** Makes the menu's dishes, per-menu prices and option prices exactly `planned`; drops stock rows no longer used. */
export async function writeDishes(tx: Tx, menuId: number, planned: PlannedDish[]) {
  const ids = planned.map((p) => p.dishId);
  await tx.delete(menuDishes).where(and(eq(menuDishes.menuId, menuId), ids.length ? notInArray(menuDishes.dishId, ids) : undefined));
  if (planned.length) {
    await tx
      .insert(menuDishes)
      .values(planned.map((p) => ({ menuId, dishId: p.dishId, categoryId: p.categoryId, priceCents: p.priceCents })))
      .onConflictDoUpdate({
        target: [menuDishes.menuId, menuDishes.dishId],
        set: { categoryId: sql`excluded.category_id`, priceCents: sql`excluded.price_cents` },
      });
  }
  await tx.delete(menuComplexPrices).where(eq(menuComplexPrices.menuId, menuId));
  const prices = planned.flatMap((p) =>
    p.complex.map((c) => ({
      menuId,
      complexDishId: p.dishId,
      optionDishId: c.optionDishId,
      categoryId: c.categoryId,
      priceCents: c.priceCents,
    })),
  );
  if (prices.length) await tx.insert(menuComplexPrices).values(prices);
  const stocked = await stockDishIds(tx, menuId);
  await tx.delete(balances).where(and(eq(balances.menuId, menuId), stocked.size ? notInArray(balances.dishId, [...stocked]) : undefined));
}

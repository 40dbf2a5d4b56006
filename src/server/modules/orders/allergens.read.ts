import { asc, inArray } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { Db } from '../../db/client.js';
import type { Translated } from '../../db/schema/common.js';
import { allergens, dishAllergens, dishes } from '../../db/schema/index.js';
import { ordersText } from './orders.messages.js';

/*
 * Allergens in words on every print-out (decision 034, issue 24): the orders print-out, the lap
 * report, the production sheet and the labels. A line says what it contains (the order's
 * snapshot), "none", or that its allergens were never confirmed: a plain dish nobody saved with
 * its allergens, or a set meal with such an option (the order page's `allergens_unknown`).
 */

/** The allergens' titles and their order (the regulation's list). */
export type AllergenTitles = Map<number, { title: Translated; position: number }>;

export async function allergenTitlesOf(db: Db): Promise<AllergenTitles> {
  const rows = await db
    .select({ id: allergens.id, title: allergens.title })
    .from(allergens)
    .orderBy(asc(allergens.position), asc(allergens.id));
  return new Map(rows.map((a, position) => [a.id, { title: a.title, position }]));
}

/** Stored allergen ids (an order's snapshot) named in one language, in the regulation's order. */
export function namedAllergens(titles: AllergenTitles, ids: readonly number[], lang: Lang): { id: number; title: string }[] {
  return [...new Set(ids)]
    .filter((id) => titles.has(id))
    .sort((a, b) => titles.get(a)!.position - titles.get(b)!.position)
    .map((id) => ({ id, title: pickText(titles.get(id)!.title, lang) }));
}

/** An ordered line: its dish and the dishes of its chosen options. */
export interface LineDishes {
  dishId: number;
  optionIds: readonly number[];
}

/**
 * Which of the dishes have unconfirmed allergens, to tell per line with `lineUnconfirmed`. A set
 * meal's own flag does not count (the editor does not send a set meal's allergens): its options do.
 */
export async function unconfirmedDishes(db: Db, dishIds: readonly number[]): Promise<Set<number>> {
  const ids = [...new Set(dishIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: dishes.id, type: dishes.type, confirmed: dishes.allergensConfirmed })
    .from(dishes)
    .where(inArray(dishes.id, ids));
  return new Set(rows.filter((r) => !r.confirmed && r.type === 'simple').map((r) => r.id));
}

/** The line's allergens are not all confirmed (its plain dish or one of its options). */
export const lineUnconfirmed = (unconfirmed: Set<number>, line: LineDishes) =>
  unconfirmed.has(line.dishId) || line.optionIds.some((id) => unconfirmed.has(id));

/** "Eggs, Milk", "none", "not confirmed" or "Eggs (not confirmed)": for a column headed "Allergens". */
export function allergenListText(titles: readonly string[], unknown: boolean, lang: Lang): string {
  const unconfirmed = ordersText(lang, 'allergensUnconfirmed');
  if (titles.length === 0) return unknown ? unconfirmed : ordersText(lang, 'noAllergens');
  return `${titles.join(', ')}${unknown ? ` (${unconfirmed})` : ''}`;
}

/** "Allergens: Eggs, Milk", "Allergens: none", "Allergens: not confirmed", "Allergens: Eggs (not confirmed)". */
export function lineAllergensText(titles: readonly string[], unknown: boolean, lang: Lang): string {
  return ordersText(lang, 'lineAllergens', { list: allergenListText(titles, unknown, lang) });
}

/**
 * Each dish's allergens in words, as the catalogue has them now (what is cooked today): "—" for
 * none, and a warning for a dish whose allergens were never confirmed (decision 034).
 */
export async function dishAllergenTexts(db: Db, dishIds: number[], lang: Lang): Promise<Map<number, string>> {
  if (dishIds.length === 0) return new Map();
  const [rows, links, titles] = await Promise.all([
    db.select({ id: dishes.id, confirmed: dishes.allergensConfirmed }).from(dishes).where(inArray(dishes.id, dishIds)),
    db
      .select({ dishId: dishAllergens.dishId, allergenId: dishAllergens.allergenId })
      .from(dishAllergens)
      .where(inArray(dishAllergens.dishId, dishIds)),
    allergenTitlesOf(db),
  ]);
  const idsOf = new Map<number, number[]>();
  for (const l of links) idsOf.set(l.dishId, [...(idsOf.get(l.dishId) ?? []), l.allergenId]);
  return new Map(
    rows.map((r) => {
      const named = namedAllergens(titles, idsOf.get(r.id) ?? [], lang).map((a) => a.title);
      const text = named.length ? named.join(', ') : '—';
      return [r.id, r.confirmed ? text : `${text} (${ordersText(lang, 'allergensUnconfirmed')})`];
    }),
  );
}

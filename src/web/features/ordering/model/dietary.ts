import {
  conflictOf,
  hasConflict,
  lineDietary,
  NO_CONFLICT,
  setMealOwnConflict,
  setMealSuits,
  type Conflict,
  type Dietary,
  type DietProfile,
  type ProfileDiet,
} from '../../../../shared/dietary';
import type { CartLine } from '../../../../shared/ordering/cart';
import type { ComplexOptionDish, MenuCategory, MenuDish } from '../../../../shared/schemas/ordering';

/**
 * The order page's allergen warnings (decision 034): computed in the browser from the shared
 * menu answer (cached for every user, so it carries no one's profile) and the profile of the
 * person who eats (the customer, or the user staff order for), with the shared rule.
 */

/** The profile of the eater, or null when they avoid nothing and keep no diet (no warnings). */
export function dietProfileOf(
  p: { avoid_allergens: readonly number[]; diets: readonly ProfileDiet[] } | null | undefined,
): DietProfile | null {
  if (!p || (p.avoid_allergens.length === 0 && p.diets.length === 0)) return null;
  return { avoid: p.avoid_allergens, eat: p.diets };
}

export function dietaryOf(d: Pick<MenuDish | ComplexOptionDish, 'allergens' | 'diets'>): Dietary {
  return { allergens: d.allergens.map((a) => a.id), diets: d.diets };
}

/** How a plain dish or a set-meal option conflicts with the profile. */
export function dishConflict(profile: DietProfile | null, d: Pick<MenuDish | ComplexOptionDish, 'allergens' | 'diets'>): Conflict {
  return profile ? conflictOf(profile, dietaryOf(d)) : NO_CONFLICT;
}

/** How a set meal itself conflicts, before options are chosen (its card's warning). */
export function setMealConflict(profile: DietProfile | null, dish: Pick<MenuDish, 'allergens' | 'diets'>): Conflict {
  return profile ? setMealOwnConflict(profile, dietaryOf(dish)) : NO_CONFLICT;
}

/** How a set meal with these chosen options conflicts (what adding it would put in the cart). */
export function selectionConflict(
  profile: DietProfile | null,
  dish: MenuDish,
  selected: Readonly<Record<number, readonly number[]>>,
): Conflict {
  if (!profile) return NO_CONFLICT;
  if (dish.type === 'simple') return dishConflict(profile, dish);
  const chosen = dish.complex.flatMap((g) => g.dishes.filter((o) => (selected[g.id] ?? []).includes(o.id)));
  return conflictOf(profile, lineDietary(dietaryOf(dish), chosen.map(dietaryOf)));
}

/** Whether the dish can be ordered without a conflict ("Suitable for me"). */
export function dishSuits(profile: DietProfile | null, dish: MenuDish): boolean {
  if (!profile) return true;
  // For someone avoiding allergens, a dish whose allergens were never confirmed is not known to
  // suit (its empty list means "unknown"). A set meal's own flag is not asked: its options carry
  // what it contains.
  const known = (d: { allergens_unknown?: true }) => profile.avoid.length === 0 || !d.allergens_unknown;
  if (dish.type === 'simple') return known(dish) && !hasConflict(dishConflict(profile, dish));
  return setMealSuits(
    profile,
    dietaryOf(dish),
    dish.complex.map((g) => ({ optional: g.optional, dishes: g.dishes.filter(known).map(dietaryOf) })),
  );
}

/** The categories with only the dishes that suit the profile (empty categories left out). */
export function suitableCategories(categories: readonly MenuCategory[], profile: DietProfile | null): MenuCategory[] {
  if (!profile) return [...categories];
  return categories.map((c) => ({ ...c, dishes: c.dishes.filter((d) => dishSuits(profile, d)) })).filter((c) => c.dishes.length > 0);
}

/** Allergen titles by id, from the menu answer (each in the request's language). */
export function allergenTitles(categories: readonly MenuCategory[]): Map<number, string> {
  const titles = new Map<number, string>();
  for (const c of categories)
    for (const d of c.dishes) {
      for (const a of d.allergens) titles.set(a.id, a.title);
      for (const g of d.complex) for (const o of g.dishes) for (const a of o.allergens) titles.set(a.id, a.title);
    }
  return titles;
}

/** A cart line's conflict (its dish and chosen options), or none when the dish left the menu. */
export function cartLineConflict(profile: DietProfile | null, line: CartLine, categories: readonly MenuCategory[]): Conflict {
  if (!profile) return NO_CONFLICT;
  for (const c of categories) {
    const dish = c.dishes.find((d) => d.id === line.id);
    if (dish) return selectionConflict(profile, dish, line.selected);
  }
  return NO_CONFLICT;
}

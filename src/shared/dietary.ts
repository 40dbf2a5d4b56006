/**
 * Allergens and diet tags (issue 15, decision 034): one rule for what a dish, a set-meal option
 * choice and an order line contain, and for how that conflicts with a person's profile. The web
 * (order page, cart, checkout) and the server (the order's snapshot and the kitchen's flag) use
 * this same code.
 */

/** Diet tags a dish carries (a small fixed list; texts in the web locales, common.json `diets`). */
export const DIET_TAGS = ['vegan', 'vegetarian', 'gluten_free', 'lactose_free', 'pork', 'spicy'] as const;
export type DietTag = (typeof DIET_TAGS)[number];

/**
 * Tags that say what a dish is free of (or is): a set meal has one only when every chosen
 * option has it. The others (pork, spicy) say what a dish contains: a set meal has one when any
 * chosen option (or the set meal itself) has it.
 */
const FREE_OF: readonly DietTag[] = ['vegan', 'vegetarian', 'gluten_free', 'lactose_free'];

/** What a person eats ("I eat" in the profile): each one rules dishes out. */
export const PROFILE_DIETS = ['vegan', 'vegetarian', 'gluten_free', 'lactose_free', 'no_pork', 'not_spicy'] as const;
export type ProfileDiet = (typeof PROFILE_DIETS)[number];

/** What a dish, an option or an order line contains. */
export interface Dietary {
  /** Allergen ids (of the allergens table). */
  allergens: readonly number[];
  diets: readonly DietTag[];
}

/** A person's profile: allergens avoided ("I avoid") and diets kept ("I eat"). */
export interface DietProfile {
  avoid: readonly number[];
  eat: readonly ProfileDiet[];
}

export interface Conflict {
  /** Avoided allergens the item contains, in the item's order. */
  allergens: number[];
  /** Diets of the profile the item does not fit. */
  diets: ProfileDiet[];
}

export const NO_CONFLICT: Conflict = Object.freeze({ allergens: [], diets: [] }) as Conflict;

function withImplied(diets: readonly DietTag[]): Set<DietTag> {
  const set = new Set(diets);
  // Vegan food is vegetarian too.
  if (set.has('vegan')) set.add('vegetarian');
  return set;
}

function inOrder(tags: Set<DietTag>): DietTag[] {
  return DIET_TAGS.filter((t) => tags.has(t));
}

/**
 * What a set-meal line contains: the set meal's own allergens and "contains" tags, plus the
 * chosen options' allergens (all of them) and tags ("free of" tags only when every chosen option
 * has them, "contains" tags when any has). A plain dish (no options) is itself.
 */
export function lineDietary(dish: Dietary, options: readonly Dietary[]): Dietary {
  if (options.length === 0) return { allergens: [...new Set(dish.allergens)], diets: inOrder(withImplied(dish.diets)) };
  const allergens = new Set(dish.allergens);
  for (const o of options) for (const a of o.allergens) allergens.add(a);
  const tags = new Set<DietTag>(dish.diets.filter((t) => !FREE_OF.includes(t)));
  const sets = options.map((o) => withImplied(o.diets));
  for (const tag of DIET_TAGS) {
    if (FREE_OF.includes(tag)) {
      if (sets.every((s) => s.has(tag))) tags.add(tag);
    } else if (sets.some((s) => s.has(tag))) tags.add(tag);
  }
  return { allergens: [...allergens], diets: inOrder(tags) };
}

/** How an item (dish, option or line) conflicts with a profile. */
export function conflictOf(profile: DietProfile, item: Dietary): Conflict {
  const avoid = new Set(profile.avoid);
  const allergens = [...new Set(item.allergens)].filter((a) => avoid.has(a));
  const has = withImplied(item.diets);
  const diets = profile.eat.filter((d) => {
    switch (d) {
      case 'no_pork':
        return has.has('pork');
      case 'not_spicy':
        return has.has('spicy');
      default:
        return !has.has(d);
    }
  });
  return allergens.length === 0 && diets.length === 0 ? NO_CONFLICT : { allergens, diets };
}

export function hasConflict(c: Conflict): boolean {
  return c.allergens.length > 0 || c.diets.length > 0;
}

/**
 * How a set meal itself conflicts, before any option is chosen (the warning on its card): its own
 * allergens and "contains" tags (pork, spicy). "Free of" diets (vegan, vegetarian, ...) are not
 * judged here: they depend on the options chosen.
 */
export function setMealOwnConflict(profile: DietProfile, dish: Dietary): Conflict {
  return conflictOf(profile, { allergens: dish.allergens, diets: [...dish.diets.filter((t) => !FREE_OF.includes(t)), ...FREE_OF] });
}

/** An option group of a set meal as far as the rule needs it. */
export interface DietaryGroup {
  optional: boolean;
  dishes: readonly Dietary[];
}

/**
 * A set meal suits a profile when it can be ordered without a conflict: its own allergens and
 * "contains" tags do not conflict, and every mandatory group offers an option that does not
 * (optional groups may stay empty). "Free of" diets (vegan, ...) are judged on the options only.
 */
export function setMealSuits(profile: DietProfile, dish: Dietary, groups: readonly DietaryGroup[]): boolean {
  const mandatory = groups.filter((g) => !g.optional);
  if (mandatory.length === 0) return !hasConflict(conflictOf(profile, lineDietary(dish, [])));
  if (hasConflict(setMealOwnConflict(profile, dish))) return false;
  return mandatory.every((g) => g.dishes.some((o) => !hasConflict(conflictOf(profile, lineDietary(dish, [o])))));
}

/** The allergens of an order the eater avoids (the kitchen's flag), in first-seen order. */
export function orderWarnings(avoid: readonly number[], lines: readonly Dietary[]): number[] {
  const set = new Set(avoid);
  const out = new Set<number>();
  for (const l of lines) for (const a of l.allergens) if (set.has(a)) out.add(a);
  return [...out];
}

/** Known diet tags, each once, in the list's order (stored rows and inputs are read through it). */
export function dietTagsOf(tags: readonly string[]): DietTag[] {
  return DIET_TAGS.filter((t) => tags.includes(t));
}

/** Known profile diets, each once, in the list's order. */
export function profileDietsOf(diets: readonly string[]): ProfileDiet[] {
  return PROFILE_DIETS.filter((d) => diets.includes(d));
}

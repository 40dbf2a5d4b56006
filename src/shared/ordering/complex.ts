/** Complex dish (set meal) selections: which options of which groups were chosen. */

export interface GroupLike {
  id: number;
  optional: boolean;
  dishes: readonly { id: number }[];
}

/** Chosen option dish ids per group id. Mandatory groups hold exactly one. */
export type ComplexSelection = Record<number, number[]>;

export type SelectionProblem =
  | { kind: 'missing'; groupId: number }
  | { kind: 'tooMany'; groupId: number }
  | { kind: 'unknownGroup'; groupId: number }
  | { kind: 'unknownOption'; groupId: number; dishId: number }
  | { kind: 'duplicate'; groupId: number; dishId: number };

/**
 * Every rule of a valid selection: exactly one option in each mandatory group, any number of
 * distinct options in optional groups, options only from their own group, no unknown groups.
 */
export function selectionProblems(groups: readonly GroupLike[], selected: ComplexSelection): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const byId = new Map(groups.map((g) => [g.id, g]));
  for (const key of Object.keys(selected)) {
    const groupId = Number(key);
    const chosen = selected[groupId] ?? [];
    const group = byId.get(groupId);
    if (!group) {
      if (chosen.length > 0) problems.push({ kind: 'unknownGroup', groupId });
      continue;
    }
    const seen = new Set<number>();
    for (const dishId of chosen) {
      if (seen.has(dishId)) problems.push({ kind: 'duplicate', groupId, dishId });
      seen.add(dishId);
      if (!group.dishes.some((d) => d.id === dishId)) problems.push({ kind: 'unknownOption', groupId, dishId });
    }
  }
  for (const group of groups) {
    if (group.optional) continue;
    const n = (selected[group.id] ?? []).length;
    if (n === 0) problems.push({ kind: 'missing', groupId: group.id });
    else if (n > 1) problems.push({ kind: 'tooMany', groupId: group.id });
  }
  return problems;
}

/** True when the selection may be added to the cart (Add To Order enabled, stock aside). */
export function isSelectionComplete(groups: readonly GroupLike[], selected: ComplexSelection): boolean {
  return selectionProblems(groups, selected).length === 0;
}

/** A fresh selection: mandatory groups with a single option come preselected. */
export function initialSelection(groups: readonly GroupLike[]): ComplexSelection {
  const selected: ComplexSelection = {};
  for (const g of groups) {
    if (!g.optional && g.dishes.length === 1) selected[g.id] = [g.dishes[0]!.id];
  }
  return selected;
}

/**
 * Picks an option: in a mandatory group it replaces the choice (radio); in an optional group it
 * toggles it (checkbox).
 */
export function toggleOption(groups: readonly GroupLike[], selected: ComplexSelection, groupId: number, dishId: number): ComplexSelection {
  const group = groups.find((g) => g.id === groupId);
  if (!group || !group.dishes.some((d) => d.id === dishId)) return selected;
  const current = selected[groupId] ?? [];
  if (!group.optional) return { ...selected, [groupId]: [dishId] };
  const next = current.includes(dishId) ? current.filter((d) => d !== dishId) : [...current, dishId];
  return { ...selected, [groupId]: next };
}

/** Every chosen option dish id (a dish chosen in two groups appears twice). */
export function chosenDishIds(selected: ComplexSelection): number[] {
  return Object.values(selected).flat();
}

/** The API payload form of a selection: one { group_id, dish_id } per chosen option. */
export function selectionToChoices(selected: ComplexSelection): { group_id: number; dish_id: number }[] {
  return Object.entries(selected).flatMap(([g, ids]) => ids.map((dishId) => ({ group_id: Number(g), dish_id: dishId })));
}

/** The reverse of selectionToChoices. */
export function choicesToSelection(choices: readonly { group_id: number; dish_id: number }[]): ComplexSelection {
  const selected: ComplexSelection = {};
  for (const c of choices) (selected[c.group_id] ??= []).push(c.dish_id);
  return selected;
}

/**
 * Unit price of a complex: its base price (the complex dish's own price on the menu, usually 0)
 * plus its chosen options' prices (cents).
 */
export function selectionPriceCents(
  groups: readonly { id: number; dishes: readonly { id: number; priceCents: number }[] }[],
  selected: ComplexSelection,
  basePriceCents = 0,
): number {
  let sum = basePriceCents;
  for (const g of groups) {
    for (const dishId of selected[g.id] ?? []) sum += g.dishes.find((d) => d.id === dishId)?.priceCents ?? 0;
  }
  return sum;
}

/** Cheapest valid selection ("price from"): the base plus the cheapest option of each mandatory group. */
export function cheapestSelectionCents(
  groups: readonly { optional: boolean; dishes: readonly { priceCents: number }[] }[],
  basePriceCents = 0,
): number {
  return groups
    .filter((g) => !g.optional && g.dishes.length > 0)
    .reduce((sum, g) => sum + Math.min(...g.dishes.map((d) => d.priceCents)), basePriceCents);
}

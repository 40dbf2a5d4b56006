import type { ComplexGroupInput, Dish } from '../../../shared/schemas/catalogue';
import { eurosFromInput, eurosToInput } from '../../lib/price';
import { emptyText, textDraftOf, textInputOf, type TextDraft, type TextLang } from '../../lib/translated-text';

/** One option of a group being edited: the dish and its price override as typed ('' = dish price). */
export interface OptionDraft {
  id: number;
  price: string;
}

/** One group of a complex being edited. `key` identifies it in the list (React key, actions). */
export interface GroupDraft {
  key: string;
  /** Id of a stored group; kept so its order history stays linked (see complexGroupInput). */
  id?: number;
  category_id: number | null;
  title: TextDraft;
  optional: boolean;
  dishes: OptionDraft[];
}

export type ComplexAction =
  | { type: 'add'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; offset: -1 | 1 }
  | { type: 'category'; key: string; categoryId: number | null }
  | { type: 'title'; key: string; lang: TextLang; value: string }
  | { type: 'optional'; key: string; value: boolean }
  | { type: 'toggleDish'; key: string; dishId: number }
  | { type: 'dishPrice'; key: string; dishId: number; value: string }
  | { type: 'reset'; groups: GroupDraft[] };

export function newGroup(key: string): GroupDraft {
  return { key, category_id: null, title: emptyText(), optional: false, dishes: [] };
}

function updateGroup(groups: GroupDraft[], key: string, change: (g: GroupDraft) => GroupDraft): GroupDraft[] {
  return groups.map((g) => (g.key === key ? change(g) : g));
}

/**
 * The complex editor's state changes (spec 4, complex editor): groups are added, removed and moved
 * up or down (bounded: the first cannot move up, the last cannot move down); choosing another
 * category for a group empties its dishes, because options must come from the group's category.
 */
export function complexReducer(groups: GroupDraft[], action: ComplexAction): GroupDraft[] {
  switch (action.type) {
    case 'add':
      return [...groups, newGroup(action.key)];
    case 'remove':
      return groups.filter((g) => g.key !== action.key);
    case 'move': {
      const from = groups.findIndex((g) => g.key === action.key);
      const to = from + action.offset;
      if (from < 0 || to < 0 || to >= groups.length) return groups;
      const next = [...groups];
      [next[from], next[to]] = [next[to], next[from]];
      return next;
    }
    case 'category':
      return updateGroup(groups, action.key, (g) =>
        g.category_id === action.categoryId ? g : { ...g, category_id: action.categoryId, dishes: [] },
      );
    case 'title':
      return updateGroup(groups, action.key, (g) => ({ ...g, title: { ...g.title, [action.lang]: action.value } }));
    case 'optional':
      return updateGroup(groups, action.key, (g) => ({ ...g, optional: action.value }));
    case 'toggleDish':
      return updateGroup(groups, action.key, (g) => ({
        ...g,
        dishes: g.dishes.some((d) => d.id === action.dishId)
          ? g.dishes.filter((d) => d.id !== action.dishId)
          : [...g.dishes, { id: action.dishId, price: '' }],
      }));
    case 'dishPrice':
      return updateGroup(groups, action.key, (g) => ({
        ...g,
        dishes: g.dishes.map((d) => (d.id === action.dishId ? { ...d, price: action.value } : d)),
      }));
    case 'reset':
      return action.groups;
  }
}

/** Drafts of a stored complex's groups (in position order, as the API gives them). */
export function groupsFromDish(dish: Pick<Dish, 'complex'>, makeKey: () => string): GroupDraft[] {
  return [...dish.complex]
    .sort((a, b) => a.position - b.position)
    .map((g) => ({
      key: makeKey(),
      id: g.id,
      category_id: g.category_id,
      title: textDraftOf(g.title),
      optional: g.optional,
      dishes: g.dishes.map((d) => ({ id: d.id, price: eurosToInput(d.price) })),
    }));
}

/** Problems the editor can see before asking the server, keyed like the server's errors. */
export type ComplexProblem = 'category' | 'dishes' | 'price';

export function complexProblems(groups: GroupDraft[]): Record<string, ComplexProblem> {
  const problems: Record<string, ComplexProblem> = {};
  groups.forEach((g, i) => {
    if (g.category_id === null) problems[`complex.${i}.category_id`] = 'category';
    if (g.dishes.length === 0) problems[`complex.${i}.dishes`] = 'dishes';
    g.dishes.forEach((d, j) => {
      if (eurosFromInput(d.price) === undefined) problems[`complex.${i}.dishes.${j}.price`] = 'price';
    });
  });
  return problems;
}

/** The `complex` part of a dish request; positions follow the list order. */
export function complexInputOf(groups: GroupDraft[]): ComplexGroupInput[] {
  return groups.map((g, position) => ({
    ...(g.id !== undefined ? { id: g.id } : {}),
    category_id: g.category_id ?? 0,
    title: textInputOf(g.title),
    optional: g.optional,
    position,
    dishes: g.dishes.map((d) => ({ id: d.id, price: eurosFromInput(d.price) ?? null })),
  }));
}

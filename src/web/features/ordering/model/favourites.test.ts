import { describe, expect, it } from 'vitest';
import type { MenuCategory, MenuDish } from '../../../../shared/schemas/ordering';
import { arrangeFavourites } from './favourites';

const dish = (id: number) => ({ id }) as MenuDish;
const category = (id: number, ids: number[]) =>
  ({ id, title: `C${id}`, group_name: '', position: id, dishes: ids.map(dish) }) as MenuCategory;
const ids = (cs: readonly MenuCategory[]) => cs.map((c) => [c.id, c.dishes.map((d) => d.id)]);

describe('arrangeFavourites', () => {
  const menu = [category(1, [1, 2, 3, 4]), category(2, [5, 6])];

  it('puts favourites first in their own category, keeping the menu order otherwise', () => {
    expect(ids(arrangeFavourites(menu, new Set([4, 2]), false))).toEqual([
      [1, [2, 4, 1, 3]],
      [2, [5, 6]],
    ]);
  });

  it('keeps only favourites under the filter and drops categories without any', () => {
    expect(ids(arrangeFavourites(menu, new Set([3, 99]), true))).toEqual([[1, [3]]]);
    expect(arrangeFavourites(menu, new Set(), true)).toEqual([]);
  });

  it('answers the same categories when there are no favourites', () => {
    expect(arrangeFavourites(menu, new Set(), false)).toBe(menu);
  });
});

import type { MenuCategory } from '../../../../shared/schemas/ordering';

/**
 * The user's favourites on the order page: first in their category (the menu's order kept among
 * favourites and among the rest), and the "Favourites" filter that keeps only them. Categories
 * left empty by the filter go.
 */
export function arrangeFavourites(
  categories: readonly MenuCategory[],
  favourites: ReadonlySet<number>,
  onlyFavourites: boolean,
): readonly MenuCategory[] {
  if (favourites.size === 0 && !onlyFavourites) return categories;
  const arranged: MenuCategory[] = [];
  for (const c of categories) {
    const first = c.dishes.filter((d) => favourites.has(d.id));
    const dishes = onlyFavourites ? first : [...first, ...c.dishes.filter((d) => !favourites.has(d.id))];
    if (dishes.length > 0) arranged.push(first.length === 0 && !onlyFavourites ? c : { ...c, dishes });
  }
  return arranged;
}

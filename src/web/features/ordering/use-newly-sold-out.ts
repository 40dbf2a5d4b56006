import { useEffect, useRef, useState } from 'react';
import type { menuTitles } from './model/menu';

/** How many dishes the categories hold. */
export function countDishes(categories: readonly { dishes: readonly unknown[] }[]): number {
  return categories.reduce((n, c) => n + c.dishes.length, 0);
}

/** Titles of the dishes that ran out with the latest order data (null until one does). */
export function useNewlySoldOut(stock: Readonly<Record<number, number | null>>, titles: ReturnType<typeof menuTitles>) {
  const [news, setNews] = useState<string | null>(null);
  const before = useRef<ReadonlySet<number> | null>(null);
  useEffect(() => {
    const soldOut = new Set(
      Object.entries(stock)
        .filter(([, qty]) => qty !== null && qty <= 0)
        .map(([id]) => Number(id)),
    );
    const fresh = before.current ? [...soldOut].filter((id) => !before.current?.has(id)) : [];
    const names = fresh.map((id) => titles.dish(id) ?? titles.option(id)).filter((n): n is string => Boolean(n));
    if (names.length > 0) setNews(names.join(', '));
    before.current = soldOut;
  }, [stock, titles]);
  return news;
}

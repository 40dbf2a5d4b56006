import { isoDayIn } from '../../../lib/format';

/** A sideways swipe this long (px) moves to the next or previous day. */
export const SWIPE_MIN_PX = 60;

/**
 * The day a finished touch moves to: +1 (next day) for a swipe to the left, -1 for one to the
 * right, 0 for a short or mostly vertical one (scrolling the page is not a swipe).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The dishes of a menu in a day's short list: titles and lowest prices, sold-out ones marked. */
export interface DayDish {
  id: number;
  title: string;
  /** The lowest price (a set meal: its cheapest choice). */
  price: number;
  /** A set meal: its price depends on the options chosen. */
  setMeal: boolean;
  soldOut: boolean;
}

interface MenuLike {
  categories: readonly { dishes: readonly { id: number; title: string; priceFrom: number; complex: readonly unknown[] }[] }[];
}

export function dayDishes(menu: MenuLike, stock: Readonly<Record<number, number | null>>): DayDish[] {
  const seen = new Set<number>();
  const out: DayDish[] = [];
  for (const c of menu.categories)
    for (const d of c.dishes) {
      if (seen.has(d.id)) continue;
      seen.add(d.id);
      const qty = stock[d.id];
      out.push({
        id: d.id,
        title: d.title,
        price: d.priceFrom,
        setMeal: d.complex.length > 0,
        soldOut: qty !== undefined && qty !== null && qty <= 0,
      });
    }
  return out;
}

/** Whether the user is away on `day`: marked by themselves, or their office is closed (null: not away). */
export function awayOn(day: string, away: readonly { day: string; kind: 'user' | 'location' }[]): 'user' | 'location' | null {
  const found = away.filter((a) => a.day === day);
  if (found.some((a) => a.kind === 'location')) return 'location';
  return found.length > 0 ? 'user' : null;
}

/** The menu's day (its `from` in the provider's time zone), as away days are kept. */
export const menuDay = (from: string, timezone: string) => isoDayIn(from, timezone);

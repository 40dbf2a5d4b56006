import { describe, expect, it } from 'vitest';
import { awayOn, dayDishes, menuDay, swipeStep } from './week';

describe('week view: swipe', () => {
  it('moves to the next day on a swipe to the left, the previous on one to the right', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(120, -10)).toBe(-1);
  });
  it('ignores short and mostly vertical moves (scrolling)', () => {
    expect(swipeStep(-40, 0)).toBe(0);
    expect(swipeStep(-100, 80)).toBe(0);
  });
});

const dish = (id: number, title: string, priceFrom: number, setMeal = false) => ({ id, title, priceFrom, complex: setMeal ? [{}] : [] });

describe("week view: a day's dishes", () => {
  it('lists each dish once, in menu order, and marks those with no stock left', () => {
    const menu = {
      categories: [
        { dishes: [dish(1, 'Soup', 2.5), dish(2, 'Lunch set', 3, true)] },
        { dishes: [dish(1, 'Soup', 2.5), dish(3, 'Cake', 1.2)] },
      ],
    };
    expect(dayDishes(menu, { 1: 4, 2: 0, 3: null })).toEqual([
      { id: 1, title: 'Soup', price: 2.5, setMeal: false, soldOut: false },
      { id: 2, title: 'Lunch set', price: 3, setMeal: true, soldOut: true },
      { id: 3, title: 'Cake', price: 1.2, setMeal: false, soldOut: false },
    ]);
  });
});

describe('week view: away days', () => {
  it("reads a menu's day in the provider's time zone", () => {
    expect(menuDay('2026-11-26T22:30:00Z', 'Europe/Riga')).toBe('2026-11-27');
    expect(menuDay('2026-11-26T21:30:00Z', 'Europe/Riga')).toBe('2026-11-26');
  });
  it('says an office closed first, then the user away, else nothing', () => {
    const away = [
      { day: '2026-11-27', kind: 'user' as const },
      { day: '2026-11-28', kind: 'user' as const },
      { day: '2026-11-28', kind: 'location' as const },
    ];
    expect(awayOn('2026-11-27', away)).toBe('user');
    expect(awayOn('2026-11-28', away)).toBe('location');
    expect(awayOn('2026-11-29', away)).toBeNull();
  });
});

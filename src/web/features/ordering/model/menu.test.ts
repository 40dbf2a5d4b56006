import { describe, expect, it } from 'vitest';
import { addToCart } from '../../../../shared/ordering/cart';
import type { MenuCategory } from '../../../../shared/schemas/ordering';
import {
  canAddComplex,
  complexItem,
  dishImageUrl,
  isCategoryOpen,
  menuTitles,
  noToggles,
  remaining,
  simpleItem,
  toggleCategory,
  visibleCategories,
} from './menu';
import { menuDish, menuOption } from './menu.fixtures';

const option = (id: number, price: number, qty: number | null = null) => menuOption(id, { price, qty });
const dish = menuDish;

const lunch = dish(10, {
  type: 'complex',
  price: 0.5,
  category_id: 3,
  complex: [
    { id: 1, category_id: 1, title: 'Soup', optional: false, dishes: [option(101, 2.1, 1), option(102, 2.2)] },
    { id: 2, category_id: 2, title: 'Drink', optional: true, dishes: [option(201, 1), option(202, 1.25)] },
  ],
});

describe('menu display', () => {
  it('hides dishes with qty 0 or lower (the balance list wins) and empty categories', () => {
    const categories: MenuCategory[] = [
      { id: 1, title: 'A', group_name: '', position: 1, dishes: [dish(1), dish(2, { qty: 0 }), dish(3, { qty: 5 })] },
      { id: 2, title: 'B', group_name: '', position: 2, dishes: [dish(4, { qty: -1 })] },
    ];
    const shown = visibleCategories(categories, { 3: 0, 2: 2 });
    expect(shown.map((c) => c.id)).toEqual([1]);
    expect(shown[0].dishes.map((d) => d.id)).toEqual([1, 2]);
  });

  it('builds WebP image addresses with the version for caching', () => {
    expect(dishImageUrl({ id: 5, image_version: 'abc' }, { width: 64, height: 64 })).toBe(
      '/app/dishes/5/image?width=64&height=64&format=webp&v=abc',
    );
    expect(dishImageUrl({ id: 5, image_version: null }, { width: 760 })).toBe('/app/dishes/5/image?width=760&format=webp');
  });
});

describe('cart items from dishes', () => {
  it('prices a plain dish in cents', () => {
    expect(simpleItem(dish(1, { price: 4.35 }))).toEqual({ id: 1, category: 1, type: 'simple', selected: {}, price: 435 });
  });

  it('prices a complex as its base plus the chosen options and drops empty groups', () => {
    const item = complexItem(lunch, { 1: [102], 2: [201, 202] });
    expect(item.price).toBe(50 + 220 + 100 + 125);
    expect(complexItem(lunch, { 1: [101], 2: [] }).selected).toEqual({ 1: [101] });
  });

  it('allows Add To Order only with every mandatory group chosen and stock left', () => {
    expect(canAddComplex([], {}, lunch, {})).toBe(false);
    expect(canAddComplex([], {}, lunch, { 2: [201] })).toBe(false);
    expect(canAddComplex([], { 101: 1 }, lunch, { 1: [101] })).toBe(true);
    const cart = addToCart([], { 101: 1 }, complexItem(lunch, { 1: [101] }));
    expect(canAddComplex(cart, { 101: 1 }, lunch, { 1: [101] })).toBe(false);
    expect(canAddComplex(cart, { 101: 1 }, lunch, { 1: [102] })).toBe(true);
    expect(canAddComplex([], { 10: 0 }, lunch, { 1: [102] })).toBe(false);
  });

  it('counts what the cart already takes of an option', () => {
    const cart = addToCart([], { 101: 3 }, complexItem(lunch, { 1: [101] }));
    expect(remaining(cart, { 101: 3 }, 101)).toBe(2);
    expect(remaining(cart, {}, 101)).toBe(Infinity);
  });
});

describe('expanding categories', () => {
  it('all mode: every category open, each can be closed and reopened', () => {
    expect(isCategoryOpen('all', noToggles, 1)).toBe(true);
    const closed = toggleCategory('all', noToggles, 1);
    expect(isCategoryOpen('all', closed, 1)).toBe(false);
    expect(isCategoryOpen('all', closed, 2)).toBe(true);
    expect(isCategoryOpen('all', toggleCategory('all', closed, 1), 1)).toBe(true);
  });

  it('one-at-a-time mode: all closed, opening one closes the other', () => {
    expect(isCategoryOpen('one', noToggles, 1)).toBe(false);
    const first = toggleCategory('one', noToggles, 1);
    const second = toggleCategory('one', first, 2);
    expect(isCategoryOpen('one', second, 1)).toBe(false);
    expect(isCategoryOpen('one', second, 2)).toBe(true);
    expect(isCategoryOpen('one', toggleCategory('one', second, 2), 2)).toBe(false);
  });
});

describe('titles for cart lines', () => {
  it('finds dishes and complex options by id', () => {
    const titles = menuTitles([{ id: 1, title: 'A', group_name: '', position: 1, dishes: [dish(1), lunch] }]);
    expect(titles.dish(1)).toBe('D1');
    expect(titles.dish(10)).toBe('D10');
    expect(titles.option(202)).toBe('O202');
    expect(titles.dish(99)).toBeUndefined();
  });
});

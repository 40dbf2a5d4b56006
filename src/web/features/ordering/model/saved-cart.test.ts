import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../../shared/ordering/cart';
import type { MenuCategory, MenuComplexGroup, MenuDish } from '../../../../shared/schemas/ordering';
import { fillDeadline } from './deadline';
import { menuTitles } from './menu';
import { menuDish, menuOption } from './menu.fixtures';
import { restoreSavedCart } from './restore';
import { readChosenMenu, readSavedCart, writeChosenMenu, writeSavedCart, type KeyValueStore } from './saved-cart';
import { emptyCart, loadMenu, restore } from './cart-state';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const dish = (id: number, price: number, complex: MenuComplexGroup[] = []): MenuDish =>
  menuDish(id, { type: complex.length ? 'complex' : 'simple', price, priceFrom: price, complex });
const group = (id: number, options: ReturnType<typeof menuOption>[]): MenuComplexGroup => ({
  id,
  category_id: 1,
  title: `G${id}`,
  optional: false,
  dishes: options,
});
const menu = (dishes: MenuDish[]): MenuCategory[] => [{ id: 1, title: 'C', group_name: '', position: 1, dishes }];

const soup = dish(1, 3.2);
const main = dish(2, 5.5);
const set = dish(10, 0, [group(20, [menuOption(1, { price: 3 }), menuOption(3, { price: 5 })])]);
const before = menu([soup, main, set]);
const cart: Cart = [
  { key: 'a', id: 1, category: 1, type: 'simple', selected: {}, quantity: 2, price: 320 },
  { key: 'b', id: 2, category: 1, type: 'simple', selected: {}, quantity: 3, price: 550 },
  { key: 'c', id: 10, category: 1, type: 'complex', selected: { 20: [3] }, quantity: 1, price: 500 },
];

describe('the cart kept in the tab', () => {
  it('is kept per menu with its titles, and an empty cart is forgotten', () => {
    const store = memoryStore();
    writeSavedCart(store, 7, cart, menuTitles(before));
    writeSavedCart(store, 8, cart.slice(0, 1), menuTitles(before));
    expect(readSavedCart(store, 7).map((l) => [l.id, l.quantity, l.title])).toEqual([
      [1, 2, 'D1'],
      [2, 3, 'D2'],
      [10, 1, 'D10'],
    ]);
    expect(readSavedCart(store, 7)[2]!.options).toEqual({ 3: 'O3' });
    expect(readSavedCart(store, 8)).toHaveLength(1);
    writeSavedCart(store, 7, [], menuTitles(before));
    expect(readSavedCart(store, 7)).toEqual([]);
    expect(store.map.has('lunch.cart.7')).toBe(false);
    // Whatever else is stored there is no cart.
    store.setItem('lunch.cart.9', '{"x":1');
    expect(readSavedCart(store, 9)).toEqual([]);
    store.setItem('lunch.cart.9', JSON.stringify([{ id: -1 }]));
    expect(readSavedCart(store, 9)).toEqual([]);
    expect(readSavedCart(null, 7)).toEqual([]);
  });

  it('keeps the chosen menu', () => {
    const store = memoryStore();
    expect(readChosenMenu(store)).toBeNull();
    writeChosenMenu(store, 12);
    expect(readChosenMenu(store)).toBe(12);
    store.setItem('lunch.order.menu', 'abc');
    expect(readChosenMenu(store)).toBeNull();
  });

  it('comes back checked against the menu as it is now: gone dropped, fewer left adjusted, new prices told', () => {
    const store = memoryStore();
    writeSavedCart(store, 7, cart, menuTitles(before));
    // Since then: the soup left the menu, 1 main is left, the set's main option costs 6.00.
    const now = menu([main, dish(10, 0, [group(20, [menuOption(1, { price: 3 }), menuOption(3, { price: 6 })])])]);
    const restored = restoreSavedCart(readSavedCart(store, 7), now, { 2: 1 });
    expect(restored.cart.map((l) => [l.id, l.quantity, l.price])).toEqual([
      [2, 1, 550],
      [10, 1, 600],
    ]);
    expect(restored.missing).toEqual([{ title: 'D1', reason: 'notOnMenu' }]);
    expect(restored.fewer).toEqual([{ title: 'D2', quantity: 1 }]);
    expect(restored.repriced).toEqual([{ title: 'D10 (O3)', priceCents: 600 }]);
    // Sold out: dropped with its reason.
    expect(restoreSavedCart(readSavedCart(store, 7), before, { 1: 0 }).missing).toEqual([{ title: 'D1', reason: 'soldOut' }]);
    // Unchanged: nothing to tell.
    const same = restoreSavedCart(readSavedCart(store, 7), before, {});
    expect([same.missing, same.fewer, same.repriced]).toEqual([[], [], []]);
    expect(same.cart.map((l) => l.quantity)).toEqual([2, 3, 1]);
  });

  it('is put back only into its own menu’s cart, and only when nothing changed that cart meanwhile', () => {
    const loaded = loadMenu(emptyCart, 7);
    expect(restore(loaded, 7, loaded.lines, cart).lines).toBe(cart);
    expect(restore(loaded, 8, loaded.lines, cart)).toBe(loaded);
    const started = { ...loaded, lines: cart.slice(0, 1) };
    expect(restore(started, 7, loaded.lines, cart)).toBe(started);
    // The same cart kept in memory (back to the page) is replaced by its checked copy.
    expect(restore(started, 7, started.lines, cart).lines).toBe(cart);
  });
});

describe('the deadline in the order page’s info text', () => {
  it('is the shown menu’s own, escaped; a text without the placeholder is left as it is', () => {
    expect(fillDeadline('<p>Until <strong>{deadline}</strong>.</p>', '19:51')).toBe('<p>Until <strong>19:51</strong>.</p>');
    expect(fillDeadline('<p>{deadline}</p>', '<b>')).toBe('<p>&#60;b&#62;</p>');
    expect(fillDeadline('<p>{deadline}</p>', null)).toBe('<p>—</p>');
    expect(fillDeadline('<p>Delivery 12:00</p>', '19:51')).toBe('<p>Delivery 12:00</p>');
  });
});

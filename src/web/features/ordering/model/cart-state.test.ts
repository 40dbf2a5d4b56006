import { describe, expect, it } from 'vitest';
import type { MenuCategory, MenuDish } from '../../../../shared/schemas/ordering';
import * as cart from './cart-state';
import { menuDish, menuOption } from './menu.fixtures';
import { refillCart } from './refill';

const soup = { id: 1, category: 1, type: 'simple' as const, selected: {}, price: 300 };
const set = { id: 10, category: 2, type: 'complex' as const, selected: { 5: [1], 6: [2] }, price: 850 };
const stock = { 1: 3 };

const dish = (id: number, complex: MenuDish['complex'] = []): MenuDish =>
  menuDish(id, { type: complex.length ? 'complex' : 'simple', price: 1, priceFrom: 1, complex });
function category(dishes: MenuDish[]): MenuCategory {
  return { id: 1, title: 'C', group_name: '', position: 1, dishes };
}
const option = (id: number) => menuOption(id, { title: '' });

describe('cart state', () => {
  it('starts a new cart when another menu loads, keeps it for the same menu', () => {
    const filled = cart.add(cart.loadMenu(cart.emptyCart, 7), stock, soup);
    expect(filled.lines).toHaveLength(1);
    expect(cart.loadMenu(filled, 7)).toBe(filled);
    const other = cart.loadMenu(cart.setOpen(filled, true), 8);
    expect(other).toEqual({ dishlistId: 8, lines: [], open: false, dishRemoved: false, refilledFrom: null, refillResult: null });
  });

  it('applies the shared add, change and typed quantity rules', () => {
    let s = cart.add(cart.emptyCart, stock, soup, 2);
    expect(cart.add(s, stock, soup, 2)).toBe(s); // only 1 left
    s = cart.change(s, 'd1', 1);
    expect(s.lines[0].quantity).toBe(3);
    expect(cart.applyTypedQuantity(s, 'd1', 'abc')).toBe(s);
    expect(cart.applyTypedQuantity(s, 'd1', '')).toBe(s);
    expect(cart.applyTypedQuantity(s, 'd1', '1').lines[0].quantity).toBe(1);
    expect(cart.applyTypedQuantity(s, 'd1', '0').lines).toEqual([]);
    expect(cart.change(s, 'd1', -3).lines).toEqual([]);
    expect(cart.remove(s, 'd1').lines).toEqual([]);
  });

  it('removes lines whose dish or option left the menu and says so', () => {
    let s = cart.add(cart.emptyCart, {}, soup);
    s = cart.add(s, {}, set);
    const groups = [
      { id: 5, category_id: 1, title: 'G', optional: false, dishes: [option(1)] },
      { id: 6, category_id: 1, title: 'H', optional: false, dishes: [option(2)] },
    ];
    const same = cart.syncWithMenu(s, [category([dish(1), dish(10, groups)])]);
    expect(same).toBe(s);

    const noSoup = cart.syncWithMenu(s, [category([dish(10, groups)])]);
    expect(noSoup.lines.map((l) => l.id)).toEqual([10]);
    expect(noSoup.dishRemoved).toBe(true);

    const noOption = cart.syncWithMenu(s, [category([dish(1), dish(10, [groups[0]])])]);
    expect(noOption.lines.map((l) => l.id)).toEqual([1]);
    expect(noOption.dishRemoved).toBe(true);

    // The notice goes with the next change of the cart, or when dismissed.
    expect(cart.add(noSoup, {}, soup).dishRemoved).toBe(false);
    expect(cart.dismissRemoved(noSoup).dishRemoved).toBe(false);
  });

  it('clears after an order but keeps the menu; opens and closes the panel', () => {
    const s = cart.setOpen(cart.add(cart.loadMenu(cart.emptyCart, 3), {}, soup), true);
    expect(s.open).toBe(true);
    expect(cart.setOpen(s, true)).toBe(s);
    expect(cart.clear(s)).toEqual({ dishlistId: 3, lines: [], open: false, dishRemoved: false, refilledFrom: null, refillResult: null });
  });

  it('refills a menu’s cart once per source; a new cart is refilled afresh, a cleared one is not', () => {
    const categories = [category([dish(1)])];
    const lines = (current: Parameters<typeof refillCart>[0]) =>
      refillCart(current, categories, {}, [{ dishId: 1, title: 'Soup', quantity: 2, options: [] }]);
    const fresh = cart.loadMenu(cart.emptyCart, 3);
    expect(cart.refill(fresh, 4, 'again:9', lines)).toBe(fresh);
    const state = cart.refill(fresh, 3, 'again:9', lines);
    expect(state.refillResult?.added).toHaveLength(1);
    expect(state.lines).toEqual([expect.objectContaining({ id: 1, quantity: 2, price: 100 })]);
    expect(cart.refill(state, 3, 'again:9', lines)).toBe(state);
    const cleared = cart.clear(state);
    expect(cleared.refillResult).toBeNull();
    expect(cart.refill(cleared, 3, 'again:9', lines)).toBe(cleared);
    const anew = cart.refill(cart.loadMenu(cart.loadMenu(state, null), 3), 3, 'again:9', lines);
    expect(anew.lines).toEqual([expect.objectContaining({ id: 1, quantity: 2 })]);
  });

  it('counts units', () => {
    const s = cart.add(cart.add(cart.emptyCart, {}, soup, 2), {}, set);
    expect(cart.unitCount(s.lines)).toBe(3);
  });
});

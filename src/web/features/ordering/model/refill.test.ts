import { describe, expect, it } from 'vitest';
import type { MenuCategory, MenuComplexGroup, MenuDish } from '../../../../shared/schemas/ordering';
import { menuDish, menuOption } from './menu.fixtures';
import { linesFromOrder, refillCart, type RefillLine } from './refill';

const option = (id: number, price = 1) => menuOption(id, { price });

const dish = (id: number, price: number, complex: MenuComplexGroup[] = []): MenuDish =>
  menuDish(id, { type: complex.length ? 'complex' : 'simple', price, priceFrom: price, complex });
const group = (id: number, optional: boolean, options: ReturnType<typeof option>[]): MenuComplexGroup => ({
  id,
  category_id: 1,
  title: `G${id}`,
  optional,
  dishes: options,
});
const menu = (dishes: MenuDish[]): MenuCategory[] => [{ id: 1, title: 'C', group_name: '', position: 1, dishes }];

const soup = dish(1, 3.2);
const main = dish(2, 5.5);
// Set meal 10: group 20 mandatory (soup 1 | main 2), group 21 optional (dessert 3 at 1.00).
const set = dish(10, 0, [group(20, false, [option(1, 3), option(2, 5)]), group(21, true, [option(3, 1)])]);

const line = (dishId: number, quantity: number, options: RefillLine['options'] = []): RefillLine => ({
  dishId,
  title: `Old ${dishId}`,
  quantity,
  options,
});

describe('refillCart', () => {
  it('adds plain dishes and set meals with their options at today’s prices', () => {
    const lines = [
      line(1, 2),
      line(10, 1, [
        { groupId: 20, dishId: 2, title: 'Main' },
        { groupId: 21, dishId: 3, title: 'Dessert' },
      ]),
    ];
    const r = refillCart([], menu([soup, main, set]), {}, lines);
    expect(r.missing).toEqual([]);
    expect(r.added.map((a) => a.quantity)).toEqual([2, 1]);
    expect(r.cart).toEqual([
      { key: 'd1', id: 1, category: 1, type: 'simple', selected: {}, quantity: 2, price: 320 },
      { key: 'c10-1', id: 10, category: 1, type: 'complex', selected: { 20: [2], 21: [3] }, quantity: 1, price: 600 },
    ]);
  });

  it('names the lines that are not on today’s menu and keeps what is already in the cart', () => {
    const before = refillCart([], menu([soup]), {}, [line(1, 1)]).cart;
    const r = refillCart(before, menu([soup]), {}, [line(1, 1), line(2, 3)]);
    expect(r.cart).toEqual([expect.objectContaining({ id: 1, quantity: 2 })]);
    expect(r.missing).toEqual([{ line: line(2, 3), reason: 'notOnMenu' }]);
  });

  it('treats a set meal whose chosen option is no longer offered as missing', () => {
    const r = refillCart([], menu([set]), {}, [line(10, 1, [{ groupId: 20, dishId: 99, title: 'Gone' }])]);
    expect(r.cart).toEqual([]);
    expect(r.missing).toEqual([expect.objectContaining({ reason: 'optionGone' })]);
  });

  it('finds an option’s group when the order no longer knows it, and refuses one moved to a group not chosen from', () => {
    const r = refillCart([], menu([set]), {}, [line(10, 1, [{ groupId: null, dishId: 1, title: 'Soup' }])]);
    expect(r.cart).toEqual([expect.objectContaining({ selected: { 20: [1] }, price: 300 })]);
    const moved = refillCart([], menu([set]), {}, [line(10, 1, [{ groupId: 21, dishId: 1, title: 'Soup' }])]);
    expect(moved.missing).toEqual([expect.objectContaining({ reason: 'optionGone' })]);
  });

  it('treats a set meal that now asks for a choice the line did not make as missing, but fills a single mandatory option', () => {
    const wider = dish(10, 0, [group(20, false, [option(1), option(2)]), group(22, false, [option(4), option(5)])]);
    expect(refillCart([], menu([wider]), {}, [line(10, 1, [{ groupId: 20, dishId: 1, title: 'S' }])]).missing).toEqual([
      expect.objectContaining({ reason: 'incomplete' }),
    ]);
    const single = dish(10, 0, [group(20, false, [option(1)]), group(22, false, [option(4)])]);
    expect(refillCart([], menu([single]), {}, [line(10, 1, [{ groupId: 20, dishId: 1, title: 'S' }])]).cart).toEqual([
      expect.objectContaining({ selected: { 20: [1], 22: [4] } }),
    ]);
  });

  it('adds as many as the stock allows and names a sold-out line (a set meal counts its options’ stock)', () => {
    const r = refillCart([], menu([soup, main, set]), { 1: 2, 2: 0 }, [
      line(1, 3),
      line(2, 1),
      line(10, 1, [{ groupId: 20, dishId: 1, title: 'Soup' }]),
    ]);
    expect(r.added).toEqual([{ line: line(1, 3), quantity: 2 }]);
    expect(r.missing.map((m) => [m.line.dishId, m.reason])).toEqual([
      [2, 'soldOut'],
      [10, 'soldOut'],
    ]);
  });

  it('turns an order’s lines into refill lines', () => {
    expect(
      linesFromOrder([
        { dish: { id: 10, title: 'Set' }, qty: 2, complex: [{ group_id: 20, dish: { id: 1, title: 'Soup' } }] },
        { dish: { id: 1, title: 'Soup' }, qty: 1, complex: [] },
      ]),
    ).toEqual([
      { dishId: 10, title: 'Set', quantity: 2, options: [{ groupId: 20, dishId: 1, title: 'Soup' }] },
      { dishId: 1, title: 'Soup', quantity: 1, options: [] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Dish } from '../../../shared/schemas/catalogue';
import { complexInputOf, complexProblems, complexReducer, groupsFromDish, newGroup, type GroupDraft } from './complex-editor';
import { eurosFromInput } from '../../lib/price';

const three = (): GroupDraft[] => [newGroup('a'), newGroup('b'), newGroup('c')];
const keys = (groups: GroupDraft[]) => groups.map((g) => g.key);

describe('complex editor', () => {
  it('adds groups at the end and removes the chosen one', () => {
    let groups = complexReducer([], { type: 'add', key: 'a' });
    groups = complexReducer(groups, { type: 'add', key: 'b' });
    expect(keys(groups)).toEqual(['a', 'b']);
    expect(groups[1]).toMatchObject({ category_id: null, optional: false, dishes: [], title: { lv: '', en: '', ru: '' } });
    expect(keys(complexReducer(groups, { type: 'remove', key: 'a' }))).toEqual(['b']);
  });

  it('moves a group up or down by swapping with its neighbour, bounded at both ends', () => {
    expect(keys(complexReducer(three(), { type: 'move', key: 'b', offset: -1 }))).toEqual(['b', 'a', 'c']);
    expect(keys(complexReducer(three(), { type: 'move', key: 'b', offset: 1 }))).toEqual(['a', 'c', 'b']);
    const start = three();
    expect(complexReducer(start, { type: 'move', key: 'a', offset: -1 })).toBe(start);
    expect(complexReducer(start, { type: 'move', key: 'c', offset: 1 })).toBe(start);
  });

  it('empties the dishes of a group when another category is chosen, keeps them for the same one', () => {
    let groups = complexReducer([newGroup('a')], { type: 'category', key: 'a', categoryId: 3 });
    groups = complexReducer(groups, { type: 'toggleDish', key: 'a', dishId: 10 });
    groups = complexReducer(groups, { type: 'toggleDish', key: 'a', dishId: 11 });
    expect(groups[0].dishes.map((d) => d.id)).toEqual([10, 11]);
    expect(complexReducer(groups, { type: 'category', key: 'a', categoryId: 3 })[0].dishes).toHaveLength(2);
    const changed = complexReducer(groups, { type: 'category', key: 'a', categoryId: 4 });
    expect(changed[0]).toMatchObject({ category_id: 4, dishes: [] });
  });

  it('toggles dishes in and out and keeps price overrides per dish', () => {
    let groups = complexReducer([newGroup('a'), newGroup('b')], { type: 'toggleDish', key: 'a', dishId: 10 });
    groups = complexReducer(groups, { type: 'dishPrice', key: 'a', dishId: 10, value: '1.5' });
    expect(groups[0].dishes).toEqual([{ id: 10, price: '1.5' }]);
    expect(groups[1].dishes).toEqual([]);
    groups = complexReducer(groups, { type: 'toggleDish', key: 'a', dishId: 10 });
    expect(groups[0].dishes).toEqual([]);
  });

  it('edits titles per language and the optional flag of one group only', () => {
    let groups = complexReducer(three(), { type: 'title', key: 'b', lang: 'ru', value: 'Суп' });
    groups = complexReducer(groups, { type: 'optional', key: 'c', value: true });
    expect(groups[1].title).toEqual({ lv: '', en: '', ru: 'Суп' });
    expect(groups.map((g) => g.optional)).toEqual([false, false, true]);
  });

  it('builds the request with positions in list order, ids kept and empty overrides as null', () => {
    const dish = {
      complex: [
        {
          id: 8,
          category_id: 2,
          title: { lv: 'Otrais', en: '', ru: '' },
          optional: true,
          position: 1,
          dishes: [{ id: 21, price: null, base_price: 3, title: { lv: 'x', en: '', ru: '' }, status: true }],
        },
        {
          id: 7,
          category_id: 1,
          title: { lv: 'Zupa', en: 'Soup', ru: '' },
          optional: false,
          position: 0,
          dishes: [{ id: 20, price: 1.2, base_price: 2, title: { lv: 'y', en: '', ru: '' }, status: true }],
        },
      ],
    } satisfies Pick<Dish, 'complex'>;
    let n = 0;
    let groups = groupsFromDish(dish, () => `k${n++}`);
    expect(groups.map((g) => g.id)).toEqual([7, 8]);
    expect(groups[0].dishes).toEqual([{ id: 20, price: '1.2' }]);
    groups = complexReducer(groups, { type: 'move', key: groups[1].key, offset: -1 });
    groups = complexReducer(groups, { type: 'add', key: 'new' });
    groups = complexReducer(groups, { type: 'category', key: 'new', categoryId: 5 });
    groups = complexReducer(groups, { type: 'toggleDish', key: 'new', dishId: 30 });
    expect(complexInputOf(groups)).toEqual([
      { id: 8, category_id: 2, title: { lv: 'Otrais', en: '', ru: '' }, optional: true, position: 0, dishes: [{ id: 21, price: null }] },
      { id: 7, category_id: 1, title: { lv: 'Zupa', en: 'Soup', ru: '' }, optional: false, position: 1, dishes: [{ id: 20, price: 1.2 }] },
      { category_id: 5, title: { lv: '', en: '', ru: '' }, optional: false, position: 2, dishes: [{ id: 30, price: null }] },
    ]);
  });

  it('reports a group without category or dishes and a bad override before sending', () => {
    let groups = complexReducer([newGroup('a'), newGroup('b')], { type: 'category', key: 'b', categoryId: 1 });
    groups = complexReducer(groups, { type: 'toggleDish', key: 'b', dishId: 3 });
    groups = complexReducer(groups, { type: 'dishPrice', key: 'b', dishId: 3, value: '-1' });
    expect(complexProblems(groups)).toEqual({
      'complex.0.category_id': 'category',
      'complex.0.dishes': 'dishes',
      'complex.1.dishes.0.price': 'price',
    });
  });
});

describe('euro inputs', () => {
  it('reads empty as no value, decimals exactly, and rejects negatives and sub-cent amounts', () => {
    expect(eurosFromInput('')).toBeNull();
    expect(eurosFromInput(' 4.5 ')).toBe(4.5);
    expect(eurosFromInput('4,05')).toBe(4.05);
    expect(eurosFromInput('0')).toBe(0);
    expect(eurosFromInput('-1')).toBeUndefined();
    expect(eurosFromInput('1.234')).toBeUndefined();
    expect(eurosFromInput('abc')).toBeUndefined();
  });
});

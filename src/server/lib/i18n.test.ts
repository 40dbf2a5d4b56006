import { describe, expect, it } from 'vitest';
import { countedText, defineMessages } from './i18n.js';

const text = defineMessages<'dishes' | 'plain'>({
  en: { dishes: { one: '{count} dish in {name}', other: '{count} dishes in {name}' }, plain: 'Plain {count}' },
  lv: {
    dishes: { zero: '{name}: {count} ēdienu', one: '{name}: {count} ēdiens', other: '{name}: {count} ēdieni' },
    plain: 'Vienkāršs {count}',
  },
  ru: {
    dishes: { one: '{name}: {count} блюдо', few: '{name}: {count} блюда', many: '{name}: {count} блюд', other: '{name}: {count} блюда' },
    plain: 'Простой {count}',
  },
});

const EDGES = [1, 2, 5, 11, 21, 0];

describe('server texts with plural forms', () => {
  it('chooses the form by the count parameter in lv, ru and en', () => {
    expect(EDGES.map((count) => text('lv', 'dishes', { count, name: 'A' }))).toEqual([
      'A: 1 ēdiens',
      'A: 2 ēdieni',
      'A: 5 ēdieni',
      'A: 11 ēdienu',
      'A: 21 ēdiens',
      'A: 0 ēdienu',
    ]);
    expect(EDGES.map((count) => text('ru', 'dishes', { count, name: 'A' }))).toEqual([
      'A: 1 блюдо',
      'A: 2 блюда',
      'A: 5 блюд',
      'A: 11 блюд',
      'A: 21 блюдо',
      'A: 0 блюд',
    ]);
    expect(EDGES.map((count) => text('en', 'dishes', { count, name: 'A' }))).toEqual([
      '1 dish in A',
      '2 dishes in A',
      '5 dishes in A',
      '11 dishes in A',
      '21 dishes in A',
      '0 dishes in A',
    ]);
  });

  it('leaves plain texts alone and uses other without a count', () => {
    expect(text('lv', 'plain', { count: 1 })).toBe('Vienkāršs 1');
    expect(text('ru', 'dishes', { name: 'A' })).toBe('A: {count} блюда');
  });

  it('fills in a counted text outside a catalogue', () => {
    const orders = {
      en: { one: '{count} order', other: '{count} orders' },
      lv: { zero: '{count} pasūtījumu', one: '{count} pasūtījums', other: '{count} pasūtījumi' },
      ru: { one: '{count} заказ', few: '{count} заказа', many: '{count} заказов', other: '{count} заказа' },
    };
    expect(EDGES.map((n) => countedText('lv', n, orders))).toEqual([
      '1 pasūtījums',
      '2 pasūtījumi',
      '5 pasūtījumi',
      '11 pasūtījumu',
      '21 pasūtījums',
      '0 pasūtījumu',
    ]);
    expect(EDGES.map((n) => countedText('ru', n, orders))).toEqual([
      '1 заказ',
      '2 заказа',
      '5 заказов',
      '11 заказов',
      '21 заказ',
      '0 заказов',
    ]);
    expect(EDGES.map((n) => countedText('en', n, orders))).toEqual([
      '1 order',
      '2 orders',
      '5 orders',
      '11 orders',
      '21 orders',
      '0 orders',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { authText } from '../modules/auth/auth.messages.js';
import { catalogueText } from '../modules/catalogue/catalogue.messages.js';
import { menuText } from '../modules/menus/menus.messages.js';
import { orderingText } from '../modules/ordering/ordering.messages.js';
import { teamsText } from '../modules/teams/teams.messages.js';
import { t } from './messages.js';

// The counted server texts agree with their number (1, 2, 5, 11, 21, 0) in every language.
const EDGES = [1, 2, 5, 11, 21, 0];

describe('counted server texts', () => {
  it('validation: at least / at most N characters', () => {
    expect(EDGES.map((count) => t('lv', 'tooShort', { count }))).toEqual([
      'Ievadiet vismaz 1 rakstzīmi.',
      'Ievadiet vismaz 2 rakstzīmes.',
      'Ievadiet vismaz 5 rakstzīmes.',
      'Ievadiet vismaz 11 rakstzīmes.',
      'Ievadiet vismaz 21 rakstzīmi.',
      'Ievadiet vismaz 0 rakstzīmes.',
    ]);
    expect(EDGES.map((count) => t('ru', 'tooLong', { count }))).toEqual([
      'Введите не более 1 символа.',
      'Введите не более 2 символов.',
      'Введите не более 5 символов.',
      'Введите не более 11 символов.',
      'Введите не более 21 символа.',
      'Введите не более 0 символов.',
    ]);
    expect(t('en', 'tooShort', { count: 1 })).toBe('Enter at least 1 character.');
    expect(t('en', 'tooShort', { count: 8 })).toBe('Enter at least 8 characters.');
  });

  it('a menu with orders, a category with dishes', () => {
    expect([1, 3, 11, 21].map((count) => menuText('lv', 'menuHasOrders', { count }))).toEqual([
      'Ēdienkarti nevar dzēst: tai ir 1 pasūtījums.',
      'Ēdienkarti nevar dzēst: tai ir 3 pasūtījumi.',
      'Ēdienkarti nevar dzēst: tai ir 11 pasūtījumu.',
      'Ēdienkarti nevar dzēst: tai ir 21 pasūtījums.',
    ]);
    expect([1, 2, 5, 21].map((count) => menuText('ru', 'menuHasOrders', { count }))).toEqual([
      'Меню нельзя удалить: в нём 1 заказ.',
      'Меню нельзя удалить: в нём 2 заказа.',
      'Меню нельзя удалить: в нём 5 заказов.',
      'Меню нельзя удалить: в нём 21 заказ.',
    ]);
    expect(menuText('en', 'menuHasOrders', { count: 2 })).toBe('The menu cannot be deleted: it has 2 orders.');
    expect(catalogueText('lv', 'categoryInUse', { count: 21, names: 'A' })).toMatch(
      /^Kategoriju nevar dzēst: to izmanto 21 ēdiens: A\. .* to\.$/,
    );
    expect(catalogueText('lv', 'categoryInUse', { count: 2, names: 'A, B' })).toMatch(/to izmanto 2 ēdieni: A, B\. .* tos\.$/);
    expect(catalogueText('ru', 'categoryInUse', { count: 1, names: 'A' })).toMatch(/её использует 1 блюдо: A\./);
    expect(catalogueText('ru', 'categoryInUse', { count: 3, names: 'A' })).toMatch(/её используют 3 блюда: A\./);
    expect(catalogueText('ru', 'categoryInUse', { count: 11, names: 'A' })).toMatch(/её используют 11 блюд: A\./);
  });

  it('invitation limit and the reset link’s lifetime', () => {
    expect(teamsText('lv', 'skip.daily_limit', { count: 21 })).toContain('jau nosūtīts 21 ielūgums.');
    expect(teamsText('lv', 'skip.daily_limit', { count: 200 })).toContain('jau nosūtīti 200 ielūgumi.');
    expect(teamsText('ru', 'skip.daily_limit', { count: 200 })).toContain('вы отправили 200 приглашений.');
    expect(teamsText('ru', 'skip.daily_limit', { count: 22 })).toContain('вы отправили 22 приглашения.');
    const within = (lang: 'lv' | 'ru' | 'en', count: number) => authText(lang, 'withinMinutes', { count });
    expect([1, 21, 30, 60].map((n) => within('lv', n))).toEqual([
      '1 minūtes laikā',
      '21 minūtes laikā',
      '30 minūšu laikā',
      '60 minūšu laikā',
    ]);
    expect([1, 21, 3, 60].map((n) => within('ru', n))).toEqual([
      'в течение 1 минуты',
      'в течение 21 минуты',
      'в течение 3 минут',
      'в течение 60 минут',
    ]);
    expect(authText('lv', 'resetBody', { link: 'L', within: within('lv', 60) })).toContain('Atveriet šo saiti 60 minūšu laikā, lai');
  });

  it('out of stock', () => {
    expect(EDGES.map((count) => orderingText('lv', 'outOfStock', { dish: 'Zupa', count }))).toEqual([
      'Zupa: atlikusi tikai 1 porcija.',
      'Zupa: atlikušas tikai 2 porcijas.',
      'Zupa: atlikušas tikai 5 porcijas.',
      'Zupa: atlikušas tikai 11 porcijas.',
      'Zupa: atlikusi tikai 21 porcija.',
      'Zupa: atlikušas tikai 0 porcijas.',
    ]);
    expect(EDGES.map((count) => orderingText('ru', 'outOfStock', { dish: 'Суп', count }))).toEqual([
      'Суп: осталась только 1 порция.',
      'Суп: осталось только 2 порции.',
      'Суп: осталось только 5 порций.',
      'Суп: осталось только 11 порций.',
      'Суп: осталась только 21 порция.',
      'Суп: осталось только 0 порций.',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { LANGS, PLURAL_CATEGORIES, pluralCategory, pluralForm } from './i18n';

describe('plural rules', () => {
  it('names exactly the categories Intl.PluralRules has for each language', () => {
    for (const lang of LANGS) {
      expect([...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort(), lang).toEqual([...PLURAL_CATEGORIES[lang]].sort());
    }
  });

  it('picks Latvian zero / one / other: 1, 21, 31 are one; 0, 10-20 zero; 11 is not one', () => {
    const of = (n: number) => pluralCategory('lv', n);
    expect([0, 1, 2, 5, 9, 10, 11, 12, 19, 20, 21, 22, 30, 31, 101, 111].map(of)).toEqual([
      'zero',
      'one',
      'other',
      'other',
      'other',
      'zero',
      'zero',
      'zero',
      'zero',
      'zero',
      'one',
      'other',
      'zero',
      'one',
      'one',
      'zero',
    ]);
  });

  it('picks Russian one / few / many', () => {
    const of = (n: number) => pluralCategory('ru', n);
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 111, 1.5].map(of)).toEqual([
      'many',
      'one',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'one',
      'few',
      'many',
      'many',
      'other',
    ]);
  });

  it('picks English one / other', () => {
    expect([0, 1, 2, 5, 11, 21].map((n) => pluralCategory('en', n))).toEqual(['other', 'one', 'other', 'other', 'other', 'other']);
  });

  it('returns the form of the category', () => {
    const lv = { zero: 'z', one: 'o', other: 'x' };
    expect([0, 1, 2, 5, 11, 21].map((n) => pluralForm('lv', n, lv))).toEqual(['z', 'o', 'x', 'x', 'z', 'o']);
    const ru = { one: 'o', few: 'f', many: 'm', other: 'x' };
    expect([0, 1, 2, 5, 11, 21].map((n) => pluralForm('ru', n, ru))).toEqual(['m', 'o', 'f', 'm', 'm', 'o']);
  });
});

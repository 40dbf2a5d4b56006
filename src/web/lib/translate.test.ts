import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Trans } from './i18n';
import { translate, type TextTree, type TOptions } from './translate';

const trees: Record<string, TextTree> = {
  common: { save: 'Save', hello: 'Hello, {{name}}', empty: 'common empty' },
  ordering: {
    title: 'Order',
    empty: '',
    cart: { left_one: '{{count}} left', left_other: '{{count}} left (many)', left_zero: 'none left' },
  },
  kitchen: { title: 'Kitchen' },
};
const t = (key: string, options?: TOptions, lang = 'en') =>
  translate(
    lang,
    (ns) => trees[ns],
    ['ordering'],
    (ns) => ns in trees,
    key,
    options,
  );

describe('translate (the web texts lookup)', () => {
  it('looks a dotted key up in the first namespace, then in common', () => {
    expect(t('title')).toBe('Order');
    expect(t('save')).toBe('Save');
  });

  it('takes a namespace prefix, and only a known one', () => {
    expect(t('kitchen:title')).toBe('Kitchen');
    expect(t('nowhere:title')).toBe('nowhere:title');
  });

  it('treats an empty text as missing (falls back to common) and answers the key or defaultValue when missing', () => {
    expect(t('empty')).toBe('common empty');
    expect(t('cart.gone')).toBe('cart.gone');
    expect(t('cart.gone', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(t('kitchen:nope')).toBe('nope');
  });

  it('replaces placeholders by the options, leaving one without its option as written', () => {
    expect(t('hello', { name: 'Anna' })).toBe('Hello, Anna');
    expect(t('hello')).toBe('Hello, {{name}}');
  });

  it('picks the plural form by the language, with _zero first for 0', () => {
    expect(t('cart.left', { count: 1 })).toBe('1 left');
    expect(t('cart.left', { count: 2 })).toBe('2 left (many)');
    expect(t('cart.left', { count: 0 })).toBe('none left');
    // Latvian: 11 is the "zero" category, 21 "one".
    expect(t('cart.left', { count: 11 }, 'lv')).toBe('none left');
    expect(t('cart.left', { count: 21 }, 'lv')).toBe('21 left');
  });
});

describe('Trans', () => {
  it('puts the text inside the named element and keeps the rest as text', () => {
    const terms = (key: string) => (key === 'terms' ? 'I agree to the <tos>terms of service</tos> & more' : key);
    const html = renderToStaticMarkup(
      createElement(Trans, { t: terms, i18nKey: 'terms', components: { tos: createElement('a', { href: '/privacy' }) } }),
    );
    expect(html).toBe('I agree to the <a href="/privacy">terms of service</a> &amp; more');
  });
});

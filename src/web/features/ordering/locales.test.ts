import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
type Tree = { [key: string]: string | Tree };
const load = (lang: string, ns: string) => JSON.parse(readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Tree;
const at = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((t, k) => (t as Tree)[k], tree);

describe('ordering texts', () => {
  it('uses the spec texts in English', () => {
    const en = load('en', 'ordering');
    const spec: Record<string, string> = {
      'menu.none': 'No menu available for today',
      'menu.orderUntil': 'Order until',
      'cart.label': 'Cart',
      'cart.empty': 'Cart is empty',
      'cart.dishRemoved': 'Dish was removed',
      'dish.addToOrder': 'Add To Order',
      'dish.left_one': '{{count}} left',
      'dish.left_other': '{{count}} left',
      'errors.general': 'There was an issue while placing your order, please, try again.',
      'errors.notAvailable': 'Some items you ordered are not available.',
      'fail.title': 'There was a problem with payment!',
      'success.viewOrder': 'View Order',
      'success.newOrder': 'New Order',
      'details.orderedOn': 'Ordered on',
      'checkout.onBehalfOf': 'On behalf of',
      'checkout.selectUser': 'Select a user...',
    };
    for (const [key, text] of Object.entries(spec)) expect(at(en, key), key).toBe(text);
    expect(at(load('en', 'history'), 'download')).toBe('Download Report (PDF)');
  });

  it('says after a failed payment that the order was not placed and to order again', () => {
    expect(at(load('en', 'ordering'), 'fail.text')).toBe('The order was not paid, so it was not placed. Please place a new order.');
    expect(at(load('lv', 'ordering'), 'fail.text')).toMatch(/nav noformēts.*jaunu pasūtījumu/);
    expect(at(load('ru', 'ordering'), 'fail.text')).toMatch(/не оформлен.*новый заказ/);
  });

  it('keeps the terms link tag in every language (the checkbox label links it to /privacy)', () => {
    for (const lang of ['lv', 'en', 'ru']) {
      expect(at(load(lang, 'ordering'), 'checkout.terms'), lang).toMatch(/<tos>[^<]+<\/tos>/);
    }
  });
});

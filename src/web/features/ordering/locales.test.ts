import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
type Tree = { [key: string]: string | Tree };
const load = (lang: string, ns: string) => JSON.parse(readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as Tree;
const at = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((t, k) => (t as Tree | undefined)?.[k], tree);
/**
 * A text of the order pages as the page looks it up: the `ordering` namespace, then `checkout`
 * (the cart, checkout and order result texts, loaded with their code; decision 058).
 */
const text = (lang: string, key: string) => at(load(lang, 'ordering'), key) ?? at(load(lang, 'checkout'), key);

describe('ordering texts', () => {
  it('uses the spec texts in English', () => {
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
      'userPicker.onBehalfOf': 'On behalf of',
      'userPicker.selectUser': 'Select a user...',
    };
    for (const [key, wanted] of Object.entries(spec)) expect(text('en', key), key).toBe(wanted);
    expect(at(load('en', 'history'), 'download')).toBe('Download Report (PDF)');
  });

  it('says after a failed payment that the order was not placed and to order again', () => {
    expect(text('en', 'fail.text')).toBe('The order was not paid, so it was not placed. Please place a new order.');
    expect(text('lv', 'fail.text')).toMatch(/nav noformēts.*jaunu pasūtījumu/);
    expect(text('ru', 'fail.text')).toMatch(/не оформлен.*новый заказ/);
  });

  it('keeps the terms link tag in every language (the checkbox label links it to /privacy)', () => {
    for (const lang of ['lv', 'en', 'ru']) {
      expect(text(lang, 'checkout.terms'), lang).toMatch(/<tos>[^<]+<\/tos>/);
    }
  });
});

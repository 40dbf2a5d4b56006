import type { ComplexOptionDish, MenuDish } from '../../../../shared/schemas/ordering';

/*
 * Test data for the order page's model tests: a set-meal option and a menu dish with every field
 * of the menu answer, each overridable. Only tests import this.
 */

export function menuOption(id: number, over: Partial<ComplexOptionDish> = {}): ComplexOptionDish {
  return {
    id,
    title: `O${id}`,
    summary: '',
    price: 1,
    qty: null,
    allergens: [],
    diets: [],
    kcal: null,
    ingredients: '',
    has_image: false,
    image_version: null,
    ...over,
  };
}

/** A plain dish unless `over` says otherwise. */
export function menuDish(id: number, over: Partial<MenuDish> = {}): MenuDish {
  return {
    id,
    title: `D${id}`,
    summary: '',
    code: '',
    category_id: 1,
    type: 'simple',
    price: 4.5,
    priceFrom: 4.5,
    qty: null,
    has_image: false,
    image_version: null,
    allergens: [],
    diets: [],
    kcal: null,
    ingredients: '',
    complex: [],
    ...over,
  };
}

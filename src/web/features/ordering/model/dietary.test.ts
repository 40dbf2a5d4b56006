import { describe, expect, it } from 'vitest';
import type { ComplexOptionDish, MenuDish } from '../../../../shared/schemas/ordering';
import { dishSuits, setMealConflict } from './dietary';

const GLUTEN = { id: 1, title: 'Gluten' };

const option = (id: number, over: Partial<ComplexOptionDish> = {}): ComplexOptionDish => ({
  id,
  title: `O${id}`,
  summary: '',
  price: 2,
  qty: null,
  allergens: [],
  diets: [],
  kcal: null,
  ingredients: '',
  has_image: false,
  image_version: null,
  ...over,
});

function dish(over: Partial<MenuDish> = {}): MenuDish {
  return {
    id: 1,
    title: 'D',
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

const avoidsGluten = { avoid: [GLUTEN.id], eat: [] };
const vegetarian = { avoid: [], eat: ['vegetarian' as const] };

describe('dishSuits (the "Suitable for me" filter)', () => {
  it('a dish whose allergens were never confirmed does not suit someone avoiding allergens, and suits a diet-only profile', () => {
    const unknown = dish({ allergens_unknown: true, diets: ['vegetarian'] });
    expect(dishSuits(avoidsGluten, unknown)).toBe(false);
    expect(dishSuits(avoidsGluten, dish())).toBe(true);
    expect(dishSuits(vegetarian, unknown)).toBe(true);
  });

  it("a set meal's unconfirmed options do not count as a safe choice; its own flag is not asked", () => {
    const set = (options: ComplexOptionDish[]) =>
      dish({
        type: 'complex',
        allergens_unknown: true,
        complex: [{ id: 5, category_id: 1, title: 'Soup', optional: false, dishes: options }],
      });
    expect(dishSuits(avoidsGluten, set([option(1, { allergens_unknown: true })]))).toBe(false);
    expect(dishSuits(avoidsGluten, set([option(1, { allergens_unknown: true }), option(2)]))).toBe(true);
    expect(dishSuits(avoidsGluten, set([option(2, { allergens: [GLUTEN] })]))).toBe(false);
  });
});

describe("setMealConflict (a set meal's card)", () => {
  it('warns a vegetarian of nothing before options are chosen, and names its own allergens to an avoider', () => {
    const set = dish({ type: 'complex', allergens: [GLUTEN], complex: [] });
    expect(setMealConflict(vegetarian, set)).toEqual({ allergens: [], diets: [] });
    expect(setMealConflict(avoidsGluten, set)).toEqual({ allergens: [GLUTEN.id], diets: [] });
  });
});

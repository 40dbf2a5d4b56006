import { describe, expect, it } from 'vitest';
import type { ComplexOptionDish, MenuDish } from '../../../../shared/schemas/ordering';
import { dishSuits, setMealConflict } from './dietary';
import { menuDish, menuOption } from './menu.fixtures';

const GLUTEN = { id: 1, title: 'Gluten' };

const option = menuOption;
const dish = (over: Partial<MenuDish> = {}) => menuDish(1, over);

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

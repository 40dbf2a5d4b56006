import { describe, expect, it } from 'vitest';
import { conflictOf, hasConflict, lineDietary, orderWarnings, setMealOwnConflict, setMealSuits, type DietProfile } from './dietary';

const GLUTEN = 1;
const MILK = 7;
const FISH = 4;

describe('lineDietary (the shared rule for a dish, a set meal and its chosen options)', () => {
  it('a plain dish is itself; vegan implies vegetarian', () => {
    expect(lineDietary({ allergens: [GLUTEN, GLUTEN], diets: ['vegan'] }, [])).toEqual({
      allergens: [GLUTEN],
      diets: ['vegan', 'vegetarian'],
    });
  });

  it('a set meal has every allergen of its own and of the chosen options', () => {
    const line = lineDietary({ allergens: [FISH], diets: [] }, [
      { allergens: [GLUTEN], diets: [] },
      { allergens: [MILK, GLUTEN], diets: [] },
    ]);
    expect(new Set(line.allergens)).toEqual(new Set([FISH, GLUTEN, MILK]));
  });

  it('"free of" tags only when every chosen option has them, "contains" tags when any has', () => {
    const line = lineDietary({ allergens: [], diets: [] }, [
      { allergens: [], diets: ['vegan', 'gluten_free'] },
      { allergens: [], diets: ['vegetarian', 'spicy'] },
    ]);
    expect(line.diets).toEqual(['vegetarian', 'spicy']);
  });

  it("the set meal's own 'free of' tags do not make a meat option vegan", () => {
    const line = lineDietary({ allergens: [], diets: ['vegan', 'pork'] }, [{ allergens: [], diets: [] }]);
    expect(line.diets).toEqual(['pork']);
  });
});

describe('conflictOf (profile against an item)', () => {
  const profile: DietProfile = { avoid: [GLUTEN], eat: ['vegetarian', 'not_spicy'] };

  it('names the avoided allergens the item contains', () => {
    expect(conflictOf(profile, { allergens: [MILK, GLUTEN], diets: ['vegetarian'] })).toEqual({ allergens: [GLUTEN], diets: [] });
  });

  it('a diet kept rules out dishes without its tag, "not spicy" those with spicy', () => {
    expect(conflictOf(profile, { allergens: [], diets: ['spicy'] }).diets).toEqual(['vegetarian', 'not_spicy']);
    expect(hasConflict(conflictOf(profile, { allergens: [MILK], diets: ['vegan'] }))).toBe(false);
  });

  it('an empty profile conflicts with nothing', () => {
    expect(hasConflict(conflictOf({ avoid: [], eat: [] }, { allergens: [GLUTEN], diets: ['pork'] }))).toBe(false);
  });
});

describe('setMealSuits (the "Suitable for me" filter on set meals)', () => {
  const avoidGluten: DietProfile = { avoid: [GLUTEN], eat: [] };
  const soup = { allergens: [], diets: [] as const };
  const bread = { allergens: [GLUTEN], diets: [] as const };

  it('suits when every mandatory group has a safe option', () => {
    expect(setMealSuits(avoidGluten, { allergens: [], diets: [] }, [{ optional: false, dishes: [bread, soup] }])).toBe(true);
  });

  it('does not suit when a mandatory group has only conflicting options', () => {
    expect(setMealSuits(avoidGluten, { allergens: [], diets: [] }, [{ optional: false, dishes: [bread] }])).toBe(false);
  });

  it('an optional group with only conflicting options can stay empty', () => {
    expect(
      setMealSuits(avoidGluten, { allergens: [], diets: [] }, [
        { optional: false, dishes: [soup] },
        { optional: true, dishes: [bread] },
      ]),
    ).toBe(true);
  });

  it("the set meal's own allergens rule it out", () => {
    expect(setMealSuits(avoidGluten, { allergens: [GLUTEN], diets: [] }, [{ optional: false, dishes: [soup] }])).toBe(false);
  });

  it('vegan: judged on the options, not on the set meal lacking the tag', () => {
    const vegan: DietProfile = { avoid: [], eat: ['vegan'] };
    expect(setMealSuits(vegan, { allergens: [], diets: [] }, [{ optional: false, dishes: [{ allergens: [], diets: ['vegan'] }] }])).toBe(
      true,
    );
    expect(setMealSuits(vegan, { allergens: [], diets: [] }, [{ optional: false, dishes: [soup] }])).toBe(false);
  });
});

describe("setMealOwnConflict (a set meal's card, before options are chosen)", () => {
  it('a "free of" diet is no warning on the set meal itself: its options decide', () => {
    for (const eat of [['vegetarian'], ['vegan'], ['gluten_free'], ['lactose_free']] as const) {
      expect(setMealOwnConflict({ avoid: [], eat }, { allergens: [], diets: [] })).toEqual({ allergens: [], diets: [] });
    }
  });

  it('its own allergens and "contains" tags are warned', () => {
    const c = setMealOwnConflict({ avoid: [GLUTEN], eat: ['no_pork', 'vegetarian'] }, { allergens: [GLUTEN, MILK], diets: ['pork'] });
    expect(c).toEqual({ allergens: [GLUTEN], diets: ['no_pork'] });
  });
});

describe('orderWarnings (the kitchen flag)', () => {
  it('lists each avoided allergen present in any line once', () => {
    expect(
      orderWarnings(
        [GLUTEN, FISH],
        [
          { allergens: [GLUTEN, MILK], diets: [] },
          { allergens: [GLUTEN], diets: [] },
        ],
      ),
    ).toEqual([GLUTEN]);
    expect(orderWarnings([], [{ allergens: [GLUTEN], diets: [] }])).toEqual([]);
  });
});

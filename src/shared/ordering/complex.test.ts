import { describe, expect, it } from 'vitest';
import {
  cheapestSelectionCents,
  choicesToSelection,
  initialSelection,
  isSelectionComplete,
  selectionPriceCents,
  selectionProblems,
  selectionToChoices,
  toggleOption,
} from './complex.js';

// Soup (mandatory: 11, 12), main (mandatory, single option 21), dessert (optional: 31, 32).
const groups = [
  {
    id: 1,
    optional: false,
    dishes: [
      { id: 11, priceCents: 200 },
      { id: 12, priceCents: 250 },
    ],
  },
  { id: 2, optional: false, dishes: [{ id: 21, priceCents: 500 }] },
  {
    id: 3,
    optional: true,
    dishes: [
      { id: 31, priceCents: 150 },
      { id: 32, priceCents: 120 },
    ],
  },
];

describe('complex selection validity', () => {
  it('needs exactly one option in every mandatory group', () => {
    expect(isSelectionComplete(groups, { 1: [11], 2: [21] })).toBe(true);
    expect(selectionProblems(groups, { 2: [21] })).toEqual([{ kind: 'missing', groupId: 1 }]);
    expect(selectionProblems(groups, { 1: [11, 12], 2: [21] })).toEqual([{ kind: 'tooMany', groupId: 1 }]);
    expect(selectionProblems(groups, { 1: [], 2: [21] })).toEqual([{ kind: 'missing', groupId: 1 }]);
  });
  it('allows any number of distinct options in optional groups', () => {
    expect(isSelectionComplete(groups, { 1: [11], 2: [21], 3: [] })).toBe(true);
    expect(isSelectionComplete(groups, { 1: [11], 2: [21], 3: [31, 32] })).toBe(true);
    expect(selectionProblems(groups, { 1: [11], 2: [21], 3: [31, 31] })).toEqual([{ kind: 'duplicate', groupId: 3, dishId: 31 }]);
  });
  it('refuses options from another group and unknown groups', () => {
    expect(selectionProblems(groups, { 1: [21], 2: [21] })).toEqual([{ kind: 'unknownOption', groupId: 1, dishId: 21 }]);
    expect(selectionProblems(groups, { 1: [11], 2: [21], 9: [11] })).toEqual([{ kind: 'unknownGroup', groupId: 9 }]);
  });
});

describe('selection editing', () => {
  it('preselects mandatory groups with a single option', () => {
    expect(initialSelection(groups)).toEqual({ 2: [21] });
  });
  it('replaces in mandatory groups (radio) and toggles in optional ones (checkbox)', () => {
    let s = initialSelection(groups);
    s = toggleOption(groups, s, 1, 11);
    s = toggleOption(groups, s, 1, 12);
    expect(s[1]).toEqual([12]);
    s = toggleOption(groups, s, 3, 31);
    s = toggleOption(groups, s, 3, 32);
    expect(s[3]).toEqual([31, 32]);
    s = toggleOption(groups, s, 3, 31);
    expect(s[3]).toEqual([32]);
    expect(toggleOption(groups, s, 1, 31)).toBe(s);
  });
  it('converts to and from the API payload', () => {
    const s = { 1: [11], 2: [21], 3: [31, 32] };
    const choices = selectionToChoices(s);
    expect(choices).toEqual([
      { group_id: 1, dish_id: 11 },
      { group_id: 2, dish_id: 21 },
      { group_id: 3, dish_id: 31 },
      { group_id: 3, dish_id: 32 },
    ]);
    expect(choicesToSelection(choices)).toEqual(s);
  });
});

describe('complex prices', () => {
  it('is the base plus the sum of the chosen options', () => {
    expect(selectionPriceCents(groups, { 1: [12], 2: [21], 3: [31, 32] })).toBe(250 + 500 + 150 + 120);
    expect(selectionPriceCents(groups, { 1: [11], 2: [21] }, 100)).toBe(100 + 200 + 500);
  });
  it('starts from the cheapest option of each mandatory group', () => {
    expect(cheapestSelectionCents(groups)).toBe(700);
    expect(cheapestSelectionCents(groups, 50)).toBe(750);
  });
});

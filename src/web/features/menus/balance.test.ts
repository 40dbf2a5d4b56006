import { describe, expect, it } from 'vitest';
import { applySuggestions, balancePayload, editBalance, groupByCategory, suggestedStock } from './balance';

describe('balance edits', () => {
  it('adds an edit that differs from the stored qty and updates it on the next change', () => {
    let edits = editBalance({}, 10, 1, 3);
    expect(edits).toEqual({ 1: 3 });
    edits = editBalance(edits, 10, 1, 4);
    expect(edits).toEqual({ 1: 4 });
    edits = editBalance(edits, null, 2, 0);
    expect(edits).toEqual({ 1: 4, 2: 0 });
  });

  it('drops the edit when it comes back to the stored qty, unlimited included', () => {
    let edits = editBalance({}, 10, 1, 3);
    edits = editBalance(edits, 10, 1, 10);
    expect(edits).toEqual({});
    edits = editBalance(edits, null, 2, 5);
    edits = editBalance(edits, null, 2, null);
    expect(edits).toEqual({});
  });

  it('posts only the edits', () => {
    expect(balancePayload({ 3: 7, 9: null })).toEqual({
      balance: [
        { id: 3, qty: 7 },
        { id: 9, qty: null },
      ],
    });
    expect(balancePayload({})).toEqual({ balance: [] });
  });

  it('groups entries by category in the order categories first appear', () => {
    const entries = [
      { id: 1, category_id: 5 },
      { id: 2, category_id: 3 },
      { id: 3, category_id: 5 },
    ];
    expect(groupByCategory(entries)).toEqual([
      { categoryId: 5, items: [entries[0], entries[2]] },
      { categoryId: 3, items: [entries[1]] },
    ]);
  });
});

describe('balance suggestions', () => {
  it('leaves the suggested portions less what is already ordered, never below 0', () => {
    expect(suggestedStock(23, 0)).toBe(23);
    expect(suggestedStock(23, 5)).toBe(18);
    expect(suggestedStock(3, 5)).toBe(0);
  });

  it('fills an edit for every dish with a suggestion, keeps the others, and none where it equals the stock', () => {
    const entries = [
      { id: 1, qty: 10, ordered: 2 },
      { id: 2, qty: null, ordered: 0 },
      { id: 3, qty: 4, ordered: 1 },
      { id: 4, qty: 7, ordered: 0 },
    ];
    const suggested = new Map([
      [1, 12],
      [2, 6],
      [3, 5],
    ]);
    expect(applySuggestions({ 4: 9, 1: 3 }, entries, suggested)).toEqual({ 2: 6, 4: 9 });
  });
});

import { describe, expect, it } from 'vitest';
import { balancePayload, editBalance, groupByCategory } from './balance';

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

import { describe, expect, it } from 'vitest';
import { STOCK_LOG_MS, StockLog, withStockLeft } from './live-stock';

describe('withStockLeft', () => {
  const balance = [
    { id: 1, qty: 5 },
    { id: 2, qty: null },
    { id: 3, qty: 2 },
  ];

  it("lowers the named dishes to the stock the order left and keeps the others' entries", () => {
    const next = withStockLeft(balance, [[1, 3]]);
    expect(next).toEqual([
      { id: 1, qty: 3 },
      { id: 2, qty: null },
      { id: 3, qty: 2 },
    ]);
    expect(next[2]).toBe(balance[2]);
  });

  it('takes the lowest figure when a dish is named twice, and shows a dish sold out at 0', () => {
    expect(
      withStockLeft(balance, [
        [1, 4],
        [1, 2],
        [3, 0],
      ]),
    ).toEqual([
      { id: 1, qty: 2 },
      { id: 2, qty: null },
      { id: 3, qty: 0 },
    ]);
  });

  it('never raises a figure: an earlier order whose event arrives late leaves the page as it is', () => {
    expect(withStockLeft(balance, [[3, 4]])).toBe(balance);
  });

  it('answers the same list when nothing changed (no re-render): no stock taken, or a dish not on the menu', () => {
    expect(withStockLeft(balance, [])).toBe(balance);
    expect(withStockLeft(balance, [[99, 1]])).toBe(balance);
  });

  it('a dish the page still shows as unlimited takes the figure (its stock was set since the page loaded)', () => {
    expect(withStockLeft(balance, [[2, 7]])[1]).toEqual({ id: 2, qty: 7 });
  });
});

describe('StockLog', () => {
  const balance = [
    { id: 1, qty: 5 },
    { id: 3, qty: 2 },
  ];

  it('applies to an answer the events that arrived after its request began, not those before', () => {
    const log = new StockLog();
    log.record(7, [[1, 4]], 1_000);
    log.record(7, [[1, 3]], 2_000);
    log.record(8, [[3, 0]], 2_000);
    // A refetch sent at 1,500 ms answers 4 soups (the 1,000 ms order only): the 2,000 ms event still applies.
    expect(
      log.apply(
        7,
        [
          { id: 1, qty: 4 },
          { id: 3, qty: 2 },
        ],
        1_500,
      ),
    ).toEqual([
      { id: 1, qty: 3 },
      { id: 3, qty: 2 },
    ]);
    // A refetch sent after both answers them itself: untouched, even when it shows more (a cancel).
    const after = [
      { id: 1, qty: 5 },
      { id: 3, qty: 2 },
    ];
    expect(log.apply(7, after, 2_500)).toBe(after);
    expect(log.apply(9, balance, 0)).toBe(balance);
  });

  it(`forgets a menu's events after ${STOCK_LOG_MS / 1000} s`, () => {
    const log = new StockLog();
    log.record(7, [[1, 4]], 1_000);
    log.record(7, [[3, 1]], 1_000 + STOCK_LOG_MS + 1);
    expect(log.apply(7, balance, 0)).toEqual([
      { id: 1, qty: 5 },
      { id: 3, qty: 1 },
    ]);
  });
});

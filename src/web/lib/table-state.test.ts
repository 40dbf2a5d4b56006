import { describe, expect, it } from 'vitest';
import { nextSort, pageCount, pageItems, paginate, parsePage, parseSort, sortRows, toListQuery } from './table-state';

describe('table state', () => {
  it('reads ?page safely', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });

  it('reads and toggles sorting', () => {
    expect(parseSort(null, null)).toBeNull();
    expect(parseSort('title', 'desc')).toEqual({ field: 'title', dir: 'desc' });
    expect(parseSort('title', 'weird')).toEqual({ field: 'title', dir: 'asc' });
    expect(nextSort(null, 'title')).toEqual({ field: 'title', dir: 'asc' });
    expect(nextSort({ field: 'title', dir: 'asc' }, 'title')).toEqual({ field: 'title', dir: 'desc' });
    expect(nextSort({ field: 'title', dir: 'desc' }, 'price')).toEqual({ field: 'price', dir: 'asc' });
  });

  it('pages 20 rows by default', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(pageCount(rows.length)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(paginate(rows, 1)).toHaveLength(20);
    expect(paginate(rows, 3)).toEqual([40, 41, 42, 43, 44]);
  });

  it('sorts numbers, text (naturally) and puts blanks last, stably', () => {
    const rows = [
      { t: 'Zupa', n: 3 },
      { t: 'ābols', n: 1 },
      { t: 'Item 10', n: null },
      { t: 'Item 9', n: 2 },
    ];
    expect(sortRows(rows, (r) => r.n, 'asc').map((r) => r.n)).toEqual([1, 2, 3, null]);
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.n)).toEqual([3, 2, 1, null]);
    expect(sortRows(rows, (r) => r.t, 'asc', 'lv').map((r) => r.t)).toEqual(['ābols', 'Item 9', 'Item 10', 'Zupa']);
  });

  it('shows page buttons around the current page with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, null, 10]);
    expect(pageItems(10, 10)).toEqual([1, null, 9, 10]);
  });

  it('builds API list parameters', () => {
    expect(toListQuery(2, 20, { field: 'created_at', dir: 'desc' })).toEqual({
      page: 2,
      per_page: 20,
      sort: { created_at: 'desc' },
    });
    expect(toListQuery(1, 'all', null)).toEqual({ page: 1, per_page: 'all' });
  });
});

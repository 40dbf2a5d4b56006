import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boolFilter, idFilter, listQuerySchema, listSearchParams, pageOf, pageWindow } from './list-query.js';

const schema = listQuerySchema({ sort: ['created_at', 'position'] as const, filters: { status: boolFilter, category_id: idFilter } });

describe('listQuerySchema', () => {
  it('reads bracket keys, defaults and passes other params through', () => {
    const q = schema.parse({
      'sort[created_at]': 'desc',
      'sort[position]': '',
      'filter[status]': '1',
      'filter[colour]': 'red',
      search: ' Soup ',
      provider_id: '2',
    });
    expect(q).toEqual({
      page: 1,
      perPage: 50,
      sort: [
        { field: 'created_at', dir: 'desc' },
        { field: 'position', dir: 'asc' },
      ],
      filter: { status: true },
      search: 'Soup',
      rest: { provider_id: '2' },
    });
    expect(schema.parse({ per_page: 'all', page: '3', 'filter[category_id]': '7', 'filter[status]': '0' })).toMatchObject({
      perPage: 'all',
      page: 3,
      filter: { category_id: 7, status: false },
    });
    expect(schema.parse({ sort: { position: 'desc' } }).sort).toEqual([{ field: 'position', dir: 'desc' }]);
  });

  it('rejects unknown sort fields, bad directions and bad filter values under their own key', () => {
    const r = schema.safeParse({ 'sort[colour]': 'asc', 'sort[position]': 'up', 'filter[status]': 'maybe', per_page: '0' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('per_page');
    const r2 = schema.safeParse({ 'sort[colour]': 'asc', 'sort[position]': 'up', 'filter[status]': 'maybe' });
    expect(r2.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['filter[status]', 'sort[colour]', 'sort[position]']);
  });

  it('takes id filters only within the range of a database id (1..2147483647)', () => {
    expect(schema.parse({ 'filter[category_id]': '2147483647' }).filter).toEqual({ category_id: 2147483647 });
    for (const bad of ['2147483648', '99999999999', '0', '-3', '1.5', 'abc']) {
      const r = schema.safeParse({ 'filter[category_id]': bad });
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['filter[category_id]']);
    }
  });
});

describe('pageWindow and listSearchParams', () => {
  it('computes pages', () => {
    expect(pageWindow(101, 3, 50)).toMatchObject({ offset: 100, limit: 50, current_page: 3, last_page: 3, total: 101 });
    expect(pageWindow(0, 1, 20)).toMatchObject({ last_page: 1 });
    expect(pageWindow(7, 5, 'all')).toMatchObject({ offset: 0, limit: null, current_page: 1, last_page: 1, per_page: 'all' });
  });
  it('builds the bracket query the server reads', () => {
    const p = listSearchParams({
      page: 2,
      per_page: 'all',
      sort: { created_at: 'desc' },
      filter: { status: true, category_id: undefined },
      search: '',
      initial: true,
    });
    expect(p.toString()).toBe('page=2&per_page=all&sort%5Bcreated_at%5D=desc&filter%5Bstatus%5D=1&initial=1');
    expect(schema.parse(Object.fromEntries(p))).toMatchObject({
      page: 2,
      perPage: 'all',
      filter: { status: true },
      rest: { initial: '1' },
    });
  });
});

describe('one list convention (decision 026)', () => {
  it("parses a call's own params, with its own default page size and search limit", () => {
    const orders = listQuerySchema({
      sort: [],
      filters: { status: z.coerce.number().int().min(0).max(2) },
      params: { full: z.coerce.number().int().min(0).max(1).optional() },
      defaultPerPage: 20,
      searchMaxLength: 5,
    });
    expect(orders.parse({ 'filter[status]': '2', full: '1', provider_id: '3' })).toEqual({
      page: 1,
      perPage: 20,
      sort: [],
      filter: { status: 2 },
      search: '',
      params: { full: 1 },
      rest: { provider_id: '3' },
    });
    const paths = (input: object) =>
      orders
        .safeParse(input)
        .error?.issues.map((i) => i.path.join('.'))
        .sort();
    expect(paths({ full: '7', search: 'longer' })).toEqual(['full', 'search']);
    expect(paths({ 'filter[status]': '9' })).toEqual(['filter[status]']);
  });

  it('answers a page as { data, current_page, last_page, per_page, total }', () => {
    expect(pageOf(['a', 'b'], 45, { page: 3, perPage: 20 })).toEqual({
      data: ['a', 'b'],
      current_page: 3,
      last_page: 3,
      per_page: 20,
      total: 45,
    });
    expect(pageOf([], 0, { page: 1, perPage: 20 })).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
    expect(pageOf(['a'], 1, { page: 4, perPage: 'all' })).toEqual({
      data: ['a'],
      current_page: 1,
      last_page: 1,
      per_page: 'all',
      total: 1,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  acceptedSearch,
  ordersQuery,
  parseAcceptedFilter,
  parseMenuId,
  printFileName,
  printQuery,
  sectionKey,
  sectionOrdersQuery,
  sectionsQuery,
  toggledAccepted,
} from './filter';

describe('orders filter', () => {
  it('reads ?accepted= as new, accepted or all', () => {
    expect(parseAcceptedFilter('0')).toBe('new');
    expect(parseAcceptedFilter('1')).toBe('accepted');
    expect(parseAcceptedFilter(null)).toBe('all');
    expect(parseAcceptedFilter('2')).toBe('all');
    expect(parseAcceptedFilter('')).toBe('all');
  });

  it('writes the tab query back', () => {
    expect(acceptedSearch('new')).toBe('accepted=0');
    expect(acceptedSearch('accepted')).toBe('accepted=1');
    expect(acceptedSearch('all')).toBe('');
    for (const f of ['all', 'new', 'accepted'] as const) {
      expect(parseAcceptedFilter(new URLSearchParams(acceptedSearch(f)).get('accepted'))).toBe(f);
    }
  });

  it('asks for placed orders of the menu, grouped, with the acceptance filter only when chosen', () => {
    expect(ordersQuery(7, 'new')).toEqual({ filter: { dishlist_id: 7, status: 2, accepted: 0 }, per_page: 'all', full: 1 });
    expect(ordersQuery(7, 'accepted')).toEqual({ filter: { dishlist_id: 7, status: 2, accepted: 1 }, per_page: 'all', full: 1 });
    expect(ordersQuery(7, 'all')).toEqual({ filter: { dishlist_id: 7, status: 2, accepted: undefined }, per_page: 'all', full: 1 });
  });

  it('flips acceptance', () => {
    expect(toggledAccepted(0)).toBe(1);
    expect(toggledAccepted(1)).toBe(0);
  });

  it('accepts only positive integer menu ids', () => {
    expect(parseMenuId('12')).toBe(12);
    expect(parseMenuId('0')).toBeNull();
    expect(parseMenuId('abc')).toBeNull();
    expect(parseMenuId('1.5')).toBeNull();
    expect(parseMenuId(undefined)).toBeNull();
  });

  it('prints the tab the page shows, under a readable file name', () => {
    expect(printQuery('all')).toEqual({ accepted: undefined });
    expect(printQuery('new')).toEqual({ accepted: 0 });
    expect(printQuery('accepted')).toEqual({ accepted: 1 });
    expect(printFileName('Pusdienas 12.05.', 7)).toBe('pusdienas-12-05-7.pdf');
    expect(printFileName('Pusdienas', 7, { id: 3, title: 'Ērgļu birojs' })).toBe('pusdienas-erglu-birojs-7-3.pdf');
    expect(printFileName('Обед', 7)).toBe('orders-7.pdf');
  });

  it('names a section by its location (none: orders without one) and asks for its orders in the tab', () => {
    expect(sectionKey({ id: 7 })).toBe('7');
    expect(sectionKey(null)).toBe('none');
    expect(sectionsQuery('new')).toEqual({ accepted: 0 });
    expect(sectionsQuery('all')).toEqual({ accepted: undefined });
    expect(sectionOrdersQuery('7', 'accepted')).toEqual({ location: '7', accepted: 1 });
    expect(sectionOrdersQuery('none', 'all')).toEqual({ location: 'none', accepted: undefined });
  });
});

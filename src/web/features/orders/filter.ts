import type { Query } from '../../lib/api';
import { fileSlug } from '../../lib/download';

/** Which orders /orders/{menuId} shows: ?accepted=0 new ones, 1 accepted ones, absent all (spec 2). */
export type AcceptedFilter = 'all' | 'new' | 'accepted';

export const ACCEPTED_FILTERS: readonly AcceptedFilter[] = ['all', 'new', 'accepted'];

/** Reads ?accepted=; anything other than 0 or 1 means all. */
export function parseAcceptedFilter(value: string | null): AcceptedFilter {
  if (value === '0') return 'new';
  if (value === '1') return 'accepted';
  return 'all';
}

/** The address query of a tab (without the leading "?"); '' for all. */
export function acceptedSearch(filter: AcceptedFilter): string {
  if (filter === 'new') return 'accepted=0';
  if (filter === 'accepted') return 'accepted=1';
  return '';
}

/** Spec 7: GET /app/order?filter[dishlist_id]=&filter[status]=2&filter[accepted]=&per_page=all&full=1. */
export function ordersQuery(menuId: number, filter: AcceptedFilter, status: 2 | 3 = 2): Query {
  const accepted = filter === 'new' ? 0 : filter === 'accepted' ? 1 : undefined;
  return {
    filter: { dishlist_id: menuId, status, accepted },
    per_page: 'all',
    full: 1,
  };
}

/** A section of the orders page: a location's id, or 'none' for orders without a location. */
export type SectionKey = string;

/** The section key of a location (null: orders without one). */
export const sectionKey = (location: { id: number } | null): SectionKey => (location ? String(location.id) : 'none');

/** Query of the sections (GET /app/dishlists/{id}/order-sections): the page's tab. */
export function sectionsQuery(filter: AcceptedFilter): Query {
  return printQuery(filter);
}

/** Query of a section's orders (GET /app/dishlists/{id}/order-sections/orders). */
export function sectionOrdersQuery(key: SectionKey, filter: AcceptedFilter): Query {
  return { location: key, ...printQuery(filter) };
}

/** A menu with at most this many orders (of the tab) opens every section at once; a bigger one opens them on demand. */
export const OPEN_ALL_UP_TO = 300;

/** The acceptance flag an order gets from its Accept / Revoke Acceptance button. */
export function toggledAccepted(accepted: number): 0 | 1 {
  return accepted === 1 ? 0 : 1;
}

/** A route id (/orders/:menuId) as a positive integer, else null. */
export function parseMenuId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Query of the print-out (GET /app/dishlists/{id}/print-orders): the same tab as the page. */
export function printQuery(filter: AcceptedFilter): Query {
  return { accepted: filter === 'new' ? 0 : filter === 'accepted' ? 1 : undefined };
}

/** File name of a print-out: letters and digits of the menu (and location) title, then the ids. */
export function printFileName(menuTitle: string, menuId: number, location?: { id: number; title: string }): string {
  const slug = fileSlug(location ? `${menuTitle} ${location.title}` : menuTitle) || 'orders';
  return `${slug}-${menuId}${location ? `-${location.id}` : ''}.pdf`;
}

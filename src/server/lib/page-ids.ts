import type { PgSelect } from 'drizzle-orm/pg-core';
import type { PerPage } from '../../shared/list-query.js';

/**
 * One page of a list's ids as a subquery, to join the page's columns and names to (decision 054):
 * joined before the OFFSET, every skipped row had its names looked up; this way a deep page walks
 * the ordering index alone. `ids` selects the ids with the list's filter and ORDER BY
 * (`.$dynamic()`); the rows joined to the page keep that ORDER BY themselves.
 */
export function pageOfIds<T extends PgSelect>(ids: T, q: { page: number; perPage: PerPage }, name = 'page_ids') {
  return (q.perPage === 'all' ? ids : ids.limit(q.perPage).offset((q.page - 1) * q.perPage)).as(name);
}

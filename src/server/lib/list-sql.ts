import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortKey } from '../../shared/list-query.js';

/** An ILIKE pattern matching `term` anywhere, with % _ and \ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `sort[...]` keys as ORDER BY terms, then the fallback (which should end in a unique column for stable pages). */
export function orderTerms(sort: SortKey[], columns: Record<string, AnyColumn | SQL>, fallback: SQL[]): SQL[] {
  const terms = sort
    .filter((s) => columns[s.field] !== undefined)
    .map((s) => (s.dir === 'desc' ? desc(columns[s.field]!) : asc(columns[s.field]!)));
  return [...terms, ...fallback];
}

/** Text of a per-language jsonb column in one language, for sorting and searching. */
export function jsonText(column: AnyColumn, lang: string): SQL {
  return sql`(${column} ->> ${sql.raw(`'${lang.replace(/[^a-z]/g, '')}'`)})`;
}

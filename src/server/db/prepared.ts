import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** Renders drizzle SQL objects for queries sent straight to a pg pool or client. */
const dialect = new PgDialect();

const names = new Map<string, string>();
const NAMES_MAX = 200;

/**
 * A name for a statement text, so each connection parses it once and PostgreSQL can switch to
 * a generic plan after a few runs instead of planning every call (planning was most of the
 * database's CPU per order). Named by the text's hash, so one name never stands for two texts;
 * use it only for texts that do not change with the values (values are parameters).
 */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < NAMES_MAX) names.set(text, name);
  }
  return name;
}

/** A named (prepared) query from a drizzle SQL object, for `pool.query` or `client.query`. */
export function prepared(query: SQL): pg.QueryConfig {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name: statementName(text), text, values: params };
}

/**
 * COPY ... FROM STDIN in PostgreSQL's text format through pg-copy-streams (a dependency already):
 * rows are collected per table and sent in batches of a few megabytes.
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null | Date | number[] | Record<string, unknown>;

/** One value in COPY text format (\N for null, backslash escapes for tab, newline and backslash). */
export function cell(v: Cell): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return `{${v.join(',')}}`;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** A table being filled: `add` queues a row, `flush` sends what is queued. */
export class CopyTable {
  private chunks: string[] = [];
  private size = 0;
  rows = 0;
  constructor(
    private readonly client: pg.PoolClient,
    readonly table: string,
    private readonly columns: string[],
    private readonly batchBytes = 8 << 20,
  ) {}

  async add(...values: Cell[]): Promise<void> {
    const line = `${values.map(cell).join('\t')}\n`;
    this.chunks.push(line);
    this.size += line.length;
    this.rows++;
    if (this.size >= this.batchBytes) await this.flush();
  }

  /** Queues without ever flushing (the caller flushes tables in foreign-key order). */
  push(...values: Cell[]): void {
    const line = `${values.map(cell).join('\t')}\n`;
    this.chunks.push(line);
    this.size += line.length;
    this.rows++;
  }

  async flush(): Promise<void> {
    if (this.chunks.length === 0) return;
    const body = this.chunks;
    this.chunks = [];
    this.size = 0;
    const cols = this.columns.map((c) => `"${c}"`).join(', ');
    const stream = this.client.query(copyFrom(`COPY "${this.table}" (${cols}) FROM STDIN`));
    await pipeline(Readable.from(batches(body)), stream);
  }
}

/** The lines joined in ~1 MB strings (fewer, larger writes). */
function* batches(lines: string[]): Generator<string> {
  let acc = '';
  for (const l of lines) {
    acc += l;
    if (acc.length > 1 << 20) {
      yield acc;
      acc = '';
    }
  }
  if (acc) yield acc;
}

/** Sets every serial/bigserial sequence of `tables` to the largest id (ids were given by the generator). */
export async function resetSequences(client: pg.PoolClient, tables: string[]): Promise<void> {
  for (const t of tables) {
    await client.query(`select setval(pg_get_serial_sequence('"${t}"', 'id'), coalesce((select max(id) from "${t}"), 0) + 1, false)`);
  }
}

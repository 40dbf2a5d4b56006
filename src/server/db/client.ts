import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// Return int8 (counts, sums) as numbers: our sums stay far below 2^53 cents.
pg.types.setTypeParser(20, (v) => Number(v));

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // A dropped idle client is replaced on next use; nothing to do here.
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

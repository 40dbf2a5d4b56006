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
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // While the database is unreachable a call waits at most this long for a connection, then
    // answers 503 (lib/error-handler.ts) instead of hanging; when it is back, new clients connect.
    connectionTimeoutMillis: 5000,
    // A connection that died quietly (server gone, network cut) is noticed and dropped.
    keepAlive: true,
  });
  pool.on('error', () => {
    // An idle client whose connection broke is removed from the pool by pg itself and replaced
    // on next use; nothing to do here (without a listener the error would end the process).
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

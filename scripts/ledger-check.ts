/**
 * The ledger check (decision 038): `npm run ledger:check`. For every order, its amounts
 * (subsidy, bonus, cash owed, paid by card and by bank, refunded) equal the sum of its ledger
 * entries; the cash collected on each lap equals its entries; nothing is written twice.
 * Uses DATABASE_URL, or the embedded PostgreSQL (the running app's, or started for this run).
 * Prints every difference and exits 1 when there is any.
 *
 * Bounded (decision 050): by default the menus of the last 35 days (`-- --days N`), so the check
 * takes the same time after years of orders; `-- --all` checks the whole ledger.
 */
import { parseArgs } from 'node:util';
import { connect, type Database } from '../src/server/db/client.js';
import { databaseUrlForTool, type EmbeddedServer } from '../src/server/db/embedded.js';
import { loadEnv } from '../src/server/env.js';
import { describeDifference, ledgerDifferences } from '../src/server/lib/ledger.js';

const { values: args } = parseArgs({ options: { days: { type: 'string', default: '35' }, all: { type: 'boolean', default: false } } });

async function main(): Promise<number> {
  const days = Number(args.days);
  if (!args.all && !(days > 0)) throw new Error('--days must be a positive number');
  const env = loadEnv();
  let embedded: EmbeddedServer | null = null;
  let database: Database | null = null;
  try {
    embedded = await databaseUrlForTool(env);
    database = connect(embedded.url, 2);
    const since = args.all ? undefined : new Date(Date.now() - days * 86400_000);
    const differences = await ledgerDifferences(database.db, { since });
    console.log(since ? `checked the menus open for ordering since ${since.toISOString().slice(0, 10)}` : 'checked the whole ledger');
    for (const d of differences) console.log(describeDifference(d));
    console.log(`ledger differences: ${differences.length}`);
    return differences.length === 0 ? 0 : 1;
  } finally {
    await database?.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

/**
 * The ledger check (decision 038): `npm run ledger:check`. For every order, its amounts
 * (subsidy, bonus, cash owed, paid by card and by bank, refunded) equal the sum of its ledger
 * entries; the cash collected on each lap equals its entries; nothing is written twice.
 * Uses DATABASE_URL, or the embedded PostgreSQL (the running app's, or started for this run).
 * Prints every difference and exits 1 when there is any.
 */
import { connect, type Database } from '../src/server/db/client.js';
import { databaseUrlForTool, type EmbeddedServer } from '../src/server/db/embedded.js';
import { loadEnv } from '../src/server/env.js';
import { describeDifference, ledgerDifferences } from '../src/server/lib/ledger.js';

async function main(): Promise<number> {
  const env = loadEnv();
  let embedded: EmbeddedServer | null = null;
  let database: Database | null = null;
  try {
    embedded = await databaseUrlForTool(env);
    database = connect(embedded.url, 2);
    const differences = await ledgerDifferences(database.db);
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

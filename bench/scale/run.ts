/**
 * The big caterer (issue 26): `npm run bench:scale -- --scale 0.1`.
 *   1. generates the preset into data/scale/scale-<scale> (SCALE_DATA_DIR) unless it is
 *      there already (bench/scale/generate.ts; --generate-only stops after it);
 *   2. starts the app on it and times every read a person uses in a day, signed in as that person
 *      (bench/scale/reads.ts), and `ledger:check`;
 *   3. writes docs/benchmarks/scale-<scale>.md (commit, date, load; each figure beside its target).
 * Options: --scale (1 = full size), --rounds (timed calls per read), --warmup, --days (override),
 * --only <regexp> (some reads), --migrate (apply pending migrations first), --out <file>.
 */
import { parseArgs } from 'node:util';
import { runMigrations } from '../../src/server/db/migrate.js';
import { say, writeResult } from '../support.js';
import { generate, openScaleDb, readMeta } from './generate.js';
import { timeReads } from './reads.js';
import { writeReport } from './report.js';
import { shapeFor } from './shape.js';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    rounds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
    days: { type: 'string' },
    'generate-only': { type: 'boolean', default: false },
    /** Time only the reads whose name matches this regular expression. */
    only: { type: 'string' },
    /** Apply pending migrations (e.g. a new index) before timing. */
    migrate: { type: 'boolean', default: false },
    /** Where the report goes (default docs/benchmarks/scale-<scale>.md). */
    out: { type: 'string' },
  },
});

async function main(): Promise<number> {
  const scale = Number(args.scale);
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
  const db = await openScaleDb(scale, 12);
  try {
    let meta = await readMeta(scale);
    if (!meta) {
      const shape = shapeFor(scale, args.days ? { days: Number(args.days) } : {});
      say(
        `Generating the big caterer at scale ${scale}: ${shape.days} working days, ${shape.locations} locations, ${shape.locations * shape.ordersPerLocation} orders a day`,
      );
      meta = await generate(db, shape, say);
      say(`Generated in ${meta.seconds} s: ${JSON.stringify(meta.rows)}`);
    } else {
      say(`Scale ${scale}: using the data generated ${meta.generatedAt} (${meta.seconds} s to generate)`);
    }
    if (args['generate-only']) return 0;
    if (args.migrate) {
      const started = Date.now();
      await runMigrations(db.database);
      say(`Migrations applied in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const only = args.only ? new RegExp(args.only) : null;
    const results = await timeReads(db, meta, { rounds: Number(args.rounds), warmup: Number(args.warmup), log: say, only });
    const file = await writeReport(meta, results, args.out);
    say(`Results written to ${file}`);
    await writeResult({
      rows: results.map((r) => ({
        what: `scale ${scale}: ${r.name} as ${r.who}`,
        target: r.name === 'ledger:check' ? '< 60 s' : r.interactive ? 'p95 < 200 ms' : 'measured',
        figure: r.error ? `error: ${r.error}` : `p95 ${Math.round(r.p95)} ms`,
        holds: r.error ? false : r.name === 'ledger:check' ? r.p95 < 60_000 : r.interactive ? r.p95 < 200 : null,
      })),
      notes: [`Every figure of this step, with p50/p99 and growth against the smaller preset: ${file}.`],
    });
    return results.some((r) => r.error) ? 1 : 0;
  } finally {
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

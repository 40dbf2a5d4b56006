/**
 * The app alone in a process of its own, for benchmarks that compare two configurations whose
 * difference is process-wide (bench/metrics-cost.ts: the default metrics, once started, run for
 * the whole process). Serves on 127.0.0.1 from BENCH_DATABASE_URL with a pool of 10 (BENCH_POOL), the
 * production settings of bench/support.ts and the environment it is given (METRICS_TOKEN,
 * METRICS), prints "listening <address>" and closes on SIGTERM.
 */
import { connect } from '../src/server/db/client.js';
import { say, startServers } from './support.js';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
const overrides = Object.fromEntries(
  ['METRICS_TOKEN', 'METRICS'].flatMap((k) => (process.env[k] !== undefined ? [[k, process.env[k]!]] : [])),
);
const database = connect(url, Number(process.env.BENCH_POOL ?? 10));
const servers = await startServers(database, url, overrides);
say(`listening ${servers.base}`);
process.once('SIGTERM', () => {
  void servers.close().then(async () => {
    await database.close();
    process.exit(0);
  });
});

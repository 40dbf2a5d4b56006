/**
 * Where the menu read's CPU goes (issue 26, decision 091). Starts its own PostgreSQL and the app
 * in this process (bench/support.ts), seeds one menu (bench/rush-kit.ts), then hammers only
 * GET /app/order/create/{id} and the two bench-local bare routes (44 bytes; the menu's own bytes),
 * alternating, and prints per route: requests/s and the CPU of this process's main thread (the app
 * and the bare server; autocannon runs in a worker thread) per request, from /proc. Then one run
 * of the menu read and one of the bare route each under a CPU profile (bench/cpu.ts), written to
 * --profile-dir for bench/profile-summary.ts (--per <requests> gives µs per request).
 *
 *   npx tsx bench/menu-read-profile.ts --rounds 3 --duration 3 --profile-dir /tmp/menu-prof
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { runMigrations } from '../src/server/db/migrate.js';
import { startProfile, threadCpu } from './cpu.js';
import { median, seedRush } from './rush-kit.js';
import { benchDir, loadAverage, say, startBenchDb, startServers } from './support.js';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'profile-dir': { type: 'string' },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);

/** One autocannon run: requests/s, requests answered and main-thread CPU µs per request. */
async function run(url: string, headers: Record<string, string> = {}) {
  const cpu0 = threadCpu().main;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, workers: 1 });
  const requests = r.requests.total;
  if (r.non2xx || r.errors) throw new Error(`${url}: non-2xx ${r.non2xx}, errors ${r.errors}`);
  return { rate: r.requests.average, requests, cpuUs: ((threadCpu().main - cpu0) * 1e6) / Math.max(1, requests) };
}

async function main() {
  const dir = await benchDir('lunch-bench-menu-');
  const { pg, database, stop } = await startBenchDb(dir, 4);
  try {
    await runMigrations(database);
    const { tokens, makeMenu } = await seedRush(database.db, 1);
    const menu = await makeMenu('Bench menu', 100);
    const servers = await startServers(database, pg.url);
    const menuUrl = `${servers.base}/app/order/create/${menu.id}`;
    const auth = { authorization: `Bearer ${tokens[0]}` };
    const sample = await fetch(menuUrl, { headers: auth });
    const menuBytes = Buffer.from(await sample.arrayBuffer());
    servers.answerSized(menuBytes, sample.headers.get('content-type') ?? 'application/json');
    say(
      `Menu read profile (${CONNECTIONS} connections, ${DURATION} s a run; menu answer ${menuBytes.length} bytes); load ${loadAverage()}`,
    );
    await run(menuUrl, auth);
    await run(servers.bareUrl);
    const rows = { bare: [] as number[], sized: [] as number[], menu: [] as number[], cpuBare: [] as number[], cpuMenu: [] as number[] };
    for (let round = 1; round <= Number(args.rounds); round++) {
      const bare = await run(servers.bareUrl);
      const sized = await run(servers.sizedUrl);
      const m = await run(menuUrl, auth);
      say(
        `  [${round}] bare ${bare.rate.toFixed(0)} req/s ${bare.cpuUs.toFixed(1)} µs CPU | sized ${sized.rate.toFixed(0)} req/s ${sized.cpuUs.toFixed(1)} µs | menu ${m.rate.toFixed(0)} req/s ${m.cpuUs.toFixed(1)} µs | load ${loadAverage()}`,
      );
      rows.bare.push(m.rate / bare.rate);
      rows.sized.push(m.rate / sized.rate);
      rows.cpuBare.push(bare.cpuUs / m.cpuUs);
      rows.cpuMenu.push(m.cpuUs);
    }
    say(
      `  median: menu/bare ${median(rows.bare).toFixed(3)} (req/s), menu/sized ${median(rows.sized).toFixed(3)}, ` +
        `bare CPU/menu CPU per request ${median(rows.cpuBare).toFixed(3)}, menu ${median(rows.cpuMenu).toFixed(1)} µs CPU per request`,
    );
    if (args['profile-dir']) {
      mkdirSync(args['profile-dir'], { recursive: true });
      for (const [name, url, headers] of [
        ['menu', menuUrl, auth],
        ['bare', servers.bareUrl, {}],
      ] as const) {
        const profile = await startProfile();
        const r = await run(url, headers);
        const file = path.join(args['profile-dir'], `${name}.cpuprofile`);
        await profile.stop(file);
        say(`  profile ${file}: ${r.requests} requests, ${r.rate.toFixed(0)} req/s, ${r.cpuUs.toFixed(1)} µs CPU per request (profiled)`);
      }
    }
    await servers.close();
  } finally {
    await stop();
  }
}

void main();

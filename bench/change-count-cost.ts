/**
 * The change-count trigger's cost per order insert (decision 087): single-row inserts into an open
 * menu on one connection (its own throwaway PostgreSQL), ten rounds of 2,000 alternating with the
 * orders' insert trigger enabled and disabled; prints µs per insert and the medians.
 *
 *   npx tsx bench/change-count-cost.ts
 */
import { runMigrations } from '../src/server/db/migrate.js';
import { customerAt, menuWorld } from '../src/server/modules/ordering/ordering.factories.js';
import { benchDir, startBenchDb } from './support.js';
const dir = await benchDir('lunch-trigger-');
const { database, stop } = await startBenchDb(dir, 2);
await runMigrations(database);
const now = new Date();
const w = await menuWorld(database.db, now);
const u = await customerAt(database.db, now);
const c = await database.pool.connect();
const N = 2000;
const ins = `insert into orders (menu_id, user_id, location_id, payment_type, amount_cents, amount_to_pay_cents, status) values ($1, $2, $3, 'cash', 100, 100, 2)`;
const round = async (on: boolean) => {
  await c.query(`alter table orders ${on ? 'enable' : 'disable'} trigger orders_menu_changed_ins_del`);
  const t = performance.now();
  for (let i = 0; i < N; i++) await c.query({ name: 'ins', text: ins, values: [w.menu.id, u.user.id, u.location.id] });
  return ((performance.now() - t) * 1000) / N;
};
const res: Record<string, number[]> = { on: [], off: [] };
for (let r = 0; r < 10; r++) for (const on of r % 2 ? [true, false] : [false, true]) res[on ? 'on' : 'off'].push(await round(on));
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log(
  'µs per insert, triggers on',
  res.on.map(Math.round),
  'off',
  res.off.map(Math.round),
  'median on',
  Math.round(med(res.on)),
  'off',
  Math.round(med(res.off)),
);
c.release();
await stop();

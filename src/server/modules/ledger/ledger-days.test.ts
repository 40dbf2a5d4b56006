import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProvider, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { rollUpLedger } from './ledger-days.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Entries written straight in: [at, provider, location, kind, cents]. */
async function write(rows: [string, number | null, number | null, string, number][]) {
  for (const [at, provider, location, kind, cents] of rows) {
    await ctx.deps.database.pool.query(
      `insert into ledger_entries (at, provider_id, location_id, kind, amount_cents, reason) values ($1, $2, $3, $4, $5, 'test')`,
      [at, provider, location, kind, cents],
    );
  }
}

/** What the page's totals must be: every matching entry counted (as before decision 054). */
async function counted(where: string) {
  const res = await ctx.deps.database.pool.query<{ n: number; c: string | null }>(
    `select count(*)::int as n, sum(amount_cents)::text as c from ledger_entries where ${where}`,
  );
  return { total: res.rows[0]!.n, sum_cents: Number(res.rows[0]!.c ?? 0) };
}

describe('the ledger page’s totals from day sums (decision 054)', () => {
  it('answer what counting every entry answers, before and after roll-ups, for every filter, late entries included', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const p = (await makeProvider(ctx.db)).id;
    const other = (await makeProvider(ctx.db)).id;
    // Riga days: 23:30 UTC on 1 March is 2 March there.
    await write([
      ['2026-03-01T10:00:00Z', p, 7, 'correction', 100],
      ['2026-03-01T23:30:00Z', p, 7, 'correction', 250],
      ['2026-03-02T09:00:00Z', p, 8, 'lap_cash', -40],
      ['2026-03-02T09:05:00Z', null, null, 'correction', 5],
      ['2026-03-03T12:00:00Z', other, 7, 'correction', 999],
    ]);
    const filters: [string, string][] = [
      ['', `(provider_id = ${p} or provider_id is null)`],
      ['filter[location_id]=7', `(provider_id = ${p} or provider_id is null) and location_id = 7`],
      ['filter[kind]=lap_cash', `(provider_id = ${p} or provider_id is null) and kind = 'lap_cash'`],
      [
        'filter[from]=2026-03-02&filter[to]=2026-03-02',
        `(provider_id = ${p} or provider_id is null) and (at at time zone 'Europe/Riga')::date = '2026-03-02'`,
      ],
      [
        'filter[location_id]=7&filter[to]=2026-03-01',
        `(provider_id = ${p} or provider_id is null) and location_id = 7 and (at at time zone 'Europe/Riga')::date <= '2026-03-01'`,
      ],
    ];
    const check = async (when: string) => {
      for (const [q, where] of filters) {
        const res = await admin.get(`/app/ledger?provider_id=${p}&${q}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        expect({ total: page.total, sum_cents: page.sum_cents }, `${when}: ${q}`).toEqual(await counted(where));
      }
    };
    await check('nothing rolled up');
    expect(await rollUpLedger(ctx.db)).toBeGreaterThanOrEqual(5);
    await check('all rolled up');
    expect(await rollUpLedger(ctx.db)).toBe(0);
    // Written after the roll-up with an earlier day: counted by the page, then by the next roll-up, never twice.
    await write([
      ['2026-03-01T11:00:00Z', p, 7, 'correction', 7],
      ['2026-03-02T10:00:00Z', p, 8, 'lap_cash', 60],
    ]);
    await check('late entries after the roll-up');
    expect(await rollUpLedger(ctx.db)).toBe(2);
    await check('late entries rolled up');
    const days = await ctx.deps.database.pool.query<{ n: number }>(
      `select count(*)::int as n from ledger_day_sums where provider_id = ${p}`,
    );
    expect(days.rows[0]!.n).toBeGreaterThan(0);
  });

  it('counts an order’s entries directly (filter[order_id])', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    await ctx.db.execute(sql`insert into ledger_entries (order_id, provider_id, kind, amount_cents) values (777001, null, 'subsidy', 300)`);
    await rollUpLedger(ctx.db);
    const page = (await admin.get('/app/ledger?filter[order_id]=777001')).json();
    expect({ total: page.total, sum_cents: page.sum_cents }).toEqual({ total: 1, sum_cents: 300 });
  });
});

import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/harness.js';
import { teamReportCsv } from './teams.report.js';

type TestDb = Awaited<ReturnType<typeof createTestDb>>;
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());

/**
 * Found by the big caterer (issue 26): the report read the lines of its orders with one bind
 * parameter per order, and PostgreSQL takes at most 65,535 — a big office's year of orders
 * (270 a day) made the report fail.
 */
describe('the team report of a big location', () => {
  it('answers a period with more orders than PostgreSQL takes bind parameters', async () => {
    const n = 66_000;
    const day = DateTime.now().setZone('Europe/Riga').toISODate()!;
    // Written in one statement without the per-row foreign-key triggers (as the big caterer's
    // generator does; the rows are consistent by construction): 66,000 checks would take most of the test's time.
    const client = await db.pool.connect();
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const res = await client.query<{ location_id: number }>(
      `with p as (insert into providers (title) values ('P') returning id),
        c as (insert into categories (provider_id, title) select id, '{"en":"Mains"}' from p returning id, provider_id),
        d as (insert into dishes (provider_id, category_id, title, price_cents) select provider_id, id, '{"en":"Soup"}', 300 from c returning id),
        l as (insert into locations (title, token) values ('Big office', 'tok-big') returning id),
        u as (insert into users (email, first_name, location_id) select 'big@x.lv', 'Big', id from l returning id, location_id),
        m as (insert into menus (provider_id, title, "from", "to", status) select id, 'M', now(), now() + interval '1 hour', true from p returning id),
        o as (insert into orders (menu_id, user_id, location_id, payment_type, amount_cents, amount_to_pay_cents, status)
          select m.id, u.id, u.location_id, 'cash', 300, 300, 2 from m, u, generate_series(1, ${n}) returning id)
      insert into order_items (order_id, dish_id, title, qty, unit_price_cents)
      select o.id, d.id, '{"en":"Soup"}', 1, 300 from o, d
      returning (select id from l) as location_id`,
    );
    await client.query('commit');
    client.release();
    const csv = await teamReportCsv(db.db, res.rows[0]!.location_id, { from: day, to: day }, 'en');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBe(n + 1);
    expect(lines[1]).toContain('1 × Soup');
  }, 600_000);
});

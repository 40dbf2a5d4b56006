import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDishImage } from '../modules/catalogue/images.service.js';
import { customerAt, menuWorld } from '../modules/ordering/ordering.factories.js';
import { setSetting } from '../lib/settings.js';
import { createTestApp, createTestDb, type TestContext } from '../test/harness.js';
import { restoreBackup, TABLES_NOT_BACKED_UP, writeBackup } from './backup.js';
import { connect } from './client.js';
import { seedDemo } from './seed/demo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Row count and a checksum of every row's text, per public table. */
async function fingerprint(db: TestContext['db']): Promise<Record<string, { rows: number; md5: string | null }>> {
  const tables = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const { name } of tables.rows) {
    const res = await db.execute<{ rows: number; md5: string | null }>(
      sql.raw(`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as md5 from public."${name}" t`),
    );
    out[name] = res.rows[0]!;
  }
  return out;
}

async function backupToBuffer(database: Parameters<typeof writeBackup>[0]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(database, out);
  return Buffer.concat(chunks);
}

describe('backup and restore', () => {
  it('brings back every order, image, setting and account after the database is wiped, sessions left out', async () => {
    const now = ctx.clock.now();
    await seedDemo(ctx.db, now);
    // The demo has orders of its own (its rated past lunch): this test's two are counted on top.
    const seeded = await fingerprint(ctx.db);
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    for (const items of [
      [{ id: w.soup.id, qty: 2 }],
      [
        { id: w.main.id, qty: 1 },
        { id: w.dessert.id, qty: 3 },
      ],
    ]) {
      const res = await c.post('/app/order/create', {
        dishlist_id: w.menu.id,
        items,
        payment_type: 'cash',
        terms: true,
        comment: 'tab\there, new\nline, back\\slash, "quote" ā č ž',
      });
      expect(res.statusCode).toBe(200);
    }
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 90 } } })
      .png()
      .toBuffer();
    await storeDishImage(ctx.db, w.soup.id, png, { who: { user: null, id: 'backup-test' }, providerId: w.provider.id });
    await setSetting(ctx.db, 'maintenance', false);
    await setSetting(ctx.db, 'payment_secret', 'kept-across-restore-0123456789');

    const before = await fingerprint(ctx.db);
    expect(before.orders!.rows - seeded.orders!.rows).toBe(2);
    expect(before.order_items!.rows - seeded.order_items!.rows).toBe(3);
    expect(before.dish_image_variants!.rows + before.dish_images!.rows).toBeGreaterThan(0);
    expect(before.sessions!.rows).toBeGreaterThan(0);
    const seqBefore = await ctx.db.execute<{ v: string }>(sql`select last_value::text as v from orders_id_seq`);

    const file = await backupToBuffer(ctx.deps.database);
    // gzip on the outside, the header first, the applied migrations named in it
    const text = gunzipSync(file).toString('utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { format: string; migrations: unknown[] };
    expect(header.format).toBe('lunch-backup');
    expect(header.migrations.length).toBeGreaterThan(0);
    expect(text).not.toContain('"table":"sessions"');

    // Wipe: nothing of the schema is left, migrations table included.
    await ctx.db.execute(sql`drop schema public cascade`);
    await ctx.db.execute(sql`drop schema drizzle cascade`);
    await ctx.db.execute(sql`create schema public`);

    // Another process restores, as `npm run db:restore` would.
    const restorer = connect((ctx.deps.database.pool as unknown as { options: { connectionString: string } }).options.connectionString, 2);
    try {
      await restoreBackup(restorer, PassThrough.from(file));
    } finally {
      await restorer.close();
    }

    const after = await fingerprint(ctx.db);
    for (const [table, value] of Object.entries(before)) {
      if (TABLES_NOT_BACKED_UP.includes(table)) expect(after[table], table).toEqual({ rows: 0, md5: null });
      else expect(after[table], table).toEqual(value);
    }
    // Sequences go on where they were: a new order does not collide with a restored one.
    const seqAfter = await ctx.db.execute<{ v: string }>(sql`select last_value::text as v from orders_id_seq`);
    expect(seqAfter.rows[0]!.v).toBe(seqBefore.rows[0]!.v);
    // The restored image is served again.
    const img = await c.get(`/app/dishes/${w.soup.id}/image`);
    expect(img.statusCode).toBe(200);
    expect((await sharp(img.rawPayload).metadata()).width).toBe(64);
  });

  it('refuses a database that is not empty and a file that is not a backup', async () => {
    const file = await backupToBuffer(ctx.deps.database);
    const target = await createTestDb(); // the migrated template: has tables
    try {
      await expect(restoreBackup(target, PassThrough.from(file))).rejects.toThrow(/not empty/);
    } finally {
      await target.drop();
    }
    const empty = await createTestDb({ empty: true });
    try {
      const { gzipSync } = await import('node:zlib');
      await expect(restoreBackup(empty, PassThrough.from(gzipSync('{"format":"something-else"}\n')))).rejects.toThrow(/Not a backup/);
      await expect(restoreBackup(empty, PassThrough.from(file.subarray(0, Math.floor(file.length / 2))))).rejects.toThrow();
    } finally {
      await empty.drop();
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menus, orders } from '../db/schema/index.js';
import { signedIn } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { addToMenu, customerAt, makeMenu, menuWorld } from '../modules/ordering/ordering.factories.js';

/*
 * Dates a caller sends are bounded to sensible years (2000-2100) by the one shared date schema,
 * and a date stored outside what JavaScript can read back (e.g. year 20, which the driver turns
 * into an invalid Date) must not take down the answers that show it: the order page, the menu
 * list and editor, history and the kitchen keep answering.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers: { ...headers, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });

describe('dates a caller sends', () => {
  it.each([['0020-02-29T00:00:00Z'], ['0001-01-01T00:00'], ['1999-12-31T23:59:59Z'], ['2101-01-01T00:00:00+02:00'], ['9999-12-31T23:59']])(
    'a menu time %s answers 422 on the field and stores nothing',
    async (value) => {
      const w = await menuWorld(ctx.db, ctx.clock.now());
      const kitchen = (await signedIn(ctx.db, { role: 'kitchen' })).auth;
      const q = `provider_id=${w.provider.id}`;
      const created = await call('POST', `/app/dishlists?${q}`, kitchen, { title: 'Old', from: value, to: '2026-03-02T11:00Z' });
      expect(created.statusCode, created.body).toBe(422);
      expect(created.json().errors.from).toEqual(['Enter a date between the years 2000 and 2100.']);
      const updated = await call('PUT', `/app/dishlists/${w.menu.id}?${q}`, kitchen, { to: value });
      expect(updated.statusCode).toBe(422);
      expect(updated.json().errors.to).toEqual(['Enter a date between the years 2000 and 2100.']);
      const [row] = await ctx.db.select().from(menus).where(eq(menus.id, w.menu.id));
      expect(row!.to.getTime()).toBe(w.menu.to.getTime());
      expect((await ctx.db.select().from(menus).where(eq(menus.providerId, w.provider.id))).length).toBe(1);
    },
  );

  it('accepts the bounds themselves', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const kitchen = (await signedIn(ctx.db, { role: 'kitchen' })).auth;
    const res = await call('POST', `/app/dishlists?provider_id=${w.provider.id}`, kitchen, {
      title: 'Edge',
      from: '2000-01-01T00:00Z',
      to: '2100-12-31T23:59Z',
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a team report day outside the years is a 422', async () => {
    const now = ctx.clock.now();
    const manager = await customerAt(ctx.db, now);
    const res = await call('POST', '/app/me/team/report-link', manager.auth, { from: '0020-02-29', to: '2026-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.from).toEqual(['Enter a date between the years 2000 and 2100.']);
  });
});

describe('a stored date JavaScript cannot read', () => {
  it('leaves the order page, menus, history and kitchen answering', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const q = `provider_id=${w.provider.id}`;
    const customer = await customerAt(ctx.db, now);
    const kitchen = (await signedIn(ctx.db, { role: 'kitchen' })).auth;
    const placed = await call('POST', '/app/order/create', customer.auth, {
      terms: true,
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1 }],
      payment_type: 'cash',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // A second menu with an order, then its times broken straight in the database.
    const bad = await makeMenu(ctx.db, {
      providerId: w.provider.id,
      from: new Date(now.getTime() - 7200_000),
      to: new Date(now.getTime() + 7200_000),
    });
    await addToMenu(ctx.db, bad.id, w.main);
    const again = await call('POST', '/app/order/create', customer.auth, {
      terms: true,
      dishlist_id: bad.id,
      items: [{ id: w.main.id, qty: 1 }],
      payment_type: 'cash',
    });
    expect(again.statusCode, again.body).toBe(200);
    await ctx.db.execute(sql`update ${menus} set "from" = '0020-02-29T00:00:00Z', "to" = '0020-03-01T00:00:00Z' where id = ${bad.id}`);
    await ctx.db.execute(sql`update ${orders} set created_at = '0020-02-29T00:00:00Z' where id = ${again.json().order_id}`);

    const page = await call('GET', `/app/order/create?${q}`, customer.auth);
    expect(page.statusCode, page.body).toBe(200);
    const open = await call('GET', `/app/order/dishlists?${q}`, customer.auth);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().dishlists.map((d: { id: number }) => d.id)).toContain(w.menu.id);

    const list = await call('GET', `/app/dishlists?${q}&per_page=all`, kitchen);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .data.map((m: { id: number }) => m.id)
        .sort(),
    ).toEqual([w.menu.id, bad.id].sort());
    const editor = await call('GET', `/app/dishlists/${bad.id}?${q}`, kitchen);
    expect(editor.statusCode, editor.body).toBe(200);
    // The kitchen can repair it from the editor.
    const fixed = await call('PUT', `/app/dishlists/${bad.id}?${q}`, kitchen, { from: '2026-03-02T08:00Z', to: '2026-03-02T11:00Z' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    await ctx.db.execute(sql`update ${menus} set "from" = '0020-02-29T00:00:00Z', "to" = '0020-03-01T00:00:00Z' where id = ${bad.id}`);

    for (const url of [
      `/app/kitchen/${bad.id}?${q}`,
      `/app/kitchen/${w.menu.id}?${q}`,
      `/app/order?${q}&dishlist_id=${bad.id}`,
      `/app/order?${q}`,
    ]) {
      const res = await call('GET', url, kitchen);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    for (const url of [
      `/app/dishlists/history/${customer.location.id}?per_page=all`,
      `/app/dishlists/history/${customer.location.id}/${bad.id}?per_page=all`,
      `/app/order/${again.json().order_id}`,
    ]) {
      const res = await call('GET', url, customer.auth);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });
});

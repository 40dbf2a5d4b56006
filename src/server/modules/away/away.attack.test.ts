import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWAY_RANGE_MAX_DAYS } from '../../../shared/schemas/plan-ahead.js';
import { awayDays, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Away days, closed days and standing orders tried as an attacker would (issue 27).
describe('away days and standing orders under attack', () => {
  it('takes a range at its limit and refuses one past it, and a note past 200 characters, with a 422 and nothing written', async () => {
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const from = '2031-01-01';
    const last = new Date(Date.parse(from) + (AWAY_RANGE_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const past = new Date(Date.parse(from) + AWAY_RANGE_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect((await c.post('/app/away-days', { from: '2033-01-01', to: past.replace('2032', '2034') })).statusCode).toBe(422);
    expect((await c.post('/app/away-days', { from, to: past })).statusCode).toBe(422);
    expect((await c.post('/app/away-days', { from, to: from, note: 'x'.repeat(201) })).statusCode).toBe(422);
    expect((await c.post('/app/away-days', { from: 'not-a-day', to: from })).statusCode).toBe(422);
    expect(await ctx.db.select().from(awayDays).where(eq(awayDays.userId, c.user.id))).toHaveLength(0);
    const ok = await c.post('/app/away-days', { from, to: last, note: 'x'.repeat(200) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ added: AWAY_RANGE_MAX_DAYS });
  });

  it('marks the same range twice at once without an error, each day once', async () => {
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const range = { from: '2030-03-02', to: '2030-03-08' };
    const answers = await Promise.all([c.post('/app/away-days', range), c.post('/app/away-days', range)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.reduce((n, a) => n + (a.json() as { added: number }).added, 0)).toBe(7);
    expect(await ctx.db.select().from(awayDays).where(eq(awayDays.userId, c.user.id))).toHaveLength(7);
  });

  it("answers 404, not a server error, for an administrator's closed days of a location that does not exist", async () => {
    const admin = await ctx.as('admin');
    const res = await admin.post('/app/locations/999999/closed-days', { from: '2030-05-01', to: '2030-05-01' });
    expect(res.statusCode).toBe(404);
    expect((await admin.get('/app/locations/999999/closed-days')).statusCode).toBe(404);
  });

  it("refuses a deactivated user's session on every plan-ahead call", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now(), {}, { isLocationManager: true }));
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, c.user.id));
    const locationId = c.user.locationId!;
    for (const res of [
      await c.get('/app/away-days'),
      await c.post('/app/away-days', { from: '2030-04-01', to: '2030-04-01' }),
      await c.get(`/app/standing-orders?provider_id=${w.provider.id}`),
      await c.get(`/app/standing-orders/dishes?provider_id=${w.provider.id}`),
      await c.post(`/app/locations/${locationId}/closed-days`, { from: '2030-04-01', to: '2030-04-01' }),
    ])
      expect(res.statusCode).toBe(401);
  });

  it('refuses every plan-ahead call after sign-out, the session token replayed', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now(), {}, { isLocationManager: true }));
    const mine = await c.post('/app/away-days', { from: '2030-05-01', to: '2030-05-01' });
    expect(mine.statusCode).toBeLessThan(300);
    const listed = (await c.get('/app/away-days')).json() as { data: { id: number }[] };
    expect((await c.request('POST', '/app/logout')).statusCode).toBe(200);
    const locationId = c.user.locationId!;
    for (const res of [
      await c.get('/app/away-days'),
      await c.post('/app/away-days', { from: '2030-05-02', to: '2030-05-02' }),
      await c.delete(`/app/away-days/${listed.data[0]!.id}`),
      await c.get(`/app/standing-orders?provider_id=${w.provider.id}`),
      await c.get(`/app/standing-orders/dishes?provider_id=${w.provider.id}`),
      await c.get(`/app/standing-orders/prepared?provider_id=${w.provider.id}`),
      await c.get(`/app/order/week?provider_id=${w.provider.id}`),
      await c.get(`/app/locations/${locationId}/closed-days`),
      await c.post(`/app/locations/${locationId}/closed-days`, { from: '2030-05-03', to: '2030-05-03' }),
    ])
      expect(res.statusCode).toBe(401);
    // Nothing the replayed token sent was written.
    const rows = await ctx.db.select().from(awayDays);
    expect(rows.filter((r) => r.userId === c.user.id || r.locationId === locationId).map((r) => r.day)).toEqual(['2030-05-01']);
  });

  it('refuses staff a standing order of their own and a quantity past its limit', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const body = { dish_id: w.soup.id, qty: 11, weekdays: [1], payment_type: 'cash', terms: true };
    expect((await c.post(`/app/standing-orders?provider_id=${w.provider.id}`, body)).statusCode).toBe(422);
    expect((await c.post(`/app/standing-orders?provider_id=${w.provider.id}`, { ...body, qty: 1, weekdays: [8] })).statusCode).toBe(422);
    const kitchen = await ctx.as('kitchen');
    expect((await kitchen.post(`/app/standing-orders?provider_id=${w.provider.id}`, { ...body, qty: 1 })).statusCode).toBe(403);
    expect((await kitchen.post('/app/standing-orders/run')).statusCode).toBe(403);
  });

  it("names the location on its closed days, and refuses another location's manager, a plain customer, a demoted or deactivated manager", async () => {
    const now = ctx.clock.now();
    const manager = ctx.as(await customerAt(ctx.db, now, { title: 'Birojs Ziemeļi' }, { isLocationManager: true }));
    const locationId = manager.user.locationId!;
    const url = `/app/locations/${locationId}/closed-days`;
    expect((await manager.post(url, { from: '2030-06-22', to: '2030-06-24', note: 'Jāņi' })).statusCode).toBe(201);
    const listed = await manager.get(url);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().location).toEqual({ id: locationId, title: 'Birojs Ziemeļi' });
    expect(listed.json().data.map((d: { day: string; note: string }) => [d.day, d.note])).toEqual([
      ['2030-06-22', 'Jāņi'],
      ['2030-06-23', 'Jāņi'],
      ['2030-06-24', 'Jāņi'],
    ]);
    const dayId = listed.json().data[0].id as number;
    // Another location's manager: neither through the location's address nor by naming the day under their own.
    const other = ctx.as(await customerAt(ctx.db, now, {}, { isLocationManager: true }));
    expect((await other.get(url)).statusCode).toBe(403);
    expect((await other.delete(`${url}/${dayId}`)).statusCode).toBe(403);
    expect((await other.delete(`/app/locations/${other.user.locationId}/closed-days/${dayId}`)).statusCode).toBe(404);
    // A customer of the same location who does not manage it.
    const member = ctx.as(await customerAt(ctx.db, now));
    await ctx.db.update(users).set({ locationId }).where(eq(users.id, member.user.id));
    expect((await member.get(url)).statusCode).toBe(403);
    expect((await member.delete(`${url}/${dayId}`)).statusCode).toBe(403);
    // An administrator takes the location from the manager, then gives it back and deactivates them.
    const admin = await ctx.as('admin');
    const role = { first_name: 'Jānis', phone: '', location_id: locationId, role: 'customer' };
    const demote = await admin.put(`/app/admin/users/${manager.user.id}`, { ...role, is_location_manager: false });
    expect(demote.statusCode).toBe(200);
    expect((await manager.get(url)).statusCode).toBe(403);
    expect((await manager.delete(`${url}/${dayId}`)).statusCode).toBe(403);
    expect((await admin.put(`/app/admin/users/${manager.user.id}`, { ...role, is_location_manager: true })).statusCode).toBe(200);
    expect((await manager.get(url)).statusCode).toBe(200);
    expect((await admin.post(`/app/admin/users/${manager.user.id}/deactivate`)).statusCode).toBe(200);
    expect((await manager.get(url)).statusCode).toBe(401);
    expect((await manager.delete(`${url}/${dayId}`)).statusCode).toBe(401);
    expect((await ctx.anon.get(url)).statusCode).toBe(401);
    // Every day still there; the administrator removes one.
    expect(await ctx.db.select().from(awayDays).where(eq(awayDays.locationId, locationId))).toHaveLength(3);
    expect((await admin.get(url)).json().location.title).toBe('Birojs Ziemeļi');
    expect((await admin.delete(`${url}/${dayId}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(awayDays).where(eq(awayDays.locationId, locationId))).toHaveLength(2);
  });
});

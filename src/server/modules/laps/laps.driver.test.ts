import { randomUUID } from 'node:crypto';
import { STOP_NOTE_MAX } from '../../../shared/schemas/laps.js';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, driverTaps, lapRuns, lapStopStatuses, laps, mailOutbox, users } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { makeLap } from './laps.factories.js';
import { pruneDriverTaps } from './laps.service.js';

let ctx: TestContext;
/** Today 11:00 in Riga (the providers' zone): menus of the tests are today's. */
const eleven = () => DateTime.now().setZone('Europe/Riga').set({ hour: 11, minute: 0, second: 0, millisecond: 0 }).toJSDate();
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(eleven());
});
afterAll(() => ctx.close());

/** A menu of today with orders at two stops of a lap leaving at 11:00, and a kitchen driver on it. */
async function world() {
  ctx.clock.set(eleven());
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const place = async (who: Client, body: object) => {
    const res = await who.post('/app/order/create', { terms: true, dishlist_id: w.menu.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
  };
  const first = ctx.as(
    await customerAt(
      ctx.db,
      now,
      { title: 'Ērgļu birojs', contactName: 'Līga Ozola', contactPhone: '+371 20000001' },
      { notifyOnDelivery: true },
    ),
  );
  const second = ctx.as(await customerAt(ctx.db, now, { title: 'Šķūņa noliktava' }));
  await place(first, { items: [{ id: w.soup.id, qty: 2 }], payment_type: 'cash' });
  await place(second, { items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash' });
  const lap = await makeLap(ctx.db, w.provider.id, [first.location.id, second.location.id], { title: 'Rīta maršruts', departsAt: '11:00' });
  const driver = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  const colleague = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Anna' }, now));
  await ctx.db.insert(lapRuns).values({ lapId: lap.id, menuId: w.menu.id, driverId: driver.user.id });
  const q = `?provider_id=${w.provider.id}&lang=en`;
  const tap = (who: Client, body: object) =>
    who.post(`/app/driver/taps${q}`, { id: randomUUID(), lapId: lap.id, menuId: w.menu.id, ...body });
  return { w, first, second, lap, driver, colleague, q, tap };
}

const auditOf = (action: string, entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe('departing', () => {
  it('records the first departure with the whole minutes after the plan; a second answers the recorded one', async () => {
    const x = await world();
    ctx.clock.advance(7 * 60_000 + 50_000);
    const url = `/app/laps/${x.lap.id}/runs/${x.w.menu.id}/depart${x.q}`;
    const first = await x.colleague.post(url);
    expect(first.statusCode, first.body).toBe(200);
    const leftAt = ctx.clock.now().toISOString();
    expect(first.json()).toEqual({
      lap_id: x.lap.id,
      menu_id: x.w.menu.id,
      departs_at: eleven().toISOString(),
      departed_at: leftAt,
      late_minutes: 8,
    });
    ctx.clock.advance(20 * 60_000);
    const again = await x.driver.post(url);
    expect(again.json()).toMatchObject({ departed_at: leftAt, late_minutes: 8 });
    const audit = await auditOf('lap.depart', `${x.lap.id}:${x.w.menu.id}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: x.colleague.user.id, after: { late_minutes: 8 } });
  });

  it('counts any part of a minute after the plan as a minute late, as a stop after its window is (decision 067)', async () => {
    const x = await world();
    ctx.clock.advance(20_000);
    const res = await x.driver.post(`/app/laps/${x.lap.id}/runs/${x.w.menu.id}/depart${x.q}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ late_minutes: 1 });
  });

  it('counts an early or on-time departure as 0 minutes late, and no plan as null', async () => {
    const x = await world();
    ctx.clock.advance(-5 * 60_000);
    const early = await x.driver.post(`/app/laps/${x.lap.id}/runs/${x.w.menu.id}/depart${x.q}`);
    expect(early.json()).toMatchObject({ late_minutes: 0 });
    const unplanned = await makeLap(ctx.db, x.w.provider.id, [], { departsAt: null });
    const none = await x.driver.post(`/app/laps/${unplanned.id}/runs/${x.w.menu.id}/depart${x.q}`);
    expect(none.json()).toMatchObject({ departs_at: null, late_minutes: null });
  });

  it('answers 404 for an inactive lap, as the day view does, and tells its eaters nothing', async () => {
    const x = await world();
    await ctx.db.update(laps).set({ active: false }).where(eq(laps.id, x.lap.id));
    expect((await x.driver.post(`/app/laps/${x.lap.id}/runs/${x.w.menu.id}/depart${x.q}`)).statusCode).toBe(404);
    expect((await x.tap(x.driver, { action: 'departed' })).statusCode).toBe(404);
    const [run] = await ctx.db.select().from(lapRuns).where(eq(lapRuns.lapId, x.lap.id));
    expect(run!.departedAt).toBeNull();
  });

  it("answers 404 for another provider's lap or menu and 403 to a customer", async () => {
    const x = await world();
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const otherLap = await makeLap(ctx.db, other.provider.id, []);
    expect((await x.driver.post(`/app/laps/${otherLap.id}/runs/${x.w.menu.id}/depart${x.q}`)).statusCode).toBe(404);
    expect((await x.driver.post(`/app/laps/${x.lap.id}/runs/${other.menu.id}/depart${x.q}`)).statusCode).toBe(404);
    expect((await x.first.post(`/app/laps/${x.lap.id}/runs/${x.w.menu.id}/depart${x.q}`)).statusCode).toBe(403);
  });
  it('refuses to depart or arrive on a menu of another day (409, nothing recorded, no e-mail): now is not when that lap left', async () => {
    const x = await world();
    ctx.clock.advance(24 * 3600_000);
    const depart = await x.driver.post(`/app/laps/${x.lap.id}/runs/${x.w.menu.id}/depart${x.q}`);
    expect(depart.statusCode, depart.body).toBe(409);
    const arrive = await x.driver.post(`/app/laps/stops/${x.w.menu.id}/${x.first.location.id}/arrive${x.q}`);
    expect(arrive.statusCode, arrive.body).toBe(409);
    const [run] = await ctx.db.select().from(lapRuns).where(eq(lapRuns.lapId, x.lap.id));
    expect(run!.departedAt).toBeNull();
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, x.first.user.email))).toHaveLength(0);
  });
});

describe('arriving', () => {
  it("keeps the first arrival at a stop; a location on another provider's lap is 404", async () => {
    const x = await world();
    const url = `/app/laps/stops/${x.w.menu.id}/${x.first.location.id}/arrive${x.q}`;
    const first = await x.driver.post(url);
    expect(first.statusCode, first.body).toBe(200);
    ctx.clock.advance(60_000);
    expect((await x.driver.post(url)).json()).toEqual(first.json());
    expect((await auditOf('lap.stop_arrive', `${x.w.menu.id}:${x.first.location.id}`)).length).toBe(1);
    const elsewhere = await customerAt(ctx.db, ctx.clock.now());
    await makeLap(ctx.db, (await menuWorld(ctx.db, ctx.clock.now())).provider.id, [elsewhere.location.id]);
    expect((await x.driver.post(`/app/laps/stops/${x.w.menu.id}/${elsewhere.location.id}/arrive${x.q}`)).statusCode).toBe(404);
  });
});

describe('the driver today', () => {
  it('lists only the laps the caller drives today, with each stop in order', async () => {
    const x = await world();
    const mine = (await x.driver.get(`/app/driver/today${x.q}`)).json();
    expect(mine.laps).toHaveLength(1);
    const [lap] = mine.laps;
    expect(lap).toMatchObject({ lap_id: x.lap.id, menu_id: x.w.menu.id, title: 'Rīta maršruts', departed_at: null });
    expect(lap.stops).toMatchObject([
      {
        stop: 1,
        location_id: x.first.location.id,
        title: 'Ērgļu birojs',
        contact_name: 'Līga Ozola',
        contact_phone: '+371 20000001',
        window_from: new Date(eleven().getTime() + 10 * 60_000).toISOString(),
        status: null,
        portions: 2,
        hand_over: [{ id: x.w.soup.id, title: 'Sorrel soup', qty: 2 }],
        cash_to_collect: 6,
      },
      { stop: 2, location_id: x.second.location.id, portions: 1, cash_to_collect: 5.5 },
    ]);
    expect((await x.colleague.get(`/app/driver/today${x.q}`)).json()).toEqual({ laps: [] });
    // A lap switched off is not driven (its taps answer 404).
    await ctx.db.update(laps).set({ active: false }).where(eq(laps.id, x.lap.id));
    expect((await x.driver.get(`/app/driver/today${x.q}`)).json()).toEqual({ laps: [] });
    await ctx.db.update(laps).set({ active: true }).where(eq(laps.id, x.lap.id));
    // Tomorrow the lap is no longer today's.
    ctx.clock.advance(24 * 3600_000);
    expect((await x.driver.get(`/app/driver/today${x.q}`)).json()).toEqual({ laps: [] });
  });

  it('answers 403 to a customer and 401 to a deactivated user and after the driver signed out', async () => {
    const x = await world();
    expect((await x.first.get(`/app/driver/today${x.q}`)).statusCode).toBe(403);
    expect(
      (await x.first.post(`/app/driver/taps${x.q}`, { id: randomUUID(), action: 'departed', lapId: x.lap.id, menuId: x.w.menu.id }))
        .statusCode,
    ).toBe(403);
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, x.colleague.user.id));
    expect((await x.colleague.get(`/app/driver/today${x.q}`)).statusCode).toBe(401);
    expect((await x.driver.post('/app/logout')).statusCode).toBe(200);
    expect((await x.driver.get(`/app/driver/today${x.q}`)).statusCode).toBe(401);
    expect((await x.tap(x.driver, { action: 'departed' })).statusCode).toBe(401);
  });
});

describe('taps', () => {
  it('applies a tap sent twice once, the repeat answering the first answer', async () => {
    const x = await world();
    ctx.clock.advance(3 * 60_000);
    const body = { id: randomUUID(), action: 'departed', lapId: x.lap.id, menuId: x.w.menu.id };
    const first = await x.driver.post(`/app/driver/taps${x.q}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: body.id, action: 'departed', run: { late_minutes: 3 } });
    ctx.clock.advance(60_000);
    const again = await x.driver.post(`/app/driver/taps${x.q}`, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await auditOf('lap.depart', `${x.lap.id}:${x.w.menu.id}`)).toHaveLength(1);
  });

  it('takes a problem note of exactly STOP_NOTE_MAX characters and refuses one past it, or a tap id that is not a UUID, recording nothing', async () => {
    const x = await world();
    const at = { action: 'problem', locationId: x.first.location.id };
    const past = await x.tap(x.driver, { id: randomUUID(), ...at, note: 'ā'.repeat(STOP_NOTE_MAX + 1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toHaveProperty('note');
    const notUuid = await x.tap(x.driver, { id: 'x'.repeat(5000), ...at, note: 'Gate closed' });
    expect(notUuid.statusCode).toBe(422);
    expect(await ctx.db.select().from(driverTaps).where(eq(driverTaps.userId, x.driver.user.id))).toHaveLength(0);
    expect(await auditOf('lap.stop_status', `${x.w.menu.id}:${x.first.location.id}`)).toHaveLength(0);
    const at500 = await x.tap(x.driver, { id: randomUUID(), ...at, note: 'ā'.repeat(STOP_NOTE_MAX) });
    expect(at500.statusCode, at500.body).toBe(200);
    expect(at500.json().stop).toMatchObject({ status: 'problem' });
  });

  it("answers a tap id another user already used as unknown (404), never with that user's answer, and applies nothing", async () => {
    const x = await world();
    const id = randomUUID();
    expect((await x.tap(x.driver, { id, action: 'departed' })).statusCode).toBe(200);
    await ctx.db.update(lapRuns).set({ driverId: x.colleague.user.id }).where(eq(lapRuns.lapId, x.lap.id));
    const at = { action: 'delivered', locationId: x.first.location.id };
    const answers = await Promise.all([x.tap(x.colleague, { id, ...at }), x.tap(x.colleague, { id, ...at })]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404]);
    expect(answers[0]!.body).not.toContain(id);
    expect(await auditOf('lap.stop_status', `${x.w.menu.id}:${x.first.location.id}`)).toHaveLength(0);
  });

  it('applies a tap sent twice at once once: one "delivered", one e-mail', async () => {
    const x = await world();
    const body = { id: randomUUID(), action: 'delivered', lapId: x.lap.id, menuId: x.w.menu.id, locationId: x.first.location.id };
    const answers = await Promise.all([0, 1, 2].map(() => x.driver.post(`/app/driver/taps${x.q}`, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ stop: { location_id: x.first.location.id, status: 'delivered' } });
    expect(await auditOf('lap.stop_status', `${x.w.menu.id}:${x.first.location.id}`)).toHaveLength(1);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, x.first.user.email))).toHaveLength(1);
    expect(await ctx.db.select().from(driverTaps).where(eq(driverTaps.id, body.id))).toHaveLength(1);
  });

  it('records arrival, and a problem with its note and new estimate', async () => {
    const x = await world();
    const at = { lapId: x.lap.id, menuId: x.w.menu.id, locationId: x.second.location.id };
    expect((await x.tap(x.driver, { action: 'arrived', ...at })).json()).toMatchObject({
      stop: { status: 'loaded', arrived_at: expect.any(String) },
    });
    const estimate = new Date(ctx.clock.now().getTime() + 30 * 60_000).toISOString();
    const problem = await x.tap(x.driver, { action: 'problem', note: 'Vārti slēgti', estimate_at: estimate, ...at });
    expect(problem.statusCode, problem.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(lapStopStatuses)
      .where(and(eq(lapStopStatuses.menuId, x.w.menu.id), eq(lapStopStatuses.locationId, x.second.location.id)));
    expect(row).toMatchObject({ status: 'problem', note: 'Vārti slēgti', estimateAt: new Date(estimate) });
    expect((await x.tap(x.driver, { action: 'problem', ...at })).statusCode).toBe(422);
  });

  it("refuses a problem's estimate the stop PUT refuses (another day, long past) and records nothing", async () => {
    const x = await world();
    const at = { lapId: x.lap.id, menuId: x.w.menu.id, locationId: x.second.location.id, action: 'problem', note: 'Sastrēgums' };
    const now = ctx.clock.now().getTime();
    for (const estimate of [now + 2 * 86_400_000, now - 3 * 3600_000]) {
      const id = randomUUID();
      const res = await x.tap(x.driver, { id, ...at, estimate_at: new Date(estimate).toISOString() });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toHaveProperty('estimate_at');
      expect(await ctx.db.select().from(driverTaps).where(eq(driverTaps.id, id))).toHaveLength(0);
    }
    const [row] = await ctx.db
      .select()
      .from(lapStopStatuses)
      .where(and(eq(lapStopStatuses.menuId, x.w.menu.id), eq(lapStopStatuses.locationId, x.second.location.id)));
    expect(row).toBeUndefined();
  });

  it("refuses a lap the caller does not drive (403), another provider's lap or menu and a stop off the lap (404), and records nothing", async () => {
    const x = await world();
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const otherLap = await makeLap(ctx.db, other.provider.id, []);
    const id = randomUUID();
    expect((await x.tap(x.colleague, { id, action: 'departed' })).statusCode).toBe(403);
    expect((await x.tap(x.driver, { action: 'departed', lapId: otherLap.id })).statusCode).toBe(404);
    expect((await x.tap(x.driver, { action: 'departed', menuId: other.menu.id })).statusCode).toBe(404);
    const elsewhere = await customerAt(ctx.db, ctx.clock.now());
    expect((await x.tap(x.driver, { action: 'delivered', locationId: elsewhere.location.id })).statusCode).toBe(404);
    expect(await ctx.db.select().from(driverTaps).where(eq(driverTaps.id, id))).toHaveLength(0);
    const [run] = await ctx.db.select().from(lapRuns).where(eq(lapRuns.lapId, x.lap.id));
    expect(run!.departedAt).toBeNull();
    // The same tap id from the lap's driver is applied after all.
    expect((await x.tap(x.driver, { id, action: 'departed' })).statusCode).toBe(200);
  });

  it('forgets taps older than a week at night', async () => {
    const x = await world();
    const res = await x.tap(x.driver, { action: 'departed' });
    const id = res.json().id as string;
    await pruneDriverTaps(ctx.db, new Date(ctx.clock.now().getTime() + 6 * 86_400_000));
    expect(await ctx.db.select().from(driverTaps).where(eq(driverTaps.id, id))).toHaveLength(1);
    await pruneDriverTaps(ctx.db, new Date(ctx.clock.now().getTime() + 8 * 86_400_000));
    expect(await ctx.db.select().from(driverTaps).where(eq(driverTaps.id, id))).toHaveLength(0);
  });
});

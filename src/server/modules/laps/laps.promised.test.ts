import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, lapStopStatuses, users } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { makeLocation, makeProvider, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeMenu } from '../ordering/ordering.factories.js';
import { makeLap } from './laps.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

/**
 * 15 January 2026 in Riga (UTC+2): the provider's laps leave at 11:00 (09:00Z), 10 minutes between
 * stops, 15-minute windows. The lap's stops A and B are promised 09:10–09:25Z and 09:20–09:35Z.
 */
async function world() {
  ctx.clock.set(new Date('2026-01-15T08:00:00Z'));
  const now = ctx.clock.now();
  const p = await makeProvider(ctx.db, { timezone: 'Europe/Riga', departsAt: '11:00:00', stopMinutes: 10, windowMinutes: 15 });
  const menu = await makeMenu(ctx.db, { providerId: p.id, from: new Date('2026-01-15T06:00:00Z'), to: new Date('2026-01-15T08:30:00Z') });
  const a = await makeLocation(ctx.db, { title: 'Alfa' });
  const b = await makeLocation(ctx.db, { title: 'Bēta' });
  const lap = await makeLap(ctx.db, p.id, [a.id, b.id], { title: 'Rīts' });
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
  const customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }, now));
  const q = `?provider_id=${p.id}&lang=en`;
  const mark = (locationId: number, body: object) => staff.put(`/app/laps/stops/${menu.id}/${locationId}${q}`, body);
  const plan = async () => {
    const res = await staff.get(`/app/laps/plans/${menu.id}${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { timezone: string; laps: Json[]; drivers: { id: number; name: string }[] };
  };
  return { p, menu, a, b, lap, staff, admin, customer, q, mark, plan };
}

const audits = (action: 'lap.run' | 'lap.update' | 'provider.update' | 'lap.stop_status', entityId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);

describe('provider delivery settings', () => {
  it('lets an administrator set the departure, stop and window minutes, audited, and validates them', async () => {
    const x = await world();
    const url = `/app/providers/${x.p.id}?lang=en`;
    const put = await x.admin.put(url, { departs_at: '10:30', stop_minutes: 12, window_minutes: 20 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ departs_at: '10:30', stop_minutes: 12, window_minutes: 20 });
    const [entry] = await audits('provider.update', String(x.p.id));
    expect(entry).toMatchObject({
      before: { departs_at: '11:00', stop_minutes: 10, window_minutes: 15 },
      after: { departs_at: '10:30', stop_minutes: 12, window_minutes: 20 },
    });
    const [lap] = (await x.plan()).laps;
    expect(lap).toMatchObject({ departs_at: '2026-01-15T08:30:00.000Z', usual_departs_at: '10:30' });
    expect((lap!.stops as Json[]).map((s) => [s.from, s.to])).toEqual([
      ['2026-01-15T08:42:00.000Z', '2026-01-15T09:02:00.000Z'],
      ['2026-01-15T08:54:00.000Z', '2026-01-15T09:14:00.000Z'],
    ]);

    const bad = await x.admin.put(url, { departs_at: '25:00', stop_minutes: 241, window_minutes: 4 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['departs_at', 'stop_minutes', 'window_minutes']);
    expect((await x.admin.put(url, { stop_minutes: 1.5 })).statusCode).toBe(422);
    expect((await x.staff.put(url, { stop_minutes: 5 })).statusCode).toBe(403);
    const cleared = await x.admin.put(url, { departs_at: null });
    expect(cleared.json().departs_at).toBeNull();
    expect((await x.plan()).laps[0]).toMatchObject({ departs_at: null, usual_departs_at: null });
  });
});

describe('travel minutes per stop', () => {
  it("sets a stop's travel minutes, keeps them when stops move, clears them back to the provider's, audited", async () => {
    const x = await world();
    const url = `/app/laps/${x.lap.id}${x.q}`;
    const set = await x.staff.put(url, { travel: { location_id: x.b.id, minutes: 25 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().stops.map((s: Json) => [s.id, s.travel_minutes])).toEqual([
      [x.a.id, null],
      [x.b.id, 25],
    ]);
    expect(((await x.plan()).laps[0]!.stops as Json[]).map((s) => [s.travel_minutes, s.from])).toEqual([
      [10, '2026-01-15T09:10:00.000Z'],
      [25, '2026-01-15T09:35:00.000Z'],
    ]);
    const moved = await x.staff.put(url, { move: { location_id: x.b.id, offset: -1 } });
    expect(moved.json().stops.map((s: Json) => [s.id, s.travel_minutes])).toEqual([
      [x.b.id, 25],
      [x.a.id, null],
    ]);
    const other = await makeLocation(ctx.db);
    const off = await x.staff.put(url, { travel: { location_id: other.id, minutes: 5 } });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual({ 'travel.location_id': ['This location is not on the lap.'] });
    expect((await x.staff.put(url, { travel: { location_id: x.a.id, minutes: 241 } })).statusCode).toBe(422);
    const cleared = await x.staff.put(url, { travel: { location_id: x.b.id, minutes: null } });
    expect(cleared.json().stops.map((s: Json) => s.travel_minutes)).toEqual([null, null]);
    const entries = await audits('lap.update', String(x.lap.id));
    expect(entries.map((e) => [(e.before as Json).travel_minutes, (e.after as Json).travel_minutes])).toEqual([
      [{}, { [x.b.id]: 25 }],
      [undefined, undefined], // the move changed the order only
      [{ [x.b.id]: 25 }, {}],
    ]);
    expect((await x.customer.put(url, { travel: { location_id: x.a.id, minutes: 5 } })).statusCode).toBe(403);
  });
});

describe("the day's departure and driver", () => {
  it('sets and clears the day’s departure and driver, audited; windows follow', async () => {
    const x = await world();
    const url = `/app/laps/${x.lap.id}/runs/${x.menu.id}${x.q}`;
    const day = await x.plan();
    expect(day.timezone).toBe('Europe/Riga');
    expect(day.drivers.map((d) => d.name)).toContain('Kārlis');
    const driver = day.drivers.find((d) => d.name === 'Kārlis')!;
    const set = await x.staff.put(url, { departs_at: '10:15', driver_id: driver.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      id: x.lap.id,
      departs_at: '2026-01-15T08:15:00.000Z',
      day_departs_at: '10:15',
      usual_departs_at: '11:00',
      driver: { id: driver.id, name: 'Kārlis' },
      departed_at: null,
    });
    expect(set.json().stops.map((s: Json) => s.from)).toEqual(['2026-01-15T08:25:00.000Z', '2026-01-15T08:35:00.000Z']);
    expect((await x.plan()).laps[0]).toEqual(set.json());

    // Only the fields sent change; clearing the day's time falls back to the usual one.
    const cleared = await x.staff.put(url, { departs_at: null });
    expect(cleared.json()).toMatchObject({ departs_at: '2026-01-15T09:00:00.000Z', day_departs_at: null, driver: { id: driver.id } });
    const nobody = await x.staff.put(url, { driver_id: null });
    expect(nobody.json().driver).toBeNull();
    const entries = await audits('lap.run', `${x.lap.id}:${x.menu.id}`);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        { departs_at: null, driver_id: null },
        { departs_at: '10:15', driver_id: driver.id },
      ],
      [{ departs_at: '10:15' }, { departs_at: null }],
      [{ driver_id: driver.id }, { driver_id: null }],
    ]);
  });

  it('takes only an active staff member as driver and a time of day', async () => {
    const x = await world();
    const url = `/app/laps/${x.lap.id}/runs/${x.menu.id}${x.q}`;
    const eater = await signedIn(ctx.db, { role: 'customer' });
    const gone = await signedIn(ctx.db, { role: 'kitchen', active: false });
    for (const id of [eater.user.id, gone.user.id, 999_999]) {
      const res = await x.staff.put(url, { driver_id: id });
      expect(res.statusCode, String(id)).toBe(422);
      expect(res.json().errors).toEqual({ driver_id: ['Choose an active staff member.'] });
    }
    expect((await x.plan()).drivers.map((d) => d.id)).not.toContain(gone.user.id);
    for (const bad of ['24:00', '9:00', '2026-01-15T10:00:00Z'])
      expect((await x.staff.put(url, { departs_at: bad })).statusCode, bad).toBe(422);
    await ctx.db.update(users).set({ active: true }).where(eq(users.id, gone.user.id));
    expect((await x.staff.put(url, { driver_id: gone.user.id })).statusCode).toBe(200);
  });

  it("answers 404 for another provider's lap or menu and 403 to customers", async () => {
    const x = await world();
    const other = await makeProvider(ctx.db);
    const theirLap = await makeLap(ctx.db, other.id, []);
    const theirMenu = await makeMenu(ctx.db, { providerId: other.id, from: x.menu.from, to: x.menu.to });
    const put = (lapId: number, menuId: number) => x.staff.put(`/app/laps/${lapId}/runs/${menuId}${x.q}`, { departs_at: '10:00' });
    expect((await put(theirLap.id, x.menu.id)).statusCode).toBe(404);
    expect((await put(x.lap.id, theirMenu.id)).statusCode).toBe(404);
    expect((await x.staff.get(`/app/laps/plans/${theirMenu.id}${x.q}`)).statusCode).toBe(404);
    expect((await x.customer.put(`/app/laps/${x.lap.id}/runs/${x.menu.id}${x.q}`, { departs_at: '10:00' })).statusCode).toBe(403);
    expect((await x.customer.get(`/app/laps/plans/${x.menu.id}${x.q}`)).statusCode).toBe(403);
    expect((await ctx.anon.get(`/app/laps/plans/${x.menu.id}${x.q}`)).statusCode).toBe(401);
    expect(await audits('lap.run', `${theirLap.id}:${x.menu.id}`)).toEqual([]);
  });
});

describe('late recording', () => {
  it('records the promised window and 0 minutes for a stop delivered within it', async () => {
    const x = await world();
    ctx.clock.set(new Date('2026-01-15T09:24:59Z'));
    const res = await x.mark(x.a.id, { status: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      promised_from: '2026-01-15T09:10:00.000Z',
      promised_to: '2026-01-15T09:25:00.000Z',
      late_minutes: 0,
    });
  });

  it('records the whole minutes after the window, any part of a minute counting, and never rewrites them', async () => {
    const x = await world();
    ctx.clock.set(new Date('2026-01-15T09:42:30Z')); // B's window ends 09:35: 7.5 minutes late
    const first = await x.mark(x.b.id, { status: 'delivered' });
    expect(first.json()).toMatchObject({ promised_to: '2026-01-15T09:35:00.000Z', late_minutes: 8 });
    expect((await x.plan()).laps[0]!.stops).toMatchObject([{ late_minutes: null }, { late_minutes: 8 }]);

    // A later departure change, a problem and a second "delivered" leave the record as it was.
    await x.staff.put(`/app/laps/${x.lap.id}/runs/${x.menu.id}${x.q}`, { departs_at: '11:30' });
    ctx.clock.advance(30 * 60_000);
    await x.mark(x.b.id, { status: 'problem', note: 'Wrong bag' });
    const again = await x.mark(x.b.id, { status: 'delivered' });
    expect(again.json()).toMatchObject({
      delivered_at: '2026-01-15T09:42:30.000Z',
      promised_from: '2026-01-15T09:20:00.000Z',
      promised_to: '2026-01-15T09:35:00.000Z',
      late_minutes: 8,
    });
    const report = (await x.staff.get(`/app/laps/report/${x.lap.id}/${x.menu.id}${x.q}`)).json();
    expect(report.lap.departs_at).toBe('2026-01-15T09:30:00.000Z');
    // A delivered stop's report keeps the window promised when it was delivered, not today's new one.
    expect(report.locations[1]).toMatchObject({
      delivery: { window_from: '2026-01-15T09:20:00.000Z', window_to: '2026-01-15T09:35:00.000Z', late_minutes: 8 },
      status: { status: 'delivered', late_minutes: 8, promised_to: '2026-01-15T09:35:00.000Z' },
    });
  });

  it('records once when two marks arrive together', async () => {
    const x = await world();
    ctx.clock.set(new Date('2026-01-15T09:30:00Z'));
    const both = await Promise.all([x.mark(x.a.id, { status: 'delivered' }), x.mark(x.a.id, { status: 'delivered' })]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await ctx.db
      .select()
      .from(lapStopStatuses)
      .where(and(eq(lapStopStatuses.menuId, x.menu.id), eq(lapStopStatuses.locationId, x.a.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lateMinutes: 5, promisedTo: new Date('2026-01-15T09:25:00Z') });
    const entries = await audits('lap.stop_status', `${x.menu.id}:${x.a.id}`);
    expect(entries.filter((e) => (e.after as Json).late_minutes !== undefined)).toHaveLength(1);
  });

  it('records no window and no minutes when the lap has no departure', async () => {
    const x = await world();
    await x.admin.put(`/app/providers/${x.p.id}`, { departs_at: null });
    const res = await x.mark(x.a.id, { status: 'delivered' });
    expect(res.json()).toMatchObject({ promised_from: null, promised_to: null, late_minutes: null });
  });
});

describe('a new estimate with a problem', () => {
  it('is stored on the stop and shown on the day plan and the report; null clears it', async () => {
    const x = await world();
    ctx.clock.set(new Date('2026-01-15T09:20:00Z'));
    const res = await x.mark(x.a.id, { status: 'problem', note: 'Traffic jam', estimate_at: '2026-01-15T11:50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'problem', estimate_at: '2026-01-15T09:50:00.000Z' });
    expect((await x.plan()).laps[0]!.stops).toMatchObject([{ estimate_at: '2026-01-15T09:50:00.000Z' }, { estimate_at: null }]);
    const report = (await x.staff.get(`/app/laps/report/${x.lap.id}/${x.menu.id}${x.q}`)).json();
    expect(report.locations[0].status.estimate_at).toBe('2026-01-15T09:50:00.000Z');
    // A problem mark without an estimate keeps it; null clears it.
    expect((await x.mark(x.a.id, { status: 'problem', note: 'Still stuck' })).json().estimate_at).toBe('2026-01-15T09:50:00.000Z');
    expect((await x.mark(x.a.id, { status: 'problem', note: 'Moving', estimate_at: null })).json().estimate_at).toBeNull();
    const entries = await audits('lap.stop_status', `${x.menu.id}:${x.a.id}`);
    expect(entries.map((e) => (e.after as Json).estimate_at)).toEqual(['2026-01-15T09:50:00.000Z', undefined, null]);
  });

  it('must be on the menu’s day, not in the past and only with a problem', async () => {
    const x = await world();
    ctx.clock.set(new Date('2026-01-15T09:20:00Z'));
    const cases: [object, string][] = [
      [{ status: 'problem', note: 'Late', estimate_at: '2026-01-16T09:00:00Z' }, 'The new estimate must be on the menu’s day.'],
      [{ status: 'problem', note: 'Late', estimate_at: '2026-01-15T09:10:00Z' }, 'The new estimate is already in the past.'],
      [{ status: 'delivered', estimate_at: '2026-01-15T09:50:00Z' }, 'A new estimate goes with a problem.'],
    ];
    for (const [body, text] of cases) {
      const res = await x.mark(x.a.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual({ estimate_at: [text] });
    }
    expect((await x.mark(x.a.id, { status: 'problem', note: 'Late', estimate_at: 'soon' })).statusCode).toBe(422);
    // A few minutes back is fine (typed just after the moment).
    const slack = await x.mark(x.a.id, { status: 'problem', note: 'Late', estimate_at: '2026-01-15T09:17:00Z' });
    expect(slack.statusCode, slack.body).toBe(200);
    expect(await ctx.db.select().from(lapStopStatuses).where(eq(lapStopStatuses.locationId, x.a.id))).toHaveLength(1);
  });
});

describe('the printed lap sheet', () => {
  it("prints the lap's departure, each stop's window and a new estimate, in the provider's zone", async () => {
    const x = await world();
    ctx.clock.set(new Date('2026-01-15T09:20:00Z'));
    await x.mark(x.b.id, { status: 'problem', note: 'Sastrēgums', estimate_at: '2026-01-15T11:50' });
    const pdf = await x.staff.get(`/app/laps/print-report/${x.lap.id}/${x.menu.id}?provider_id=${x.p.id}&lang=lv`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Izbrauc 11:00');
    expect(text).toContain('Paredzēts 11:10–11:25');
    expect(text).toContain('Paredzēts 11:20–11:35');
    expect(text).toContain('Jauns paredzētais laiks 11:50');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lapLocations, lapRuns, laps } from '../../db/schema/index.js';
import { makeLocation, makeProvider } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeMenu } from '../ordering/ordering.factories.js';
import { makeLap } from './laps.factories.js';
import { lapPlans, windowFor } from './laps.read.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * A provider in Riga with a menu starting at `from` (ISO) and a lap of three stops (the second has
 * its own travel time).
 */
async function world(from: string, provider: { departsAt?: string | null; stopMinutes?: number; windowMinutes?: number } = {}) {
  const p = await makeProvider(ctx.db, { timezone: 'Europe/Riga', ...provider });
  const menu = await makeMenu(ctx.db, { providerId: p.id, from: new Date(from), to: new Date(new Date(from).getTime() + 3 * 3600_000) });
  const [a, b, c] = [
    await makeLocation(ctx.db, { title: 'Alfa' }),
    await makeLocation(ctx.db, { title: 'Bēta' }),
    await makeLocation(ctx.db),
  ];
  const lap = await makeLap(ctx.db, p.id, [a.id, b.id, c.id], { title: 'Rīts', position: 1 });
  await ctx.db.update(lapLocations).set({ travelMinutes: 25 }).where(eq(lapLocations.locationId, b.id));
  return { p, menu, a, b, c, lap };
}

describe('lapPlans', () => {
  it('uses the provider time when the lap has none, with cumulative windows and the provider stop minutes', async () => {
    // 2026-01-15: Riga is UTC+2; the provider leaves at 11:30 (09:30Z), 10 min per stop, 15 min windows.
    const w = await world('2026-01-15T07:00:00Z', { departsAt: '11:30:00', stopMinutes: 10, windowMinutes: 15 });
    const [plan] = await lapPlans(ctx.db, w.p.id, w.menu.id);
    expect(plan).toEqual({
      lapId: w.lap.id,
      title: 'Rīts',
      departsAt: '2026-01-15T09:30:00.000Z',
      driverId: null,
      departedAt: null,
      lateMinutes: null,
      stops: [
        { locationId: w.a.id, title: 'Alfa', stop: 1, travelMinutes: 10, from: '2026-01-15T09:40:00.000Z', to: '2026-01-15T09:55:00.000Z' },
        { locationId: w.b.id, title: 'Bēta', stop: 2, travelMinutes: 25, from: '2026-01-15T10:05:00.000Z', to: '2026-01-15T10:20:00.000Z' },
        {
          locationId: w.c.id,
          title: w.c.title,
          stop: 3,
          travelMinutes: 10,
          from: '2026-01-15T10:15:00.000Z',
          to: '2026-01-15T10:30:00.000Z',
        },
      ],
    });
    expect(await windowFor(ctx.db, w.menu.id, w.b.id)).toEqual({ from: '2026-01-15T10:05:00.000Z', to: '2026-01-15T10:20:00.000Z' });
  });

  it("prefers the lap's time to the provider's, read in Riga summer time on a DST day", async () => {
    // 2026-03-29 is the day Riga moves to UTC+3 (at 03:00); the lap leaves at 11:00 local = 08:00Z.
    const w = await world('2026-03-29T06:00:00Z', { departsAt: '12:00:00', stopMinutes: 5, windowMinutes: 20 });
    await makeLap(ctx.db, w.p.id, [], { title: 'Off', active: false, departsAt: '09:00:00' });
    await ctx.db.update(laps).set({ departsAt: '11:00:00' }).where(eq(laps.id, w.lap.id));
    const plans = await lapPlans(ctx.db, w.p.id, w.menu.id);
    expect(plans.map((p) => p.title)).toEqual(['Rīts']); // inactive laps do not run
    expect(plans[0]!.departsAt).toBe('2026-03-29T08:00:00.000Z');
    expect(plans[0]!.stops.map((s) => [s.from, s.to])).toEqual([
      ['2026-03-29T08:05:00.000Z', '2026-03-29T08:25:00.000Z'],
      ['2026-03-29T08:30:00.000Z', '2026-03-29T08:50:00.000Z'],
      ['2026-03-29T08:35:00.000Z', '2026-03-29T08:55:00.000Z'],
    ]);
  });

  it("prefers the day's departure to the lap's time, and carries the run's driver and departure", async () => {
    const w = await world('2026-01-15T07:00:00Z', { departsAt: '11:30:00' });
    await ctx.db.insert(lapRuns).values({
      lapId: w.lap.id,
      menuId: w.menu.id,
      departsAt: new Date('2026-01-15T10:00:00Z'),
      departedAt: new Date('2026-01-15T10:07:00Z'),
      lateMinutes: 7,
    });
    const [plan] = await lapPlans(ctx.db, w.p.id, w.menu.id);
    expect(plan).toMatchObject({ departsAt: '2026-01-15T10:00:00.000Z', departedAt: '2026-01-15T10:07:00.000Z', lateMinutes: 7 });
    expect(plan!.stops[0]).toMatchObject({ from: '2026-01-15T10:10:00.000Z', to: '2026-01-15T10:25:00.000Z' });
  });

  it('gives no departure and no windows when nothing sets a time, and a run without a time falls back', async () => {
    const w = await world('2026-01-15T07:00:00Z', { departsAt: null });
    await ctx.db.insert(lapRuns).values({ lapId: w.lap.id, menuId: w.menu.id });
    const [plan] = await lapPlans(ctx.db, w.p.id, w.menu.id);
    expect(plan!.departsAt).toBeNull();
    expect(plan!.stops.map((s) => [s.stop, s.travelMinutes, s.from, s.to])).toEqual([
      [1, 10, null, null],
      [2, 25, null, null],
      [3, 10, null, null],
    ]);
    expect(await windowFor(ctx.db, w.menu.id, w.a.id)).toBeNull();
  });

  it("refuses another provider's menu and gives no window to a location on no lap", async () => {
    const w = await world('2026-01-15T07:00:00Z', { departsAt: '11:30:00' });
    const other = await makeProvider(ctx.db);
    await expect(lapPlans(ctx.db, other.id, w.menu.id)).rejects.toMatchObject({ status: 404 });
    expect(
      await lapPlans(ctx.db, other.id, (await makeMenu(ctx.db, { providerId: other.id, from: w.menu.from, to: w.menu.to })).id),
    ).toEqual([]);
    expect(await windowFor(ctx.db, w.menu.id, (await makeLocation(ctx.db)).id)).toBeNull();
    // A location on another provider's lap has no window on this provider's menu.
    const foreign = await makeLocation(ctx.db);
    await makeLap(ctx.db, other.id, [foreign.id], { departsAt: '10:00:00' });
    expect(await windowFor(ctx.db, w.menu.id, foreign.id)).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { onTimeWorld } from '../laps/ontime.factories.js';

let ctx: TestContext;
let admin: UserClient;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-10T10:00:00Z'));
  admin = await ctx.as('admin');
});
afterAll(() => ctx.close());

const url = (providerId: number, q: string, lang = 'en') => `/app/dashboard?provider_id=${providerId}&${q}&lang=${lang}`;
const counts = (x: { on_time: number; late: number; no_window: number; rate: number | null }) => [x.on_time, x.late, x.no_window, x.rate];

describe('on-time figures on the dashboard (decision 071)', () => {
  it('counts delivered stops within their window over those with a window, per lap, location and month', async () => {
    const w = await onTimeWorld(ctx.db);
    const d = (await admin.get(url(w.provider.id, 'from=2026-11-01&to=2026-11-30'))).json();
    // 4 on time of 6 with a window (66.7 %, rounded down), 1 without a window left out; the loaded stop not counted.
    expect(counts(d.on_time.total)).toEqual([4, 2, 1, 66]);
    expect(
      d.on_time.laps.map((l: { title: string; departures: object } & Parameters<typeof counts>[0]) => [
        l.title,
        ...counts(l),
        l.departures,
      ]),
    ).toEqual([
      ['L1 Centrs', 3, 1, 0, 75, { on_time: 1, late: 1, no_plan: 0, rate: 50 }],
      ['L2 Osta', 0, 1, 1, 0, { on_time: 1, late: 0, no_plan: 1, rate: 100 }],
      ['On no lap', 1, 0, 0, 100, { on_time: 0, late: 0, no_plan: 0, rate: null }],
    ]);
    expect(d.on_time.locations.map((l: { title: string } & Parameters<typeof counts>[0]) => [l.title, ...counts(l)])).toEqual([
      ['A vieta', 2, 0, 0, 100],
      ['B vieta', 1, 1, 0, 50],
      ['C vieta', 0, 1, 1, 0],
      ['D vieta', 1, 0, 0, 100],
    ]);
    expect(d.on_time.months.map((m: { month: string } & Parameters<typeof counts>[0]) => [m.month, ...counts(m)])).toEqual([
      ['2026-11', 4, 2, 1, 66],
    ]);
  });

  it('puts a menu in the month of its day in Riga, not in UTC', async () => {
    const w = await onTimeWorld(ctx.db);
    const d = (await admin.get(url(w.provider.id, 'from=2026-10-01&to=2026-12-31'))).json();
    expect(d.on_time.months.map((m: { month: string } & Parameters<typeof counts>[0]) => [m.month, ...counts(m)])).toEqual([
      ['2026-10', 1, 0, 0, 100],
      ['2026-11', 4, 2, 1, 66],
      ['2026-12', 0, 1, 0, 0],
    ]);
    // A day alone: 1 November (its menu starts at 22:30 UTC on 31 October).
    const day = (await admin.get(url(w.provider.id, 'from=2026-11-01&to=2026-11-01'))).json();
    expect(counts(day.on_time.total)).toEqual([2, 1, 1, 66]);
  });

  it('reads one location, and its lap’s departures, when one is chosen', async () => {
    const w = await onTimeWorld(ctx.db);
    const d = (await admin.get(url(w.provider.id, `from=2026-11-01&to=2026-11-30&location_id=${w.b.id}`))).json();
    expect(counts(d.on_time.total)).toEqual([1, 1, 0, 50]);
    expect(d.on_time.laps.map((l: { lap_id: number; departures: { rate: number } }) => [l.lap_id, l.departures.rate])).toEqual([
      [w.l1.id, 50],
    ]);
    expect(d.on_time.locations.map((l: { location_id: number }) => l.location_id)).toEqual([w.b.id]);
  });

  it('shows another provider’s staff only their own stops, and no figure to customers or location managers', async () => {
    const w = await onTimeWorld(ctx.db);
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const theirs = (await kitchen.get(url(w.other.id, 'from=2026-11-01&to=2026-11-30'))).json();
    expect(counts(theirs.on_time.total)).toEqual([1, 0, 0, 100]);
    expect(theirs.on_time.laps).toEqual([
      { lap_id: null, title: 'On no lap', on_time: 1, late: 0, no_window: 0, rate: 100, departures: expect.any(Object) },
    ]);
    const manager = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.a.id, isLocationManager: true }));
    const q = `from=2026-11-01&to=2026-11-30&location_id=${w.a.id}`;
    expect((await manager.get(url(w.provider.id, q))).statusCode).toBe(403);
    expect((await manager.get(url(w.provider.id, `${q}&chart=on_time`).replace('/dashboard?', '/dashboard/export?'))).statusCode).toBe(403);
  });

  it('answers nothing counted as no rate', async () => {
    const w = await onTimeWorld(ctx.db);
    const d = (await admin.get(url(w.provider.id, 'from=2026-09-01&to=2026-09-30'))).json();
    expect(d.on_time).toEqual({ total: { on_time: 0, late: 0, no_window: 0, rate: null }, laps: [], locations: [], months: [] });
  });

  it('writes the CSV per month, a row per lap with its departures and per location', async () => {
    const w = await onTimeWorld(ctx.db);
    const res = await admin.get(
      url(w.provider.id, 'from=2026-10-01&to=2026-12-31&chart=on_time').replace('/dashboard?', '/dashboard/export?'),
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('dashboard-on_time-2026-10-01-2026-12-31.csv');
    expect(res.body.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Month;Row;Name;Delivered on time;Delivered late;On time (%);Delivered without a window (not counted);Departed on time;Departed late;Departures on time (%)',
      '2026-10;Lap;L1 Centrs;1;0;100;0;0;0;',
      '2026-10;Location;A vieta;1;0;100;0;;;',
      '2026-11;Lap;L1 Centrs;3;1;75;0;1;1;50',
      '2026-11;Lap;L2 Osta;0;1;0;1;1;0;100',
      '2026-11;Lap;On no lap;1;0;100;0;0;0;',
      '2026-11;Location;A vieta;2;0;100;0;;;',
      '2026-11;Location;B vieta;1;1;50;0;;;',
      '2026-11;Location;C vieta;0;1;0;1;;;',
      '2026-11;Location;D vieta;1;0;100;0;;;',
      '2026-12;Lap;L1 Centrs;0;1;0;0;0;0;',
      '2026-12;Location;A vieta;0;1;0;0;;;',
      '',
    ]);
    const lv = await admin.get(
      url(w.provider.id, 'from=2026-11-01&to=2026-11-30&chart=on_time', 'lv').replace('/dashboard?', '/dashboard/export?'),
    );
    expect(lv.body).toContain('2026-11;Maršruts;L1 Centrs;3;1;75;0;1;1;50\r\n');
  });
});

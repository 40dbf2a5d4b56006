import type { Db } from '../../db/client.js';
import { lapRuns, lapStopStatuses } from '../../db/schema/index.js';
import { makeLocation, makeProvider } from '../../test/factories.js';
import { makeMenu } from '../ordering/ordering.factories.js';
import { makeLap } from './laps.factories.js';

/**
 * A stop delivered (or only loaded) with its promised window and late minutes written as the
 * promised slice records them: late null = no window; a number = the window 12:00–12:15 UTC of the
 * menu's day and a delivery that many minutes after its end (0: at 12:10).
 */
export async function deliveredStop(
  db: Db,
  menu: { id: number; from: Date },
  locationId: number,
  late: number | null,
  status: 'delivered' | 'loaded' = 'delivered',
) {
  const day = menu.from.toISOString().slice(0, 10);
  const from = new Date(`${day}T12:00:00Z`);
  const to = new Date(`${day}T12:15:00Z`);
  const deliveredAt = late === null || late === 0 ? new Date(`${day}T12:10:00Z`) : new Date(to.getTime() + late * 60_000);
  await db.insert(lapStopStatuses).values({
    menuId: menu.id,
    locationId,
    status,
    changedAt: deliveredAt,
    deliveredAt: status === 'delivered' ? deliveredAt : null,
    promisedFrom: late === null ? null : from,
    promisedTo: late === null ? null : to,
    lateMinutes: status === 'delivered' ? late : null,
  });
}

/** A menu whose `from` is the given instant (3 hours long). */
export const menuAt = (db: Db, providerId: number, from: string) =>
  makeMenu(db, { providerId, from: new Date(from), to: new Date(Date.parse(from) + 3 * 3600_000) });

/**
 * A Riga provider's November 2026 with its month edges: laps L1 (A, B) and L2 (C, E), a location D
 * on no lap; menus on 1 November 00:30 Riga (31 October 22:30 UTC), 30 November 23:30 Riga,
 * 1 December 00:30 Riga and 31 October 23:30 Riga; another provider's menu on 1 November.
 * November: 4 stops on time (A, D; A, B), 2 late (B 12 min; C 5 min), 1 without a window (C), one
 * stop only loaded (E); L1 departed on time once and 7 minutes late once, L2 on time once and once
 * without a plan. October: A on time. December: A 3 minutes late. The other provider: A on time.
 */
export async function onTimeWorld(db: Db) {
  const provider = await makeProvider(db, { title: 'Laikā', timezone: 'Europe/Riga' });
  const other = await makeProvider(db, { title: 'Cits', timezone: 'Europe/Riga' });
  const loc = (title: string) => makeLocation(db, { title });
  const [a, b, c, d, e] = [await loc('A vieta'), await loc('B vieta'), await loc('C vieta'), await loc('D vieta'), await loc('E vieta')];
  const l1 = await makeLap(db, provider.id, [a.id, b.id], { title: 'L1 Centrs' });
  const l2 = await makeLap(db, provider.id, [c.id, e.id], { title: 'L2 Osta' });
  const nov1 = await menuAt(db, provider.id, '2026-10-31T22:30:00Z');
  const nov30 = await menuAt(db, provider.id, '2026-11-30T21:30:00Z');
  const dec1 = await menuAt(db, provider.id, '2026-11-30T22:30:00Z');
  const oct31 = await menuAt(db, provider.id, '2026-10-31T21:30:00Z');
  const foreign = await menuAt(db, other.id, '2026-11-01T09:00:00Z');
  await deliveredStop(db, nov1, a.id, 0);
  await deliveredStop(db, nov1, b.id, 12);
  await deliveredStop(db, nov1, c.id, null);
  await deliveredStop(db, nov1, d.id, 0);
  await deliveredStop(db, nov30, a.id, 0);
  await deliveredStop(db, nov30, b.id, 0);
  await deliveredStop(db, nov30, c.id, 5);
  await deliveredStop(db, nov30, e.id, 0, 'loaded');
  await deliveredStop(db, dec1, a.id, 3);
  await deliveredStop(db, oct31, a.id, 0);
  await deliveredStop(db, foreign, a.id, 0);
  const run = (lapId: number, menuId: number, lateMinutes: number | null) =>
    db.insert(lapRuns).values({ lapId, menuId, lateMinutes, departedAt: lateMinutes === null ? null : new Date() });
  await run(l1.id, nov1.id, 0);
  await run(l1.id, nov30.id, 7);
  await run(l2.id, nov1.id, null);
  await run(l2.id, nov30.id, 0);
  return { provider, other, a, b, c, d, e, l1, l2, nov1, nov30, dec1, oct31, foreign };
}

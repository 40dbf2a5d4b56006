import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLocation, makeProvider } from '../../test/factories.js';
import { createTestDb } from '../../test/harness.js';
import { deliveryOrder, deliveryStops, type DeliveryPlace } from './kitchen.delivery.js';
import { makeLap } from '../laps/laps.factories.js';

let database: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.drop());

describe('delivery order', () => {
  it('runs the active laps by position and their stops in order, then loose locations by title, then no location', async () => {
    const db = database.db;
    const provider = await makeProvider(db);
    const other = await makeProvider(db);
    const [a, b, c, d, e, f, g] = await Promise.all(
      ['Alfa', 'Bēta', 'Gamma', 'Delta', 'Ēdnīca', 'Ābele', 'Zeta'].map((title) => makeLocation(db, { title })),
    );
    // Lap positions: "second" runs after "first" though created before it; the inactive lap and
    // another provider's lap do not route their locations.
    const second = await makeLap(db, provider.id, [c!.id], { position: 2, title: 'Second' });
    const first = await makeLap(db, provider.id, [b!.id, a!.id], { position: 1, title: 'First' });
    await makeLap(db, provider.id, [d!.id], { position: 0, active: false });
    await makeLap(db, other.id, [e!.id], { position: 0 });

    const stops = await deliveryStops(db, provider.id);
    expect([...stops.keys()]).toEqual([b!.id, a!.id, c!.id]);
    expect(stops.get(a!.id)).toEqual({ lapId: first.id, lapTitle: 'First', order: 1, stop: 2, departsAt: null });
    expect(stops.get(c!.id)).toEqual({ lapId: second.id, lapTitle: 'Second', order: 2, stop: 1, departsAt: null });

    const place = (l: { id: number; title: string } | null): DeliveryPlace => ({ locationId: l?.id ?? null, location: l?.title ?? null });
    const places = [null, g, e, a, d, c, f, b].map((l) => place(l ?? null));
    const sorted = places.sort(deliveryOrder(stops, 'lv')).map((p) => p.location);
    // Latvian order puts "Ābele" right after "A…" words and "Ēdnīca" after "E…" ones.
    expect(sorted).toEqual(['Bēta', 'Alfa', 'Gamma', 'Ābele', 'Delta', 'Ēdnīca', 'Zeta', null]);
  });
});

import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lapLocations, laps } from '../../db/schema/index.js';

/** Where a location stands in the provider's delivery: its active lap and its stop on it. */
export interface DeliveryStop {
  lapId: number;
  lapTitle: string;
  /** The stop's place in the whole delivery (0-based): active laps by position, their stops in order. */
  order: number;
  /** The stop's number on its lap, counting every stop of the lap (1-based). */
  stop: number;
  /** The lap's planned departure, 'HH:MM:SS' in the provider's zone; null: none planned. */
  departsAt: string | null;
}

/** The stops of the provider's active laps, by location id (a location is on one lap at most). */
export async function deliveryStops(db: Db, providerId: number): Promise<Map<number, DeliveryStop>> {
  const rows = await db
    .select({ lapId: laps.id, lapTitle: laps.title, departsAt: laps.departsAt, locationId: lapLocations.locationId })
    .from(lapLocations)
    .innerJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(and(eq(laps.providerId, providerId), eq(laps.active, true)))
    .orderBy(asc(laps.position), asc(laps.id), asc(lapLocations.position), asc(lapLocations.locationId));
  const stops = new Map<number, DeliveryStop>();
  let lastLap: number | null = null;
  let stop = 0;
  for (const [order, r] of rows.entries()) {
    if (r.lapId !== lastLap) [lastLap, stop] = [r.lapId, 0];
    stops.set(r.locationId, { lapId: r.lapId, lapTitle: r.lapTitle, order, stop: ++stop, departsAt: r.departsAt });
  }
  return stops;
}

/** A place orders are delivered to: a location (with its title), or none. */
export interface DeliveryPlace {
  locationId: number | null;
  location: string | null;
}

/**
 * Delivery order, the one the kitchen display's tickets and the print-outs follow: the stops of
 * the active laps in order; then locations on no lap by title (same titles by id); then orders
 * without a location.
 */
export function deliveryOrder(stops: Map<number, DeliveryStop>, lang?: string) {
  const rank = (p: DeliveryPlace) => (p.locationId === null ? 2 : stops.has(p.locationId) ? 0 : 1);
  return (a: DeliveryPlace, b: DeliveryPlace): number => {
    const [ra, rb] = [rank(a), rank(b)];
    if (ra !== rb) return ra - rb;
    if (ra === 0) return stops.get(a.locationId!)!.order - stops.get(b.locationId!)!.order;
    if (ra === 1) return (a.location ?? '').localeCompare(b.location ?? '', lang) || a.locationId! - b.locationId!;
    return 0;
  };
}

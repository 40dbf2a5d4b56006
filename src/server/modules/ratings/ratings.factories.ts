import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { lapStopStatuses } from '../../db/schema/index.js';
import { issueRatingLink } from '../../lib/rating-window.js';
import type { Client } from '../../test/client.js';
import type { TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';

/** Marks a location's stop of a menu delivered at `at`, as the driver's "delivered" does (tests only). */
export async function markDelivered(db: Db, menuId: number, locationId: number, at: Date) {
  await db
    .insert(lapStopStatuses)
    .values({ menuId, locationId, status: 'delivered', changedAt: at, deliveredAt: at })
    .onConflictDoUpdate({ target: [lapStopStatuses.menuId, lapStopStatuses.locationId], set: { status: 'delivered', deliveredAt: at } });
}

/**
 * A menu whose order opens `placedAt`, an eater at a location with a cash order of a pork chop and
 * a set meal on it (soup, pork chop), and the clock at `placedAt`. Not delivered yet.
 */
export async function orderedLunch(ctx: TestContext, placedAt: Date, user: Parameters<typeof customerAt>[3] = {}) {
  ctx.clock.set(placedAt);
  const w = await menuWorld(ctx.db, placedAt);
  const eater = await customerAt(ctx.db, placedAt, {}, user);
  const client: Client = ctx.as(eater);
  const res = await client.post('/app/order/create', {
    terms: true,
    dishlist_id: w.menu.id,
    items: [
      { id: w.main.id, qty: 1 },
      {
        id: w.set.complex.id,
        qty: 1,
        complex: [
          { group_id: w.set.groups[0]!.id, dish_id: w.soup.id },
          { group_id: w.set.groups[1]!.id, dish_id: w.main.id },
        ],
      },
    ],
    payment_type: 'cash',
  });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json<{ order_id: number }>().order_id;
  return { w, eater, client, orderId };
}

/** A rating link for an order delivered at `deliveredAt` (as the delivered notice makes one). */
export const ratingLinkFor = (db: Db, orderId: number, deliveredAt: Date) => issueRatingLink(db, orderId, deliveredAt, 'Europe/Riga');

import type { Db } from '../../db/client.js';
import { dishRatings } from '../../db/schema/index.js';
import { menuWorld } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';
import { makeLocation, makeUser } from '../../test/factories.js';

/** A rating row written directly (the eater's side writes them through its own calls). */
export async function makeRating(db: Db, v: typeof dishRatings.$inferInsert) {
  const [row] = await db.insert(dishRatings).values(v).returning();
  return row!;
}

/**
 * A provider's menu world, a location with `eaters` customers (the first one a location manager)
 * and a helper that gives one eater a delivered order of a dish and rates it.
 */
export async function ratingWorld(db: Db, now: Date, eaters = 6) {
  const w = await menuWorld(db, now);
  const location = await makeLocation(db);
  const people = [];
  for (let i = 0; i < eaters; i++) {
    people.push(await makeUser(db, { role: 'customer', locationId: location.id, isLocationManager: i === 0, firstName: `Eater${i}` }));
  }
  async function rate(
    userId: number,
    dish: { id: number; title: Record<string, string> },
    rating: { stars: number; comment?: string; tags?: string[]; createdAt?: Date; menuId?: number },
  ) {
    const menuId = rating.menuId ?? w.menu.id;
    const order = await placedOrder(db, {
      menuId,
      userId,
      locationId: location.id,
      amountCents: 300,
      lines: [{ dishId: dish.id, title: dish.title, qty: 1, unitPriceCents: 300 }],
    });
    return makeRating(db, {
      orderId: order.id,
      userId,
      dishId: dish.id,
      menuId,
      providerId: w.provider.id,
      stars: rating.stars,
      comment: rating.comment ?? '',
      tags: rating.tags ?? [],
      createdAt: rating.createdAt ?? new Date(now.getTime() - 3600_000),
    });
  }
  return { ...w, location, people, rate };
}

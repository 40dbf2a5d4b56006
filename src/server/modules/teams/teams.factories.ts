import type { Db } from '../../db/client.js';
import type { Translated } from '../../db/schema/common.js';
import { orderItemOptions, orderItems, orders } from '../../db/schema/index.js';
import { makeLocation, makeUser, signedIn } from '../../test/factories.js';

/** A signed-in manager of a new location with a few members (one of them deactivated). */
export async function teamWorld(db: Db, now: Date, location: Parameters<typeof makeLocation>[1] = {}) {
  const loc = await makeLocation(db, location);
  const manager = await signedIn(db, { role: 'customer', locationId: loc.id, isLocationManager: true, firstName: 'Marta' }, now);
  const anna = await signedIn(db, { role: 'customer', locationId: loc.id, firstName: 'Anna', notifyOnDelivery: true }, now);
  const kristaps = await makeUser(db, { role: 'customer', locationId: loc.id, firstName: 'Kristaps', notifyOnDelivery: false });
  const liga = await makeUser(db, { role: 'customer', locationId: loc.id, firstName: 'Līga', active: false, notifyOnDelivery: true });
  return { location: loc, manager, anna, kristaps, liga };
}

/** A placed (status 2) order written directly, with its lines; amounts in cents. */
export async function placedOrder(
  db: Db,
  v: {
    menuId: number;
    userId: number;
    locationId: number;
    paymentType?: 'cash' | 'card' | 'bank' | 'subsidy' | 'bonus';
    status?: 0 | 1 | 2;
    amountCents: number;
    subsidyCents?: number;
    createdAt?: Date;
    lines: { dishId: number; title: Translated; qty: number; unitPriceCents: number; options?: { dishId: number; title: Translated }[] }[];
  },
) {
  const subsidy = v.subsidyCents ?? 0;
  const [order] = await db
    .insert(orders)
    .values({
      menuId: v.menuId,
      userId: v.userId,
      locationId: v.locationId,
      paymentType: v.paymentType ?? 'cash',
      amountCents: v.amountCents,
      subsidyCents: subsidy,
      amountToPayCents: Math.max(0, v.amountCents - subsidy),
      status: v.status ?? 2,
      ...(v.createdAt ? { createdAt: v.createdAt } : {}),
    })
    .returning();
  for (const [position, l] of v.lines.entries()) {
    const [item] = await db
      .insert(orderItems)
      .values({ orderId: order!.id, dishId: l.dishId, title: l.title, qty: l.qty, unitPriceCents: l.unitPriceCents, position })
      .returning();
    for (const o of l.options ?? []) {
      await db.insert(orderItemOptions).values({ orderItemId: item!.id, dishId: o.dishId, title: o.title, priceCents: 0 });
    }
  }
  return order!;
}

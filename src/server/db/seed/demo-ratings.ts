/*
 * Demo ratings (issue 30, decision 080): a closed menu two days back ("Iepriekšējās pusdienas",
 * not named like the seeded "Pusdienas dd.mm.yyyy" the journeys pick), delivered to Tehnoparks,
 * Noliktava and Centrs, with a few of the extra customers' cash orders rated, some with comments,
 * so the kitchen's Ratings page and the dashboard show something. Part of seedDemo's transaction.
 */
import { inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { formatDay } from '../../lib/dates.js';
import type { Tx } from '../client.js';
import { dishes, dishRatings, lapStopStatuses, menuDishes, menus, orderItems, orders, users } from '../schema/index.js';
import type { SeededCatalogue } from './demo-catalogue-seed.js';

type Rated = { email: string; dish: string; stars: number; comment?: string; tags?: string[] };

/** Who rated what: the pork chop has comments to answer, the soup a couple of plain ratings. */
const DEMO_RATINGS: Rated[] = [
  { email: 'kristaps@demo.lv', dish: 'P01', stars: 5, comment: 'Ļoti garšīga, porcija lieliska.', tags: ['tasty', 'great-portion'] },
  { email: 'laura@demo.lv', dish: 'P01', stars: 4 },
  { email: 'edgars@demo.lv', dish: 'P01', stars: 2, comment: 'Kad atveda, bija jau atdzisusi.', tags: ['cold'] },
  { email: 'olga@demo.lv', dish: 'P01', stars: 3, comment: 'Mērce par sāļu.', tags: ['too-salty'] },
  { email: 'kristaps@demo.lv', dish: 'Z01', stars: 4 },
  { email: 'olga@demo.lv', dish: 'Z01', stars: 5, comment: 'Labākā soļanka!', tags: ['tasty'] },
];

export async function seedDemoRatings(tx: Tx, providerId: number, catalogue: SeededCatalogue, now: Date): Promise<void> {
  const day = DateTime.fromJSDate(now).setZone(DEFAULT_TIMEZONE).startOf('day').minus({ days: 2 });
  const [menu] = await tx
    .insert(menus)
    .values({
      providerId,
      title: `Iepriekšējās pusdienas ${formatDay(day, DEFAULT_TIMEZONE)}`,
      from: day.set({ hour: 6 }).toJSDate(),
      to: day.set({ hour: 10 }).toJSDate(),
      status: true,
    })
    .returning({ id: menus.id });
  const codes = [...new Set(DEMO_RATINGS.map((r) => r.dish))];
  const ids = codes.map((c) => catalogue.dishId.get(c)!);
  const rows = await tx
    .select({ id: dishes.id, title: dishes.title, price: dishes.priceCents, categoryId: dishes.categoryId })
    .from(dishes)
    .where(inArray(dishes.id, ids));
  const byId = new Map(rows.map((d) => [d.id, d]));
  await tx.insert(menuDishes).values(rows.map((d) => ({ menuId: menu!.id, dishId: d.id, categoryId: d.categoryId })));
  const people = await tx
    .select({ id: users.id, email: users.email, locationId: users.locationId })
    .from(users)
    .where(inArray(users.email, [...new Set(DEMO_RATINGS.map((r) => r.email))]));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const delivered = day.set({ hour: 12, minute: 20 }).toJSDate();
  const locationIds = [...new Set(people.map((p) => p.locationId).filter((id): id is number => id !== null))];
  await tx.insert(lapStopStatuses).values(
    locationIds.map((locationId) => ({
      menuId: menu!.id,
      locationId,
      status: 'delivered' as const,
      changedAt: delivered,
      deliveredAt: delivered,
    })),
  );
  for (const [i, r] of DEMO_RATINGS.entries()) {
    const who = byEmail.get(r.email)!;
    const dish = byId.get(catalogue.dishId.get(r.dish)!)!;
    const [order] = await tx
      .insert(orders)
      .values({
        menuId: menu!.id,
        userId: who.id,
        locationId: who.locationId,
        paymentType: 'cash',
        amountCents: dish.price,
        amountToPayCents: dish.price,
        status: 2,
        createdAt: day.set({ hour: 8, minute: i }).toJSDate(),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({ orderId: order!.id, dishId: dish.id, title: dish.title, qty: 1, unitPriceCents: dish.price });
    await tx.insert(dishRatings).values({
      orderId: order!.id,
      userId: who.id,
      dishId: dish.id,
      menuId: menu!.id,
      providerId,
      stars: r.stars,
      comment: r.comment ?? '',
      tags: r.tags ?? [],
      createdAt: day.set({ hour: 13, minute: 10 * i }).toJSDate(),
    });
  }
}

import {
  cashBalances,
  categories,
  dishes,
  lapLocations,
  laps,
  locations,
  menuDishes,
  menus,
  orderItemOptions,
  orderItems,
  orders,
  providers,
  sessions,
  users,
} from '../src/server/db/schema/index.js';
import type { Database } from '../src/server/db/client.js';
import { hashToken, newToken } from '../src/server/lib/tokens.js';

export interface LapDayOptions {
  locations: number;
  /** Placed orders per location. */
  orders: number;
  /** Every other order also has a set meal of two dishes. */
  sets: boolean;
  /** The quantity of an order's plain line (n counts the orders). */
  plainQty(n: number): number;
}

/**
 * A day of one lap for the benchmarks (bench/lap-report.ts, bench/labels.ts): a provider, 9 plain
 * dishes in 3 categories and a set meal, a menu, `locations` locations on one lap with a customer
 * each, `orders` placed orders per location (cash, card, bank; a third of the locations with a
 * subsidy), cash recorded at every other location, and a kitchen user with a session `token`.
 */
export async function seedLapDay(db: Database['db'], opts: LapDayOptions) {
  const now = new Date();
  const [provider] = await db.insert(providers).values({ title: 'Bench Virtuve' }).returning();
  const cats = await db
    .insert(categories)
    .values(
      ['Zupas', 'Pamatēdieni', 'Deserti'].map((title, i) => ({ providerId: provider!.id, title: { lv: title, en: title }, position: i })),
    )
    .returning();
  const plain = await db
    .insert(dishes)
    .values(
      Array.from({ length: 9 }, (_, i) => ({
        providerId: provider!.id,
        categoryId: cats[i % 3]!.id,
        title: { lv: `Ēdiens ar ķiplokiem Nr. ${i + 1}`, en: `Dish ${i + 1}` },
        priceCents: 250 + i * 40,
        position: i,
      })),
    )
    .returning();
  const [set] = await db
    .insert(dishes)
    .values({
      providerId: provider!.id,
      categoryId: cats[1]!.id,
      type: 'complex',
      title: { lv: 'Dienas komplekss', en: 'Set of the day' },
      priceCents: 0,
    })
    .returning();
  const [menu] = await db
    .insert(menus)
    .values({ providerId: provider!.id, title: 'Pusdienas (bench)', from: now, to: new Date(now.getTime() + 3600_000), status: true })
    .returning();
  await db.insert(menuDishes).values([...plain, set!].map((d) => ({ menuId: menu!.id, dishId: d.id, categoryId: d.categoryId })));
  const locs = await db
    .insert(locations)
    .values(
      Array.from({ length: opts.locations }, (_, i) => ({
        title: `Birojs Šķūņu iela ${i + 1}`,
        address: `Ģertrūdes iela ${i + 1}, Rīga, LV-10${String(i).padStart(2, '0')}`,
        token: newToken(),
        subsidyCents: i % 3 === 0 ? 150 : 0,
      })),
    )
    .returning({ id: locations.id, subsidy: locations.subsidyCents });
  const [lap] = await db.insert(laps).values({ providerId: provider!.id, title: 'Rīta maršruts (bench)' }).returning();
  await db.insert(lapLocations).values(locs.map((l, position) => ({ lapId: lap!.id, locationId: l.id, position })));
  const customers = await db
    .insert(users)
    .values(locs.map((l, i) => ({ email: `lap${i}@bench.lv`, firstName: `Klients ${i}`, role: 'customer' as const, locationId: l.id })))
    .returning({ id: users.id, locationId: users.locationId });

  // Orders: two lines each (a plain dish × 1–2 and, every other order, a set meal of two dishes).
  const PAY = ['cash', 'card', 'cash', 'bank'] as const;
  let n = 0;
  for (const c of customers) {
    const subsidy = locs.find((l) => l.id === c.locationId)!.subsidy;
    for (let k = 0; k < opts.orders; k++, n++) {
      const a = plain[n % plain.length]!;
      const qty = opts.plainQty(n);
      const withSet = opts.sets && n % 2 === 0;
      const amount = a.priceCents * qty + (withSet ? plain[0]!.priceCents + plain[4]!.priceCents : 0);
      const used = Math.min(subsidy, amount);
      const [o] = await db
        .insert(orders)
        .values({
          menuId: menu!.id,
          userId: c.id,
          locationId: c.locationId,
          paymentType: PAY[n % PAY.length]!,
          amountCents: amount,
          subsidyCents: used,
          amountToPayCents: amount - used,
          status: 2,
        })
        .returning({ id: orders.id });
      await db.insert(orderItems).values({ orderId: o!.id, dishId: a.id, qty, unitPriceCents: a.priceCents, title: a.title });
      if (withSet) {
        const [line] = await db
          .insert(orderItems)
          .values({
            orderId: o!.id,
            dishId: set!.id,
            qty: 1,
            unitPriceCents: plain[0]!.priceCents + plain[4]!.priceCents,
            title: set!.title,
            position: 1,
          })
          .returning({ id: orderItems.id });
        await db.insert(orderItemOptions).values([
          { orderItemId: line!.id, dishId: plain[0]!.id, title: plain[0]!.title, priceCents: plain[0]!.priceCents },
          { orderItemId: line!.id, dishId: plain[4]!.id, title: plain[4]!.title, priceCents: plain[4]!.priceCents },
        ]);
      }
    }
  }
  // Cash recorded at every other location.
  await db
    .insert(cashBalances)
    .values(locs.filter((_, i) => i % 2 === 0).map((l) => ({ menuId: menu!.id, locationId: l.id, amountCents: 1000 })));
  const [staff] = await db
    .insert(users)
    .values({ email: 'kitchen@bench.lv', firstName: 'Virtuve', role: 'kitchen' })
    .returning({ id: users.id });
  const token = newToken();
  await db.insert(sessions).values({
    userId: staff!.id,
    tokenHash: hashToken(token),
    remember: true,
    expiresAt: new Date(now.getTime() + 86400_000),
    lastSeenAt: now,
  });
  return { provider: provider!, menu: menu!, lap: lap!, token, orders: n };
}

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  balances,
  categories,
  complexGroups,
  complexOptions,
  dishes,
  menuComplexPrices,
  menuDishes,
  menus,
  orders,
} from '../../db/schema/index.js';
import { makeLocation, makeProvider, signedIn } from '../../test/factories.js';

const tag = () => randomBytes(3).toString('hex');

export async function makeCategory(db: Db, providerId: number, title = 'Zupas') {
  const [row] = await db
    .insert(categories)
    .values({ providerId, title: { lv: title, en: title } })
    .returning();
  return row!;
}

export async function makeDish(db: Db, values: { providerId: number; categoryId: number } & Partial<typeof dishes.$inferInsert>) {
  const name = values.title ?? { lv: `Ēdiens ${tag()}`, en: `Dish ${tag()}` };
  const [row] = await db
    .insert(dishes)
    .values({ priceCents: 300, ...values, title: name })
    .returning();
  return row!;
}

export async function makeMenu(db: Db, values: { providerId: number; from: Date; to: Date } & Partial<typeof menus.$inferInsert>) {
  const [row] = await db
    .insert(menus)
    .values({ title: `Menu ${tag()}`, status: true, ...values })
    .returning();
  return row!;
}

export async function addToMenu(db: Db, menuId: number, dish: { id: number; categoryId: number }, priceCents: number | null = null) {
  await db.insert(menuDishes).values({ menuId, dishId: dish.id, categoryId: dish.categoryId, priceCents });
}

export async function setBalance(db: Db, menuId: number, dishId: number, qty: number | null) {
  await db
    .insert(balances)
    .values({ menuId, dishId, qty })
    .onConflictDoUpdate({ target: [balances.menuId, balances.dishId], set: { qty } });
}

/** A complex dish with the given groups of option dishes. */
export async function makeComplex(
  db: Db,
  providerId: number,
  categoryId: number,
  groups: { optional: boolean; options: { dish: { id: number }; priceCents?: number }[] }[],
  basePriceCents = 0,
) {
  const complex = await makeDish(db, {
    providerId,
    categoryId,
    type: 'complex',
    priceCents: basePriceCents,
    title: { lv: 'Komplekss', en: 'Set' },
  });
  const groupRows = [];
  for (const [i, g] of groups.entries()) {
    const [row] = await db
      .insert(complexGroups)
      .values({ dishId: complex.id, categoryId, title: { lv: `Grupa ${i + 1}`, en: `Group ${i + 1}` }, optional: g.optional, position: i })
      .returning();
    await db
      .insert(complexOptions)
      .values(g.options.map((o, oi) => ({ groupId: row!.id, dishId: o.dish.id, priceCents: o.priceCents ?? null, position: oi })));
    groupRows.push(row!);
  }
  return { complex, groups: groupRows };
}

export async function setComplexPrice(db: Db, menuId: number, complexDishId: number, optionDishId: number, priceCents: number) {
  await db.insert(menuComplexPrices).values({ menuId, complexDishId, optionDishId, priceCents });
}

/**
 * A provider with an open menu (deadline in 2 hours): soup 3.00 (stock 5), main 5.50 (unlimited),
 * dessert 1.20, and a complex (soup | main mandatory, dessert optional at 1.00 inside the set).
 */
export async function menuWorld(db: Db, now: Date, provider: Partial<Parameters<typeof makeProvider>[1]> = {}) {
  const p = await makeProvider(db, { cardCommissionCents: 25, bankCommissionCents: 15, ...provider });
  const cat = await makeCategory(db, p.id);
  const soup = await makeDish(db, {
    providerId: p.id,
    categoryId: cat.id,
    priceCents: 300,
    title: { lv: 'Skābeņu zupa', en: 'Sorrel soup' },
  });
  const main = await makeDish(db, {
    providerId: p.id,
    categoryId: cat.id,
    priceCents: 550,
    title: { lv: 'Cūkgaļas karbonāde', en: 'Pork chop' },
  });
  const dessert = await makeDish(db, {
    providerId: p.id,
    categoryId: cat.id,
    priceCents: 120,
    title: { lv: 'Maizes zupa', en: 'Bread soup' },
  });
  const set = await makeComplex(db, p.id, cat.id, [
    { optional: false, options: [{ dish: soup }] },
    { optional: false, options: [{ dish: main }, { dish: dessert }] },
    { optional: true, options: [{ dish: dessert, priceCents: 100 }] },
  ]);
  const menu = await makeMenu(db, {
    providerId: p.id,
    from: new Date(now.getTime() - 3600_000),
    to: new Date(now.getTime() + 2 * 3600_000),
  });
  for (const d of [soup, main, dessert, set.complex]) await addToMenu(db, menu.id, d);
  await setBalance(db, menu.id, soup.id, 5);
  return { provider: p, category: cat, soup, main, dessert, set, menu };
}

/** A signed-in customer at a (new) location. */
export async function customerAt(
  db: Db,
  now: Date,
  location: Partial<Parameters<typeof makeLocation>[1]> = {},
  user: Parameters<typeof signedIn>[1] = {},
) {
  const loc = await makeLocation(db, location);
  const who = await signedIn(db, { role: 'customer', locationId: loc.id, firstName: 'Jānis', ...user }, now);
  return { ...who, location: loc };
}

/** What is left of a dish on a menu (undefined: the dish has no stock row there). */
export async function balanceOf(db: Db, menuId: number, dishId: number) {
  const rows = await db
    .select({ qty: balances.qty })
    .from(balances)
    .where(and(eq(balances.menuId, menuId), eq(balances.dishId, dishId)));
  return rows[0]?.qty;
}

/** Every order of a user, as stored. */
export async function ordersOf(db: Db, userId: number) {
  return db.select().from(orders).where(eq(orders.userId, userId));
}

/** The body of an order of one portion of a dish, paid in cash, terms agreed. */
export const cashOrder = (menuId: number, dishId: number, extra: object = {}) => ({
  dishlist_id: menuId,
  items: [{ id: dishId, qty: 1 }],
  payment_type: 'cash',
  terms: true,
  ...extra,
});

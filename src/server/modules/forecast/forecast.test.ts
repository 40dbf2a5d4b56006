import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awayDays,
  forecastMenuDishes,
  orderItemOptions,
  orderItems,
  orders,
  standingOrderRuns,
  standingOrders,
} from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeLocation, makeUser } from '../../test/factories.js';
import { addToMenu, makeDish, makeMenu, menuWorld } from '../ordering/ordering.factories.js';
import { makeRating } from '../rating-reports/rating-reports.factories.js';
import { rollUpForecastCounts } from './forecast.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type World = Awaited<ReturnType<typeof menuWorld>>;
type Dish = { id: number; categoryId: number };

/** The world's menu day, and a menu of the same provider `days` before it (same hour, in the provider's zone). */
function dayOf(w: World) {
  return DateTime.fromJSDate(w.menu.from).setZone(w.provider.timezone);
}
async function menuBefore(w: World, days: number, list: Dish[], status = true) {
  const from = dayOf(w).minus({ days });
  const menu = await makeMenu(ctx.db, { providerId: w.provider.id, from: from.toJSDate(), to: from.plus({ hours: 3 }).toJSDate(), status });
  for (const d of list) await addToMenu(ctx.db, menu.id, d);
  return { ...menu, day: from.toISODate()! };
}

/** A customer at their own location (or the one given). */
const person = async (values: Parameters<typeof makeUser>[1] = {}) =>
  makeUser(ctx.db, { role: 'customer', locationId: (await makeLocation(ctx.db)).id, ...values });

/** An order written as the order path leaves it: lines, and a set meal's options. */
async function order(menuId: number, userId: number, lines: { dish: number; qty: number; options?: number[] }[], status = 2) {
  const [o] = await ctx.db
    .insert(orders)
    .values({ menuId, userId, paymentType: 'cash', amountCents: 100, amountToPayCents: 100, status })
    .returning();
  for (const l of lines) {
    const [item] = await ctx.db.insert(orderItems).values({ orderId: o!.id, dishId: l.dish, qty: l.qty, unitPriceCents: 100 }).returning();
    for (const d of l.options ?? []) await ctx.db.insert(orderItemOptions).values({ orderItemId: item!.id, dishId: d, priceCents: 0 });
  }
  return o!;
}

async function standing(w: World, userId: number, dishId: number, values: Partial<typeof standingOrders.$inferInsert> = {}) {
  await ctx.db
    .insert(standingOrders)
    .values({ userId, providerId: w.provider.id, dishId, qty: 1, weekdays: [dayOf(w).weekday], paymentType: 'cash', ...values });
}

type Entry = {
  id: number;
  suggested: number;
  average: number;
  weeks: number;
  standing: number;
  away_people: number;
  away_portions: number;
};

/** A dish without ratings: its forecast is not nudged (decision 080). */
const NO_RATING = { rating_factor: 1, rating_average: null };

describe('forecast: the suggested quantities of a menu', () => {
  it('averages the same weekday of six weeks with the dish, adds the standing orders of the day, takes off the people away', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const { soup, main, dessert } = w;
    const set = w.set.complex;
    const today = dayOf(w).toISODate()!;
    const [a, b, c, d, e, f] = [await person(), await person(), await person(), await person(), await person(), await person()];

    // Week 1: soup, main and the set meal.
    const wk1 = await menuBefore(w, 7, [soup, main, set]);
    await order(wk1.id, a.id, [{ dish: soup.id, qty: 3 }]);
    await order(wk1.id, b.id, [{ dish: soup.id, qty: 1 }]);
    await order(wk1.id, d.id, [{ dish: set.id, qty: 1, options: [soup.id, main.id] }]);
    await order(wk1.id, c.id, [{ dish: main.id, qty: 1 }]);
    // Not counted: a cancelled order, and an order a standing order placed (its figure is the standing part).
    await order(wk1.id, e.id, [{ dish: soup.id, qty: 5 }], 3);
    const byStanding = await order(wk1.id, f.id, [{ dish: soup.id, qty: 4 }]);
    await ctx.db
      .insert(standingOrderRuns)
      .values({ userId: f.id, day: wk1.day, menuId: wk1.id, outcome: 'placed', orderId: byStanding.id });
    // Week 2: soup and main.
    const wk2 = await menuBefore(w, 14, [soup, main]);
    await order(wk2.id, a.id, [{ dish: soup.id, qty: 1 }]);
    await order(wk2.id, b.id, [{ dish: soup.id, qty: 1 }]);
    await order(wk2.id, c.id, [{ dish: main.id, qty: 2 }]);
    // Week 3: main only; week 4: an unpublished menu with soup (not a week with soup); week 7 is too far back.
    const wk3 = await menuBefore(w, 21, [main]);
    await order(wk3.id, c.id, [{ dish: main.id, qty: 1 }]);
    const draft = await menuBefore(w, 28, [soup], false);
    await order(draft.id, b.id, [{ dish: soup.id, qty: 9 }]);
    const wk7 = await menuBefore(w, 49, [soup]);
    await order(wk7.id, a.id, [{ dish: soup.id, qty: 10 }]);
    // Another weekday (six days before) does not count.
    const otherDay = await menuBefore(w, 6, [soup]);
    await order(otherDay.id, b.id, [{ dish: soup.id, qty: 10 }]);
    // Another provider's menu of the same day, with its own soup ordered.
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const theirs = await makeMenu(ctx.db, { providerId: other.provider.id, from: wk1.from, to: wk1.to });
    await addToMenu(ctx.db, theirs.id, other.soup);
    await order(theirs.id, a.id, [{ dish: other.soup.id, qty: 7 }]);

    // Away today: A marked the day; C's location is closed.
    await ctx.db.insert(awayDays).values({ userId: a.id, day: today });
    await ctx.db.insert(awayDays).values({ locationId: c.locationId!, day: today });

    // Standing orders for today's weekday.
    const [g, h, j, k, m, n] = [
      await person(),
      await person(),
      await person(),
      await person({ active: false }),
      await person(),
      await person(),
    ];
    await standing(w, g.id, soup.id, { qty: 2 });
    await standing(w, h.id, soup.id, { skipDates: [today] });
    await standing(w, a.id, soup.id); // away
    await standing(w, c.id, main.id); // location closed
    await standing(w, j.id, set.id, {
      complex: [
        { group_id: w.set.groups[0]!.id, dish_id: soup.id },
        { group_id: w.set.groups[1]!.id, dish_id: main.id },
      ],
    });
    await standing(w, k.id, soup.id); // deactivated
    await standing(w, m.id, soup.id, { weekdays: [(dayOf(w).weekday % 7) + 1] });
    await standing(w, n.id, soup.id, { endsOn: dayOf(w).minus({ days: 1 }).toISODate()! });
    const offMenu = await makeDish(ctx.db, { providerId: w.provider.id, categoryId: w.category.id });
    await standing(w, (await person()).id, offMenu.id);
    await standing(w, (await person()).id, soup.id, { active: false });
    await ctx.db.insert(standingOrders).values({
      userId: (await person()).id,
      providerId: other.provider.id,
      dishId: other.soup.id,
      qty: 3,
      weekdays: [dayOf(w).weekday],
      paymentType: 'cash',
    });

    const kitchen = await ctx.as('kitchen');
    const res = await kitchen.get(`/app/dishlists/${w.menu.id}/forecast?provider_id=${w.provider.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { day: string; weekday: number; weeks: number; forecast: Entry[] };
    expect({ day: body.day, weekday: body.weekday, weeks: body.weeks }).toEqual({ day: today, weekday: dayOf(w).weekday, weeks: 6 });
    const byId = Object.fromEntries(body.forecast.map((x) => [x.id, x]));
    expect(
      Object.keys(byId)
        .map(Number)
        .sort((x, y) => x - y),
    ).toEqual([soup.id, main.id, dessert.id, set.id].sort((x, y) => x - y));
    // Soup: weeks 1 and 2; A 3 + B 1 + D's set 1, then A 1 + B 1 = 7 → 3.5; A away (4 portions / 2 weeks);
    // standing: G 2 + J's set 1. round(3.5 − 2) + 3 = 5.
    expect(byId[soup.id]).toEqual({
      id: soup.id,
      suggested: 5,
      average: 3.5,
      weeks: 2,
      standing: 3,
      away_people: 1,
      away_portions: 2,
      ...NO_RATING,
    });
    // Main: weeks 1-3; C 1 + D's set 1, C 2, C 1 = 5 → 1.7; C's office closed (4 / 3 = 1.3); J's set 1. round(1/3) + 1 = 1.
    expect(byId[main.id]).toEqual({
      id: main.id,
      suggested: 1,
      average: 1.7,
      weeks: 3,
      standing: 1,
      away_people: 1,
      away_portions: 1.3,
      ...NO_RATING,
    });
    expect(byId[set.id]).toEqual({
      id: set.id,
      suggested: 2,
      average: 1,
      weeks: 1,
      standing: 1,
      away_people: 0,
      away_portions: 0,
      ...NO_RATING,
    });
    // Dessert: an option of week 1's set meal, never ordered.
    expect(byId[dessert.id]).toEqual({
      id: dessert.id,
      suggested: 0,
      average: 0,
      weeks: 1,
      standing: 0,
      away_people: 0,
      away_portions: 0,
      ...NO_RATING,
    });

    // The other provider's forecast of its own menu counts its own figures only (A is away there too).
    const mine = (await kitchen.get(`/app/dishlists/${other.menu.id}/forecast?provider_id=${other.provider.id}`)).json() as {
      forecast: Entry[];
    };
    expect(mine.forecast.find((x) => x.id === other.soup.id)).toEqual({
      id: other.soup.id,
      suggested: 3,
      average: 7,
      weeks: 1,
      standing: 3,
      away_people: 1,
      away_portions: 7,
      ...NO_RATING,
    });
  });

  it('is for staff, and only for the menus of the provider asked for', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const url = `/app/dishlists/${w.menu.id}/forecast`;
    expect((await (await ctx.as('admin')).get(`${url}?provider_id=${w.provider.id}`)).statusCode).toBe(200);
    expect((await (await ctx.as('customer')).get(`${url}?provider_id=${w.provider.id}`)).statusCode).toBe(403);
    expect((await ctx.anon.get(`${url}?provider_id=${w.provider.id}`)).statusCode).toBe(401);
    expect((await (await ctx.as('kitchen')).get(`${url}?provider_id=${other.provider.id}`)).statusCode).toBe(404);
    expect((await (await ctx.as('kitchen')).get(`/app/dishlists/999999/forecast?provider_id=${w.provider.id}`)).statusCode).toBe(404);
  });
});

describe('forecast: each past menu counted once', () => {
  it('the nightly job counts the menus whose deadline has passed; a later change to a counted menu is not read again', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const a = await person();
    const wk1 = await menuBefore(w, 7, [w.soup]);
    await order(wk1.id, a.id, [{ dish: w.soup.id, qty: 2 }]);
    const counted = await rollUpForecastCounts(ctx.db, ctx.clock.now());
    expect(counted).toBeGreaterThanOrEqual(1);
    const rows = await ctx.db.select().from(forecastMenuDishes).where(eq(forecastMenuDishes.menuId, wk1.id));
    expect(rows.map((r) => [r.dishId, r.portions])).toEqual([[w.soup.id, 2]]);
    // The open menu of the day is not counted.
    expect(await ctx.db.select().from(forecastMenuDishes).where(eq(forecastMenuDishes.menuId, w.menu.id))).toEqual([]);
    await order(wk1.id, a.id, [{ dish: w.soup.id, qty: 5 }]);
    const kitchen = await ctx.as('kitchen');
    const body = (await kitchen.get(`/app/dishlists/${w.menu.id}/forecast?provider_id=${w.provider.id}`)).json() as { forecast: Entry[] };
    expect(body.forecast.find((x) => x.id === w.soup.id)).toMatchObject({ average: 2, weeks: 1, suggested: 2 });
  });
});

describe('forecast: a menu planned two weeks ahead', () => {
  it('does not count the week before while that menu still takes orders, and counts all of it once it closed', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    // w.menu is open (deadline in two hours); the menu planned is the same weekday a week later.
    const from = dayOf(w).plus({ days: 7 });
    const ahead = await makeMenu(ctx.db, { providerId: w.provider.id, from: from.toJSDate(), to: from.plus({ hours: 3 }).toJSDate() });
    await addToMenu(ctx.db, ahead.id, w.soup);
    const [a, b] = [await person(), await person()];
    await order(w.menu.id, a.id, [{ dish: w.soup.id, qty: 2 }]);
    const kitchen = await ctx.as('kitchen');
    const soupOf = async () =>
      (
        (await kitchen.get(`/app/dishlists/${ahead.id}/forecast?provider_id=${w.provider.id}`)).json() as { forecast: Entry[] }
      ).forecast.find((x) => x.id === w.soup.id);
    // Still open: not a past week, and nothing kept of it.
    expect(await soupOf()).toMatchObject({ weeks: 0, average: 0, suggested: null });
    expect(await ctx.db.select().from(forecastMenuDishes).where(eq(forecastMenuDishes.menuId, w.menu.id))).toEqual([]);
    // More orders come in before the deadline; once it has passed the whole day counts.
    await order(w.menu.id, b.id, [{ dish: w.soup.id, qty: 3 }]);
    ctx.clock.advance(3 * 3600_000);
    expect(await soupOf()).toMatchObject({ weeks: 1, average: 5, suggested: 5 });
  });
});

describe('forecast: the ratings factor (decision 080)', () => {
  it('moves a well rated dish up and a badly rated one down, by 5 % a star from the provider’s average, at most 10 %', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const wk1 = await menuBefore(w, 7, [w.soup, w.main, w.dessert]);
    const a = await person();
    await order(wk1.id, a.id, [
      { dish: w.soup.id, qty: 20 },
      { dish: w.main.id, qty: 20 },
      { dish: w.dessert.id, qty: 20 },
    ]);
    // Five eaters rate the soup 5 and the main 1 (provider's average 3); the dessert has four 5s, too few to count.
    const at = new Date(ctx.clock.now().getTime() - 3600_000);
    for (let i = 0; i < 5; i++) {
      const eater = await person();
      const o = await order(wk1.id, eater.id, []);
      const rate = (dishId: number, stars: number) =>
        makeRating(ctx.db, { orderId: o.id, userId: eater.id, dishId, menuId: wk1.id, providerId: w.provider.id, stars, createdAt: at });
      await rate(w.soup.id, 5);
      await rate(w.main.id, 1);
      if (i < 4) await rate(w.dessert.id, 5);
    }
    const kitchen = await ctx.as('kitchen');
    const body = (await kitchen.get(`/app/dishlists/${w.menu.id}/forecast?provider_id=${w.provider.id}`)).json() as { forecast: Entry[] };
    const byId = Object.fromEntries(body.forecast.map((x) => [x.id, x]));
    // Provider average: (25 + 5 + 20) / 14 = 3.57. Soup: 1 + 0.05 × 1.43 = 1.071 → round(20 × 1.071) = 21.
    expect(byId[w.soup.id]).toMatchObject({ average: 20, suggested: 21, rating_factor: 1.071, rating_average: 5 });
    // Main: 0.05 × (1 − 3.57) = −0.129, bounded to −10 % → 18.
    expect(byId[w.main.id]).toMatchObject({ average: 20, suggested: 18, rating_factor: 0.9, rating_average: 1 });
    // Dessert: four ratings, not enough: 20.
    expect(byId[w.dessert.id]).toMatchObject({ average: 20, suggested: 20, rating_factor: 1, rating_average: 5 });
  });
});

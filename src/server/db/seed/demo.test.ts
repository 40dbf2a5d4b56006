import { and, eq, like, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords.js';
import { createTestDb } from '../../test/harness.js';
import type { Db } from '../client.js';
import {
  allergens,
  balances,
  categories,
  complexGroups,
  complexOptions,
  contentBlocks,
  dishAllergens,
  dishes,
  lapLocations,
  laps,
  locations,
  menuDishes,
  menus,
  providers,
  shifts,
  users,
} from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './demo.js';

const ZONE = 'Europe/Riga';
// Late in the Riga evening: already the next day in some zones, still "today" in Riga.
/** The seeded menus people order from ("Pusdienas dd.mm.yyyy"). */
const ORDERING_MENUS = like(menus.title, 'Pusdienas %');
const NOW = DateTime.fromISO('2025-03-12T22:30:00', { zone: ZONE }).toJSDate();

let database: Awaited<ReturnType<typeof createTestDb>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDb();
  db = database.db;
  expect(await isDatabaseEmpty(db)).toBe(true);
  await seedDemo(db, NOW);
});

afterAll(async () => {
  await database?.drop();
});

const hasAllLangs = (t: Partial<Record<string, string>>) =>
  ['lv', 'en', 'ru'].every((l) => typeof t[l] === 'string' && t[l]!.trim() !== '');

describe('demo seed', () => {
  it('creates an active main provider with card and bank commissions and an inactive second one', async () => {
    const rows = await db.select().from(providers).orderBy(providers.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      title: 'Pusdienu Virtuve',
      status: true,
      timezone: ZONE,
      cardEnabled: true,
      cardCommissionCents: 25,
      bankCommissionCents: 15,
    });
    expect(rows[1]!.status).toBe(false);
  });

  it('creates locations with contacts, unique invite tokens, subsidies and shifts', async () => {
    const rows = await db.select().from(locations);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const l of rows) {
      expect(l.address).not.toBe('');
      expect(l.contactName).not.toBe('');
      expect(l.contactEmail).toMatch(/@/);
      expect(l.contactPhone).not.toBe('');
      expect(l.token.length).toBeGreaterThanOrEqual(32);
    }
    expect(new Set(rows.map((l) => l.token)).size).toBe(rows.length);
    expect(rows.find((l) => l.title === 'Birojs Centrs')?.subsidyCents).toBe(350);
    expect(rows.find((l) => l.title === 'Birojs Centrs')?.meetingLimitCents).toBe(6000);
    expect(rows.find((l) => l.title === 'Tehnoparks')?.fullSubsidy).toBe(true);
    expect(rows.some((l) => l.unconfirmed)).toBe(true);
    const plavnieki = rows.find((l) => l.title === 'Noliktava Pļavnieki')!;
    expect(plavnieki.subsidyCents).toBe(0);
    const shiftRows = await db.select().from(shifts).where(eq(shifts.locationId, plavnieki.id)).orderBy(shifts.position);
    expect(shiftRows.map((s) => s.title)).toEqual(['1. maiņa 11:30', '2. maiņa 13:00']);
  });

  it('has the 14 EU allergens with titles in lv, en and ru', async () => {
    const rows = await db.select().from(allergens);
    expect(rows.map((a) => a.code).sort()).toEqual(
      [
        'gluten',
        'crustaceans',
        'eggs',
        'fish',
        'peanuts',
        'soybeans',
        'milk',
        'nuts',
        'celery',
        'mustard',
        'sesame',
        'sulphites',
        'lupin',
        'molluscs',
      ].sort(),
    );
    for (const a of rows) expect(hasAllLangs(a.title)).toBe(true);
  });

  it('has six categories with titles in three languages', async () => {
    const rows = await db.select().from(categories);
    expect(rows).toHaveLength(6);
    for (const c of rows) expect(hasAllLangs(c.title)).toBe(true);
    expect(new Set(rows.map((c) => c.position)).size).toBe(6);
  });

  it('has 20+ simple dishes with three-language titles, codes and realistic prices', async () => {
    const rows = await db
      .select({ dish: dishes, category: categories.title })
      .from(dishes)
      .innerJoin(categories, eq(categories.id, dishes.categoryId))
      .where(eq(dishes.type, 'simple'));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const ranges: Record<string, [number, number]> = {
      Soups: [250, 350],
      'Main courses': [450, 750],
      Salads: [300, 500],
      Desserts: [180, 320],
      Drinks: [100, 250],
    };
    for (const { dish, category } of rows) {
      expect(hasAllLangs(dish.title), dish.code).toBe(true);
      expect(dish.code).toMatch(/^[A-Z]\d{2}$/);
      const [min, max] = ranges[category.en!]!;
      expect(dish.priceCents, dish.code).toBeGreaterThanOrEqual(min);
      expect(dish.priceCents, dish.code).toBeLessThanOrEqual(max);
    }
    expect(new Set(rows.map((r) => r.dish.code)).size).toBe(rows.length);
    // Most dishes are complete; a few are not, so the management list has warnings to show.
    const withSummary = rows.filter((r) => hasAllLangs(r.dish.summary));
    expect(withSummary.length).toBeGreaterThanOrEqual(20);
    expect(withSummary.length).toBeLessThan(rows.length);
    const linked = await db.selectDistinct({ id: dishAllergens.dishId }).from(dishAllergens);
    expect(linked.length).toBeGreaterThanOrEqual(15);
    expect(linked.length).toBeLessThan(rows.length);
  });

  it('has two complex dishes priced by their options (no base price)', async () => {
    const complexes = await db.select().from(dishes).where(eq(dishes.type, 'complex'));
    expect(complexes).toHaveLength(2);
    const setCategory = complexes[0]!.categoryId;
    expect(complexes.every((c) => c.categoryId === setCategory)).toBe(true);
    let optionalGroups = 0;
    let singleOptionMandatory = 0;
    for (const complex of complexes) {
      expect(hasAllLangs(complex.title)).toBe(true);
      const groups = await db.select().from(complexGroups).where(eq(complexGroups.dishId, complex.id));
      expect(groups.filter((g) => !g.optional).length).toBeGreaterThanOrEqual(1);
      optionalGroups += groups.filter((g) => g.optional).length;
      let cheapest = 0;
      for (const g of groups) {
        expect(hasAllLangs(g.title)).toBe(true);
        const options = await db
          .select({ override: complexOptions.priceCents, price: dishes.priceCents, type: dishes.type, categoryId: dishes.categoryId })
          .from(complexOptions)
          .innerJoin(dishes, eq(dishes.id, complexOptions.dishId))
          .where(eq(complexOptions.groupId, g.id));
        expect(options.length).toBeGreaterThanOrEqual(1);
        for (const o of options) {
          expect(o.type).toBe('simple');
          expect(o.categoryId).toBe(g.categoryId);
        }
        if (!g.optional && options.length === 1) singleOptionMandatory++;
        if (!g.optional) cheapest += Math.min(...options.map((o) => o.override ?? o.price));
      }
      expect(complex.priceCents).toBe(0);
      expect(cheapest).toBeGreaterThan(0);
    }
    expect(optionalGroups).toBeGreaterThanOrEqual(1);
    expect(singleOptionMandatory).toBeGreaterThanOrEqual(1);
    const overrides = await db
      .select()
      .from(complexOptions)
      .where(sql`${complexOptions.priceCents} is not null`);
    expect(overrides.length).toBeGreaterThanOrEqual(1);
  });

  it("opens today's menu at now (Riga day) and has tomorrow's menu", async () => {
    // The ordering menus (the rated one two days back is demo-ratings.ts's, named otherwise).
    const rows = await db.select().from(menus).where(ORDERING_MENUS).orderBy(menus.from);
    expect(rows).toHaveLength(2);
    const [today, tomorrow] = rows as [typeof menus.$inferSelect, typeof menus.$inferSelect];
    expect(today.status).toBe(true);
    expect(today.from.getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(today.to.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
    const from = DateTime.fromJSDate(today.from).setZone(ZONE);
    const to = DateTime.fromJSDate(today.to).setZone(ZONE);
    expect(from.toFormat('yyyy-LL-dd HH:mm')).toBe('2025-03-12 06:00');
    expect(to.toFormat('yyyy-LL-dd HH:mm')).toBe('2025-03-12 23:59');
    expect(tomorrow.status).toBe(true);
    expect(DateTime.fromJSDate(tomorrow.from).setZone(ZONE).toFormat('yyyy-LL-dd HH:mm')).toBe('2025-03-13 06:00');
  });

  it('puts complexes, all their options and a few extras on each menu, with balances', async () => {
    const complexIds = (await db.select({ id: dishes.id }).from(dishes).where(eq(dishes.type, 'complex'))).map((d) => d.id);
    const optionIds = (await db.selectDistinct({ id: complexOptions.dishId }).from(complexOptions)).map((d) => d.id);
    for (const menu of await db.select().from(menus).where(ORDERING_MENUS)) {
      const selected = await db
        .select({
          dishId: menuDishes.dishId,
          categoryId: menuDishes.categoryId,
          dishCategory: dishes.categoryId,
          price: menuDishes.priceCents,
        })
        .from(menuDishes)
        .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
        .where(eq(menuDishes.menuId, menu.id));
      expect(selected.length).toBeGreaterThanOrEqual(14);
      expect(selected.length).toBeLessThanOrEqual(20);
      const ids = new Set(selected.map((s) => s.dishId));
      for (const id of [...complexIds, ...optionIds]) expect(ids.has(id)).toBe(true);
      for (const s of selected) expect(s.categoryId).toBe(s.dishCategory);
      expect(selected.some((s) => s.price !== null)).toBe(true);
      // Every balance belongs to a dish on that menu.
      const stock = await db.select().from(balances).where(eq(balances.menuId, menu.id));
      for (const b of stock) expect(ids.has(b.dishId)).toBe(true);
    }
    const [today] = await db.select().from(menus).where(ORDERING_MENUS).orderBy(menus.from).limit(1);
    const stock = await db.select().from(balances).where(eq(balances.menuId, today!.id));
    expect(stock.some((b) => b.qty !== null && b.qty > 0 && b.qty < 5)).toBe(true);
    expect(stock.some((b) => b.qty === 0)).toBe(true);
  });

  it('has an active lap with two locations in order', async () => {
    const [lap] = await db.select().from(laps);
    expect(lap).toMatchObject({ title: 'Centrs — rīta maršruts', active: true });
    const stops = await db.select().from(lapLocations).where(eq(lapLocations.lapId, lap!.id)).orderBy(lapLocations.position);
    expect(stops).toHaveLength(2);
  });

  it('creates the demo accounts, all signing in with the demo password', async () => {
    expect(DEMO_ACCOUNTS).toHaveLength(5);
    for (const account of DEMO_ACCOUNTS) {
      const [u] = await db.select().from(users).where(eq(users.email, account.email));
      expect(u, account.email).toBeDefined();
      expect(u!.role).toBe(account.role);
      expect(u!.active).toBe(true);
      expect(await verifyPassword(u!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const [manager] = await db
      .select({ firstName: users.firstName, subsidy: locations.subsidyCents })
      .from(users)
      .innerJoin(locations, eq(locations.id, users.locationId))
      .where(and(eq(users.email, 'manager@demo.lv'), eq(users.isLocationManager, true)));
    expect(manager).toEqual({ firstName: 'Marta', subsidy: 350 });
    const [janis] = await db.select().from(users).where(eq(users.email, 'janis@demo.lv'));
    expect(janis!.firstName).toBe('Jānis');
    expect(await db.$count(shifts, eq(shifts.locationId, janis!.locationId!))).toBe(2);
    expect(await db.$count(users)).toBeGreaterThanOrEqual(8);
  });

  it('has privacy, terms and header info in three languages, with safe tags only', async () => {
    const rows = await db.select().from(contentBlocks);
    expect(rows).toHaveLength(9);
    for (const key of ['privacy', 'terms-and-conditions', 'header-info']) {
      expect(
        rows
          .filter((r) => r.key === key)
          .map((r) => r.lang)
          .sort(),
      ).toEqual(['en', 'lv', 'ru']);
    }
    for (const r of rows) {
      const tags = [...r.body.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase());
      expect(tags.length).toBeGreaterThan(0);
      for (const t of tags) expect(['p', 'h2', 'ul', 'li', 'strong', 'a']).toContain(t);
    }
  });

  it('header info names no order deadline of its own, only the shown menu’s ({deadline}), in every language', async () => {
    const rows = await db.select().from(contentBlocks).where(eq(contentBlocks.key, 'header-info'));
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.body, r.lang).toContain('<strong>{deadline}</strong>');
      // A time of day written into the text would contradict a menu that closes at another time.
      expect(r.body.replace(/Delivery 12:00–13:00|Piegāde 12:00–13:00|Доставка с 12:00 до 13:00/, ''), r.lang).not.toMatch(/\d\d:\d\d/);
    }
  });

  it('is not seeded twice', async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    const before = await db.$count(dishes);
    await seedDemo(db, NOW);
    expect(await db.$count(dishes)).toBe(before);
    expect(await db.$count(providers)).toBe(2);
  });
});

describe('demo menus for the journeys', () => {
  it('keeps today’s menu open at least minOpenMinutes from the seed, and leaves the others at 23:59', async () => {
    const late = DateTime.fromISO('2025-03-12T23:55:00', { zone: ZONE });
    const other = await createTestDb();
    try {
      await seedDemo(other.db, late.toJSDate(), { minOpenMinutes: 120 });
      const rows = await other.db.select({ title: menus.title, to: menus.to }).from(menus).orderBy(menus.from);
      const byTitle = new Map(rows.map((r) => [r.title, DateTime.fromJSDate(r.to).setZone(ZONE).toISO()]));
      expect(byTitle.get('Pusdienas 12.03.2025')).toBe(late.plus({ minutes: 120 }).toISO());
      expect(byTitle.get('Pusdienas 13.03.2025')).toBe(DateTime.fromISO('2025-03-13T23:59:00', { zone: ZONE }).toISO());
    } finally {
      await other.drop();
    }
    // Without it (the default), today's menu closes at 23:59 as the header text says.
    const [today] = await db.select({ to: menus.to }).from(menus).where(eq(menus.title, 'Pusdienas 12.03.2025'));
    expect(DateTime.fromJSDate(today!.to).setZone(ZONE).toFormat('HH:mm')).toBe('23:59');
  });
});

describe('demo ratings', () => {
  it('rates a few delivered orders of a closed menu two days back, some with comments to answer', async () => {
    const rows = await db.execute<{ title: string; stars: number; comment: string; status: string; to: Date }>(sql`
      select m.title, r.stars, r.comment, s.status, m."to"
      from dish_ratings r join menus m on m.id = r.menu_id join orders o on o.id = r.order_id
        join lap_stop_statuses s on s.menu_id = m.id and s.location_id = o.location_id`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.rows.filter((r) => r.comment !== '').length).toBeGreaterThanOrEqual(3);
    for (const r of rows.rows) {
      expect(r.title).toBe('Iepriekšējās pusdienas 10.03.2025');
      expect(r.status).toBe('delivered');
      expect(new Date(r.to).getTime()).toBeLessThan(NOW.getTime());
    }
  });
});

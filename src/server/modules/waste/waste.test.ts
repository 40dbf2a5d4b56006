import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dishes, leftovers, locations, menuDishes } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import type { Client } from '../../test/client.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, makeCategory, makeDish, menuWorld } from '../ordering/ordering.factories.js';
import { roundHalfUp } from './waste.summary.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // A fixed day in Riga: the menus' month is 2026-11.
  ctx.clock.set(new Date('2026-11-10T09:00:00Z'));
});
afterAll(() => ctx.close());

async function place(who: Client, menuId: number, items: object[]) {
  const res = await who.post('/app/order/create', { terms: true, dishlist_id: menuId, items, payment_type: 'cash' });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A menu whose deadline is in two hours: location A ordered 2 soups and 1 main (3 orders),
 * location B 1 soup (1 order). Soup weighs 350 g, main 333 g, dessert has no weight.
 */
async function world() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const a = await customerAt(ctx.db, now, { title: 'Ķīpsala' });
  const b = await customerAt(ctx.db, now, { title: 'Āgenskalns' });
  // Three orders at A, one at B: A's share of the menu is 3/4.
  for (const id of [w.soup.id, w.soup.id, w.main.id]) await place(ctx.as(a), w.menu.id, [{ id, qty: 1 }]);
  await place(ctx.as(b), w.menu.id, [{ id: w.soup.id, qty: 1 }]);
  const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  const q = `?provider_id=${w.provider.id}`;
  for (const [dish, grams] of [
    [w.soup, 350],
    [w.main, 333],
  ] as const) {
    const res = await kitchen.put(`/app/dishes/${dish.id}${q}`, { portion_grams: grams });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().portion_grams).toBe(grams);
  }
  const manager = (locationId: number) =>
    signedIn(ctx.db, { role: 'customer', locationId, isLocationManager: true, firstName: 'Marta' }, now).then((u) => ctx.as(u));
  return { w, a, b, kitchen, q, manager, url: `/app/kitchen/${w.menu.id}/leftovers${q}` };
}
type World = Awaited<ReturnType<typeof world>>;

const pastDeadline = () => ctx.clock.advance(3 * 3600_000);
const auditsOf = (requestId: string) => ctx.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));

describe('recording leftovers', () => {
  let x: World;
  beforeAll(async () => {
    ctx.clock.set(new Date('2026-11-10T09:00:00Z'));
    x = await world();
  });

  it('is refused before the deadline (409), and lists the menu with what was ordered', async () => {
    const early = await x.kitchen.put(x.url, { dishes: [{ dish_id: x.w.soup.id, portions: 3 }] });
    expect(early.statusCode).toBe(409);
    expect((await x.kitchen.post(`/app/kitchen/${x.w.menu.id}/leftovers/${x.w.soup.id}/step${x.q}`, { by: 1 })).statusCode).toBe(409);
    const list = (await x.kitchen.get(x.url)).json();
    expect(list.open).toBe(false);
    const byId = new Map(list.dishes.map((d: { dish_id: number }) => [d.dish_id, d]));
    expect(byId.get(x.w.soup.id)).toMatchObject({ ordered: 3, portions: null, portion_grams: 350 });
    expect(byId.get(x.w.main.id)).toMatchObject({ ordered: 1, portions: null, portion_grams: 333 });
    // The set meal's options are there, the set meal itself is not (it is cooked as its dishes).
    expect(byId.get(x.w.dessert.id)).toMatchObject({ ordered: 0, portions: null, portion_grams: null });
    expect(byId.has(x.w.set.complex.id)).toBe(false);
    pastDeadline();
  });

  it('is for staff of the menu’s provider only', async () => {
    const body = { dishes: [{ dish_id: x.w.soup.id, portions: 1 }] };
    expect((await ctx.as(x.a).put(x.url, body)).statusCode).toBe(403);
    expect((await ctx.anon.put(x.url, body)).statusCode).toBe(401);
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const foreign = await x.kitchen.put(`/app/kitchen/${x.w.menu.id}/leftovers?provider_id=${other.provider.id}`, body);
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.db.select().from(leftovers).where(eq(leftovers.menuId, x.w.menu.id))).toEqual([]);
  });

  it('refuses portions out of bounds, dishes not on the menu and a dish twice (422)', async () => {
    const stranger = await makeDish(ctx.db, { providerId: x.w.provider.id, categoryId: (await makeCategory(ctx.db, x.w.provider.id)).id });
    for (const dishes of [
      [{ dish_id: x.w.soup.id, portions: -1 }],
      [{ dish_id: x.w.soup.id, portions: 5001 }],
      [{ dish_id: x.w.soup.id, portions: 1.5 }],
      [
        { dish_id: x.w.soup.id, portions: 1 },
        { dish_id: x.w.soup.id, portions: 2 },
      ],
    ])
      expect((await x.kitchen.put(x.url, { dishes })).statusCode).toBe(422);
    const res = await x.kitchen.put(`${x.url}&lang=en`, {
      dishes: [
        { dish_id: x.w.soup.id, portions: 1 },
        { dish_id: stranger.id, portions: 1 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'dishes.1.dish_id': ['This dish is not on the menu.'] });
    // Nothing of the refused request was kept.
    expect(await ctx.db.select().from(leftovers).where(eq(leftovers.menuId, x.w.menu.id))).toEqual([]);
  });

  it('sets several dishes at once, audits each change, and is idempotent', async () => {
    const body = {
      dishes: [
        { dish_id: x.w.soup.id, portions: 3 },
        { dish_id: x.w.main.id, portions: 2 },
      ],
    };
    const first = await x.kitchen.put(x.url, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().changed).toBe(true);
    const entries = await auditsOf(String(first.headers['x-request-id']));
    expect(entries.map((e) => [e.action, e.entityType, e.entityId, e.before, e.after]).sort()).toEqual(
      [
        ['leftovers.record', 'leftover', `${x.w.menu.id}:${x.w.main.id}`, { portions: null }, { portions: 2 }],
        ['leftovers.record', 'leftover', `${x.w.menu.id}:${x.w.soup.id}`, { portions: null }, { portions: 3 }],
      ].sort(),
    );
    expect(entries.every((e) => e.actorId === x.kitchen.user!.id && e.providerId === x.w.provider.id)).toBe(true);
    // The same request again changes nothing and writes no entry.
    const again = await x.kitchen.put(x.url, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().changed).toBe(false);
    expect(await auditsOf(String(again.headers['x-request-id']))).toEqual([]);
    // One dish by its own address: a correction.
    const one = await x.kitchen.put(`/app/kitchen/${x.w.menu.id}/leftovers/${x.w.dessert.id}${x.q}`, { portions: 1 });
    expect(one.statusCode).toBe(200);
    const byId = new Map(one.json().dishes.map((d: { dish_id: number; portions: number | null }) => [d.dish_id, d.portions]));
    expect([byId.get(x.w.soup.id), byId.get(x.w.main.id), byId.get(x.w.dessert.id)]).toEqual([3, 2, 1]);
  });

  it('takes a dish ordered on the menu and taken off it since', async () => {
    await ctx.db.delete(menuDishes).where(and(eq(menuDishes.menuId, x.w.menu.id), eq(menuDishes.dishId, x.w.main.id)));
    const res = await x.kitchen.put(`/app/kitchen/${x.w.menu.id}/leftovers/${x.w.main.id}${x.q}`, { portions: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await x.kitchen.get(x.url)).json();
    expect(list.dishes.find((d: { dish_id: number }) => d.dish_id === x.w.main.id)).toMatchObject({ ordered: 1, portions: 4 });
  });

  it('counts every tap of several screens at once (+1 / −1, never below 0)', async () => {
    const fresh = await world();
    pastDeadline();
    const step = (by: number) => fresh.kitchen.post(`/app/kitchen/${fresh.w.menu.id}/leftovers/${fresh.w.main.id}/step${fresh.q}`, { by });
    const taps = await Promise.all(Array.from({ length: 12 }, () => step(1)));
    expect(taps.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const [row] = await ctx.db
      .select()
      .from(leftovers)
      .where(and(eq(leftovers.menuId, fresh.w.menu.id), eq(leftovers.dishId, fresh.w.main.id)));
    expect(row!.portions).toBe(12);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `${fresh.w.menu.id}:${fresh.w.main.id}`));
    expect(entries).toHaveLength(12);
    expect((await step(2)).statusCode).toBe(422);
    await fresh.kitchen.put(fresh.url, { dishes: [{ dish_id: fresh.w.main.id, portions: 1 }] });
    expect((await step(-1)).json().dishes.find((d: { dish_id: number }) => d.dish_id === fresh.w.main.id).portions).toBe(0);
    const floor = await step(-1);
    expect(floor.json().dishes.find((d: { dish_id: number }) => d.dish_id === fresh.w.main.id).portions).toBe(0);
    expect(await auditsOf(String(floor.headers['x-request-id']))).toEqual([]);
  });
});

describe('the same leftovers sent from several screens at once', () => {
  it('records the first and audits it once; the equal ones are no change, each entry’s before is what was there', async () => {
    const fresh = await world();
    pastDeadline();
    const put = (portions: number) =>
      fresh.kitchen.put(`/app/kitchen/${fresh.w.menu.id}/leftovers/${fresh.w.soup.id}${fresh.q}`, { portions });
    const same = await Promise.all(Array.from({ length: 8 }, () => put(4)));
    expect(same.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const entity = `${fresh.w.menu.id}:${fresh.w.soup.id}`;
    const entries = () => ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entity)).orderBy(auditLog.id);
    expect((await entries()).map((e) => [e.before, e.after])).toEqual([[{ portions: null }, { portions: 4 }]]);
    // Different numbers at once: applied one after the other, each entry starting where the last ended.
    await Promise.all([put(5), put(6), put(7)]);
    const chain = (await entries()).map((e) => [
      (e.before as { portions: number | null }).portions,
      (e.after as { portions: number }).portions,
    ]);
    expect(chain).toHaveLength(4);
    for (let i = 1; i < chain.length; i++) expect(chain[i]![0]).toBe(chain[i - 1]![1]);
  });
});

describe('the monthly waste summary', () => {
  let x: World;
  beforeAll(async () => {
    ctx.clock.set(new Date('2026-11-10T09:00:00Z'));
    x = await world();
    pastDeadline();
    const res = await x.kitchen.put(x.url, {
      dishes: [
        { dish_id: x.w.soup.id, portions: 3 },
        { dish_id: x.w.main.id, portions: 2 },
        { dish_id: x.w.dessert.id, portions: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const admin = await ctx.as('admin');
    const factor = await admin.put(`/app/providers/${x.w.provider.id}`, {
      waste_co2e_grams_per_kg: 2500,
      waste_co2e_source: 'Zaļā ūdens ziņojums',
    });
    expect(factor.statusCode, factor.body).toBe(200);
  });
  const summaryUrl = (extra = '') => `/app/waste/summary?provider_id=${x.w.provider.id}&month=2026-11${extra}`;

  it('weighs the whole provider: kg to 0.01 half up, the total from unrounded grams, CO₂e to 0.1 kg', async () => {
    const s = (await x.kitchen.get(`${summaryUrl()}&lang=en`)).json();
    // Soup 3 × 350 g = 1.05 kg; main 2 × 333 g = 0.666 → 0.67 kg; dessert has no weight.
    expect(s.dishes).toEqual([
      { dish_id: x.w.soup.id, title: 'Sorrel soup', portions: 3, portion_grams: 350, kg: 1.05 },
      { dish_id: x.w.main.id, title: 'Pork chop', portions: 2, portion_grams: 333, kg: 0.67 },
      { dish_id: x.w.dessert.id, title: 'Bread soup', portions: 1, portion_grams: null, kg: null },
    ]);
    // 1716 g → 1.72 kg; × 2500 g/kg = 4.29 kg CO₂e → 4.3.
    expect(s).toMatchObject({ menus: 1, unweighed_portions: 1, total_kg: 1.72, co2e_kg: 4.3, co2e_grams_per_kg: 2500 });
    expect(s.co2e_source).toBe('Zaļā ūdens ziņojums');
    expect(s.location).toBeNull();
    // Another month holds nothing.
    const empty = (await x.kitchen.get(`/app/waste/summary?provider_id=${x.w.provider.id}&month=2026-10`)).json();
    expect(empty).toMatchObject({ menus: 0, dishes: [], total_kg: 0, co2e_kg: 0 });
  });

  it('gives a location its share of each menu by the orders placed there', async () => {
    const s = (await x.kitchen.get(summaryUrl(`&location_id=${x.a.location.id}`))).json();
    // A placed 3 of the menu's 4 orders: soup 2.25 × 350 = 787.5 g, main 1.5 × 333 = 499.5 g.
    expect(s.dishes.map((d: { portions: number; kg: number | null }) => [d.portions, d.kg])).toEqual([
      [2.25, 0.79],
      [1.5, 0.5],
      [0.75, null],
    ]);
    // 1287 g → 1.29 kg; 3.2175 kg CO₂e → 3.2.
    expect(s).toMatchObject({
      location: { id: x.a.location.id, title: 'Ķīpsala' },
      total_kg: 1.29,
      co2e_kg: 3.2,
      unweighed_portions: 0.75,
    });
  });

  it('shows a location manager their location only, and refuses other locations and plain customers', async () => {
    const marta = await x.manager(x.a.location.id);
    const own = await marta.get(summaryUrl());
    expect(own.statusCode).toBe(200);
    expect(own.json().location.id).toBe(x.a.location.id);
    expect((await marta.get(summaryUrl(`&location_id=${x.b.location.id}`))).statusCode).toBe(403);
    expect(
      (await marta.get(`/app/waste/summary/pdf?provider_id=${x.w.provider.id}&month=2026-11&location_id=${x.b.location.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await marta.get(`/app/waste/summary/csv?provider_id=${x.w.provider.id}&month=2026-11&location_id=${x.b.location.id}`)).statusCode,
    ).toBe(403);
    expect((await ctx.as(x.a).get(summaryUrl())).statusCode).toBe(403);
    expect((await x.kitchen.get(summaryUrl('&location_id=2147483647'))).statusCode).toBe(404);
    expect((await x.kitchen.get(`/app/waste/summary?provider_id=${x.w.provider.id}&month=2026-13`)).statusCode).toBe(422);
  });

  it('prints a PDF naming the factor and its source, in Latvian letters', async () => {
    const res = await x.kitchen.get(`/app/waste/summary/pdf?provider_id=${x.w.provider.id}&month=2026-11&lang=lv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const part of [
      'Mēneša pārtikas atkritumu pārskats: 2026-11',
      'Visas vietas',
      'Skābeņu zupa',
      'Cūkgaļas karbonāde',
      '0,67',
      'svars nav norādīts',
      'Kopā',
      '1,72',
      'Aptuvenais CO₂e: 4,3 kg',
      'Zaļā ūdens ziņojums',
    ])
      expect(text).toContain(part);
  });

  it('writes a CSV with decimal commas, the total and the factor', async () => {
    const res = await x.kitchen.get(`/app/waste/summary/csv?provider_id=${x.w.provider.id}&month=2026-11&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="waste-2026-11.csv"');
    const lines = res.body.replace('\uFEFF', '').split('\r\n');
    expect(lines).toContain('Sorrel soup;3;350;1,05');
    expect(lines).toContain('Pork chop;2;333;0,67');
    expect(lines).toContain('Bread soup;1;;weight not set');
    expect(lines).toContain('Total;6;;1,72');
    expect(lines).toContain('CO₂e, kg;4,3');
    expect(lines.some((l) => l.includes('2500 g CO₂e per kg') && l.includes('Zaļā ūdens ziņojums'))).toBe(true);
  });
});

describe('the waste summary CSV and names a spreadsheet would run', () => {
  it('defuses a dish, a location and a factor source starting a formula', async () => {
    const x = await world();
    pastDeadline();
    await x.kitchen.put(x.url, { dishes: [{ dish_id: x.w.soup.id, portions: 1 }] });
    await ctx.db
      .update(dishes)
      .set({ title: { lv: '=HYPERLINK("http://evil.example","zupa")' } })
      .where(eq(dishes.id, x.w.soup.id));
    await ctx.db.update(locations).set({ title: '-2+3' }).where(eq(locations.id, x.a.location.id));
    await (await ctx.as('admin')).put(`/app/providers/${x.w.provider.id}`, { waste_co2e_source: '+cmd|calc' });
    const csv = async (extra: string) =>
      (await x.kitchen.get(`/app/waste/summary/csv?provider_id=${x.w.provider.id}&month=2026-11${extra}`)).body;
    const cells = (body: string) =>
      body
        .replace('\uFEFF', '')
        .split('\r\n')
        .flatMap((l) => l.split(';'));
    const all = [...cells(await csv('')), ...cells(await csv(`&location_id=${x.a.location.id}`))];
    expect(all).toContain(`"'=HYPERLINK(""http://evil.example"",""zupa"")"`);
    expect(all).toContain("'-2+3");
    expect(all.filter((c) => /^"?[=+\-@]/.test(c))).toEqual([]);
  });
});

describe('a dish whose leftovers are recorded', () => {
  it('cannot be deleted (the past waste summaries would lose its portions), even once off every menu', async () => {
    const x = await world();
    const extra = await makeDish(ctx.db, { providerId: x.w.provider.id, categoryId: (await makeCategory(ctx.db, x.w.provider.id)).id });
    // Recorded on the menu, then taken off it (a menu's dishes may be edited after its deadline).
    await ctx.db.insert(leftovers).values({ menuId: x.w.menu.id, dishId: extra.id, portions: 2 });
    const res = await x.kitchen.delete(`/app/dishes/${extra.id}${x.q}&lang=en`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Its leftovers are counted in the monthly waste summary.');
    expect(await ctx.db.select().from(leftovers).where(eq(leftovers.dishId, extra.id))).toHaveLength(1);
  });
});

describe('the portion weight and the CO₂e factor', () => {
  it('takes a dish’s portion weight of 1 to 5000 g or none, audited', async () => {
    const x = await world();
    const url = `/app/dishes/${x.w.dessert.id}${x.q}`;
    for (const portion_grams of [0, 5001, 12.5, '200']) expect((await x.kitchen.put(url, { portion_grams })).statusCode).toBe(422);
    const set = await x.kitchen.put(url, { portion_grams: 180 });
    expect(set.json().portion_grams).toBe(180);
    const [entry] = await auditsOf(String(set.headers['x-request-id']));
    expect(entry).toMatchObject({ action: 'dish.update', before: { portion_grams: null }, after: { portion_grams: 180 } });
    expect((await x.kitchen.put(url, { portion_grams: null })).json().portion_grams).toBeNull();
  });

  it('lets an administrator set the provider’s factor and source, checked and audited', async () => {
    const x = await world();
    const admin = await ctx.as('admin');
    const url = `/app/providers/${x.w.provider.id}`;
    expect(
      (await admin.get(`/app/providers?provider_id=${x.w.provider.id}`)).json().data.find((p: { id: number }) => p.id === x.w.provider.id),
    ).toMatchObject({ waste_co2e_grams_per_kg: 2500, waste_co2e_source: 'FAO (2013), Food wastage footprint: 2.5 kg CO2e per kg' });
    for (const body of [
      { waste_co2e_grams_per_kg: -1 },
      { waste_co2e_grams_per_kg: 100_001 },
      { waste_co2e_source: '  ' },
      { waste_co2e_source: 'x'.repeat(201) },
    ])
      expect((await admin.put(url, body)).statusCode).toBe(422);
    expect((await x.kitchen.put(url, { waste_co2e_grams_per_kg: 1900 })).statusCode).toBe(403);
    const set = await admin.put(url, { waste_co2e_grams_per_kg: 1900, waste_co2e_source: 'WRAP (2020)' });
    expect(set.json()).toMatchObject({ waste_co2e_grams_per_kg: 1900, waste_co2e_source: 'WRAP (2020)' });
    const [entry] = await auditsOf(String(set.headers['x-request-id']));
    expect(entry).toMatchObject({ action: 'provider.update', after: { waste_co2e_grams_per_kg: 1900, waste_co2e_source: 'WRAP (2020)' } });
  });
});

describe('roundHalfUp', () => {
  it('rounds halves up at the stated places', () => {
    expect([roundHalfUp(0.665, 2), roundHalfUp(1.005, 2), roundHalfUp(3.2175, 1), roundHalfUp(4.25, 1), roundHalfUp(0.004, 2)]).toEqual([
      0.67, 1.01, 3.2, 4.3, 0,
    ]);
    // Halves above 2 as well (2135 g is 2.14 kg, not 2.13), and totals of many kilograms.
    expect([roundHalfUp(2.135, 2), roundHalfUp(2.175, 2), roundHalfUp(4.015, 2), roundHalfUp(1234.565, 2), roundHalfUp(16.45, 1)]).toEqual([
      2.14, 2.18, 4.02, 1234.57, 16.5,
    ]);
    for (let grams = 5; grams < 100_000; grams += 10) expect(roundHalfUp(grams / 1000, 2)).toBe((grams + 5) / 1000);
  });
});

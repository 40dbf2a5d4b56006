import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStop, moveStop, removeStop } from '../../../shared/schemas/laps.js';
import { cashBalances, orders } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { makeLocation, makeProvider, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { makeLap } from './laps.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

describe('lap rules (shared)', () => {
  it('adds, removes and moves by an offset, swapping with the neighbour and bounded', () => {
    expect(addStop([1, 2], 3)).toEqual([1, 2, 3]);
    expect(addStop([1, 2], 2)).toEqual([1, 2]);
    expect(removeStop([1, 2, 3], 2)).toEqual([1, 3]);
    expect(moveStop([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveStop([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveStop([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveStop([1, 2, 3], 2, 5)).toEqual([1, 2, 3]);
    expect(moveStop([1, 2, 3], 2, -9)).toEqual([3, 2, 1]);
  });
});

describe('laps', () => {
  it('creates, lists, edits and reorders laps of the active provider', async () => {
    const p = await makeProvider(ctx.db);
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const [a, b, c] = [
      await makeLocation(ctx.db, { title: 'Ā birojs' }),
      await makeLocation(ctx.db, { title: 'Ķīpsala' }),
      await makeLocation(ctx.db),
    ];
    const q = `?provider_id=${p.id}&lang=en`;

    const created = await staff.post(`/app/laps${q}`, { title: 'Rīta maršruts', locations: [a.id, b.id] });
    expect(created.statusCode).toBe(201);
    const lap = created.json();
    expect(lap).toMatchObject({ title: 'Rīta maršruts', active: true, position: 1, locations: [a.id, b.id], locations_count: 2 });
    expect(lap.stops.map((s: Json) => s.title)).toEqual(['Ā birojs', 'Ķīpsala']);
    const second = (await staff.post(`/app/laps${q}`, { title: 'Vakars', active: false })).json();
    expect(second).toMatchObject({ position: 2, active: false, locations: [] });

    const list = (await staff.get(`/app/laps${q}`)).json();
    expect(list.data.map((l: Json) => l.id)).toEqual([lap.id, second.id]);
    const unassigned = list.unassigned.map((l: Json) => l.id);
    expect(unassigned).toContain(c.id);
    expect(unassigned).not.toContain(a.id);
    expect(unassigned).not.toContain(b.id);

    const put = (body: object, id = lap.id) => staff.put(`/app/laps/${id}${q}`, body);
    expect((await put({ add: c.id })).json().locations).toEqual([a.id, b.id, c.id]);
    expect((await put({ move: { location_id: c.id, offset: -1 } })).json().locations).toEqual([a.id, c.id, b.id]);
    // Bounded: the first one cannot go further up; a big offset lands at the end.
    expect((await put({ move: { location_id: a.id, offset: -1 } })).json().locations).toEqual([a.id, c.id, b.id]);
    expect((await put({ move: { location_id: a.id, offset: 10 } })).json().locations).toEqual([b.id, c.id, a.id]);
    expect((await put({ remove: c.id })).json().locations).toEqual([b.id, a.id]);
    expect((await put({ title: 'Pusdienu maršruts', active: false, position: 5 })).json()).toMatchObject({
      title: 'Pusdienu maršruts',
      active: false,
      position: 5,
      locations: [b.id, a.id],
    });
    expect((await put({ locations: [a.id] })).json().locations).toEqual([a.id]);
    // Laps follow their position.
    expect((await staff.get(`/app/laps${q}`)).json().data.map((l: Json) => l.id)).toEqual([second.id, lap.id]);
  });

  it('keeps a location on one lap and refuses unknown ones per field', async () => {
    const p = await makeProvider(ctx.db);
    const other = await makeProvider(ctx.db);
    const staff = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const [a, b, c] = [await makeLocation(ctx.db), await makeLocation(ctx.db), await makeLocation(ctx.db)];
    const mine = await makeLap(ctx.db, p.id, [a.id], { title: 'Centrs' });
    await makeLap(ctx.db, other.id, [c.id]);
    const lap = await makeLap(ctx.db, p.id, [b.id]);
    const q = `?provider_id=${p.id}&lang=lv`;
    const put = (body: object) => staff.put(`/app/laps/${lap.id}${q}`, body);

    const taken = await put({ add: a.id });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.add).toEqual(['Šī vieta jau ir maršrutā “Centrs”.']);
    const foreign = await put({ add: c.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.add).toEqual(['Vieta nav atrasta']);
    const unknown = await put({ locations: [b.id, 2147483000] });
    expect(unknown.json().errors['locations.1']).toEqual(['Vieta nav atrasta']);
    const notOn = await put({ remove: a.id });
    expect(notOn.statusCode).toBe(422);
    expect(notOn.json().errors).toHaveProperty('remove');
    const created = await staff.post(`/app/laps${q}`, { title: 'Jauns', locations: [a.id] });
    expect(created.json().errors['locations.0']).toEqual(['Šī vieta jau ir maršrutā “Centrs”.']);
    const invalid = await staff.post(`/app/laps${q}`, { title: ' ', locations: [b.id, b.id] });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(expect.arrayContaining(['title', 'locations']));
    const twoSteps = await put({ add: a.id, remove: b.id });
    expect(twoSteps.statusCode).toBe(422);
    // Nothing changed.
    expect((await staff.get(`/app/laps${q}`)).json().data.find((l: Json) => l.id === mine.id).locations).toEqual([a.id]);
  });

  it('applies parallel steps one after the other: none is lost, a location lands on one lap only', async () => {
    const p = await makeProvider(ctx.db);
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const q = `?provider_id=${p.id}&lang=en`;
    const locs = [await makeLocation(ctx.db), await makeLocation(ctx.db), await makeLocation(ctx.db), await makeLocation(ctx.db)];
    const lap = await makeLap(ctx.db, p.id, []);
    const other = await makeLap(ctx.db, p.id, []);
    const put = (id: number, body: object) => staff.put(`/app/laps/${id}${q}`, body);

    // Two editors add different locations to the same lap at once: both stay.
    const adds = await Promise.all(locs.map((l) => put(lap.id, { add: l.id })));
    expect(adds.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const after = (await staff.get(`/app/laps${q}`)).json().data.find((l: Json) => l.id === lap.id);
    expect([...after.locations].sort((a: number, b: number) => a - b)).toEqual(locs.map((l) => l.id).sort((a, b) => a - b));

    // The same location added to two laps at once: one wins, the other is refused (never a 500).
    const free = await makeLocation(ctx.db);
    const race = await Promise.all([put(lap.id, { add: free.id }), put(other.id, { add: free.id })]);
    const codes = race.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    const list = (await staff.get(`/app/laps${q}`)).json();
    expect(list.data.filter((l: Json) => (l.locations as number[]).includes(free.id))).toHaveLength(1);
  });

  it('is staff only and scoped to the active provider', async () => {
    const p = await makeProvider(ctx.db);
    const other = await makeProvider(ctx.db);
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    const theirs = await makeLap(ctx.db, other.id, [], { title: 'Svešs' });
    const q = `?provider_id=${p.id}`;
    expect((await customer.get(`/app/laps${q}`)).statusCode).toBe(403);
    expect((await customer.post(`/app/laps${q}`, { title: 'X' })).statusCode).toBe(403);
    expect((await ctx.anon.get(`/app/laps${q}`)).statusCode).toBe(401);
    expect((await staff.put(`/app/laps/${theirs.id}${q}`, { title: 'Mans' })).statusCode).toBe(404);
    expect((await staff.get(`/app/laps${q}`)).json().data.map((l: Json) => l.id)).not.toContain(theirs.id);
    expect((await staff.put(`/app/laps/99999999999${q}`, { title: 'X' })).statusCode).toBe(422);
  });
});

/** A menu with orders at two lap locations, one off the lap, a pending one and a failed one. */
async function reportWorld() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const place = async (who: Client, body: object) => {
    const res = await who.post('/app/order/create', { terms: true, dishlist_id: w.menu.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };
  const first = ctx.as(await customerAt(ctx.db, now, { title: 'Ērgļu birojs', address: 'Ģertrūdes iela 1', subsidyCents: 100 }));
  const second = ctx.as(await customerAt(ctx.db, now, { title: 'Šķūņa noliktava' }));
  const off = ctx.as(await customerAt(ctx.db, now, { title: 'Cits' }));
  const [g1, g2] = w.set.groups;
  // First: 2 soups cash (6.00 less 1.00 subsidy = 5.00 to pay); a set meal × 2 (soup + main) paid by card.
  await place(first, { items: [{ id: w.soup.id, qty: 2 }], payment_type: 'cash' });
  const card = await place(first, {
    items: [
      {
        id: w.set.complex.id,
        qty: 2,
        complex: [
          { group_id: g1!.id, dish_id: w.soup.id },
          { group_id: g2!.id, dish_id: w.main.id },
        ],
      },
    ],
    payment_type: 'card',
  });
  await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, card));
  // Second: 1 main cash (5.50), and a failed order that does not count.
  await place(second, { items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash' });
  const failed = await place(second, { items: [{ id: w.dessert.id, qty: 9 }], payment_type: 'cash' });
  await ctx.db.update(orders).set({ status: 0 }).where(eq(orders.id, failed));
  // Off the lap: not counted.
  await place(off, { items: [{ id: w.dessert.id, qty: 3 }], payment_type: 'cash' });
  const empty = await makeLocation(ctx.db, { title: 'Tukšs' });
  const lap = await makeLap(ctx.db, w.provider.id, [second.location.id, first.location.id, empty.id], { title: 'Āgenskalna maršruts' });
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
  return { w, first, second, off, empty, lap, staff, q: `?provider_id=${w.provider.id}` };
}

describe('lap report', () => {
  it('sums what to load and the money per location in lap order, with cash balances', async () => {
    const x = await reportWorld();
    const url = `/app/laps/report/${x.lap.id}/${x.w.menu.id}${x.q}&lang=en`;
    const res = await x.staff.get(url);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r.lap).toMatchObject({ id: x.lap.id, title: 'Āgenskalna maršruts' });
    expect(r.dishlist.id).toBe(x.w.menu.id);
    // Soup: 2 plain + 2 in sets; main 1 plain + 2 in sets; the off-lap desserts are not loaded.
    expect(r.dishes).toEqual([
      {
        key: x.w.category.id,
        title: 'Zupas',
        data: [
          { id: x.w.soup.id, title: 'Sorrel soup', qty: 4 },
          { id: x.w.main.id, title: 'Pork chop', qty: 3 },
        ],
      },
    ]);
    expect(r.initials).toEqual([{ id: x.w.set.complex.id, title: 'Set', qty: 2 }]);
    expect(r.locations.map((l: Json) => l.title)).toEqual(['Šķūņa noliktava', 'Ērgļu birojs', 'Tukšs']);
    const [second, first, empty] = r.locations;
    expect(second).toMatchObject({
      totals: { cash: 5.5, card: 0, total: 5.5, count: 1 },
      cash_to_collect: 5.5,
      cash_balance: null,
      current_payment: 5.5,
    });
    expect(first).toMatchObject({ totals: { cash: 5, subsidy: 1, count: 2 }, cash_to_collect: 5, cash_balance: null, current_payment: 5 });
    expect(first.totals.card).toBeGreaterThan(0);
    expect(empty).toMatchObject({ totals: { count: 0, total: 0 }, cash_balance: null, current_payment: 0 });
    expect(r.totals).toMatchObject({ cash: 10.5, count: 3, cash_to_collect: 10.5, cash_balance: 0, current_payment: 10.5 });

    // Cash collected at the first location: recorded in cents, answered in euros, replaced on repeat.
    const cash = (body: object, menuId = x.w.menu.id) => x.staff.post(`/app/cashbalance/${menuId}${x.q}`, body);
    const saved = await cash({ location_id: x.first.location.id, amount: 4 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ amount: 4 });
    expect((await cash({ location_id: x.first.location.id, amount: 4.8 })).json()).toEqual({ amount: 4.8 });
    const rows = await ctx.db.select().from(cashBalances).where(eq(cashBalances.menuId, x.w.menu.id));
    expect(rows.map((b) => [b.locationId, b.amountCents, b.createdById])).toEqual([[x.first.location.id, 480, x.staff.user.id]]);
    const after = (await x.staff.get(url)).json();
    expect(after.locations[1]).toMatchObject({ cash_balance: 4.8, current_payment: 0.2 });
    expect(after.totals).toMatchObject({ cash_balance: 4.8, current_payment: 5.7 });

    const bad = await cash({ location_id: x.first.location.id, amount: 1.234 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('amount');
    expect((await cash({ location_id: x.first.location.id })).statusCode).toBe(422);
  });

  it('prints the report as a PDF with Latvian letters', async () => {
    const x = await reportWorld();
    await x.staff.post(`/app/cashbalance/${x.w.menu.id}${x.q}`, { location_id: x.second.location.id, amount: 5.5 });
    const res = await x.staff.get(`/app/laps/print-report/${x.lap.id}/${x.w.menu.id}${x.q}&lang=lv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Maršruta atskaite: Āgenskalna maršruts');
    expect(text).toContain('Skābeņu zupa');
    expect(text).toContain('Cūkgaļas karbonāde');
    expect(text).toContain('Ērgļu birojs');
    expect(text).toContain('Ģertrūdes iela 1');
    expect(text).toContain('Šķūņa noliktava');
    expect(text).toContain('Jāiekasē skaidrā naudā');
    expect(text).not.toContain('Cits');
    // Locations in lap order.
    expect(text.indexOf('Šķūņa noliktava')).toBeLessThan(text.indexOf('Ērgļu birojs'));
    const en = pdfText((await x.staff.get(`/app/laps/print-report/${x.lap.id}/${x.w.menu.id}${x.q}&lang=en`)).rawPayload);
    expect(en).toContain('Lap report: Āgenskalna maršruts');
    expect(en).toContain('Still to collect');
  });

  it('prints a long location name and address whole, wrapped in their cells', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const title = 'Rīgas Stradiņa universitātes Medicīnas izglītības tehnoloģiju centra ēdnīca un kafejnīca otrajā stāvā pie ieejas';
    const address = 'Dzirciema iela 16, Kurzemes rajons, Rīga, LV-1007, ieeja no pagalma caur vārtiem ar zvanu, kāpnes pa kreisi';
    const place = await makeLocation(ctx.db, { title, address });
    const lap = await makeLap(ctx.db, w.provider.id, [place.id], { title: 'Garais maršruts' });
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, ctx.clock.now()));
    const res = await staff.get(`/app/laps/print-report/${lap.id}/${w.menu.id}?provider_id=${w.provider.id}&lang=lv`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    // Wider than its column: wrapped, every word there in order. The stops, the delivery times and the
    // lap sheet name the location; the stops and the sheet give its address.
    expect(text.split(title)).toHaveLength(4);
    expect(text.split(address)).toHaveLength(3);
  });

  it('answers 404 for another provider’s lap, menu or location and 403 to customers', async () => {
    const x = await reportWorld();
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const theirLap = await makeLap(ctx.db, other.provider.id);
    const theirPlace = await makeLocation(ctx.db);
    await makeLap(ctx.db, other.provider.id, [theirPlace.id]);
    const get = (lapId: number, menuId: number, path = 'report') => x.staff.get(`/app/laps/${path}/${lapId}/${menuId}${x.q}`);
    expect((await get(theirLap.id, x.w.menu.id)).statusCode).toBe(404);
    expect((await get(x.lap.id, other.menu.id)).statusCode).toBe(404);
    expect((await get(x.lap.id, other.menu.id, 'print-report')).statusCode).toBe(404);
    const cash = (menuId: number, locationId: number) =>
      x.staff.post(`/app/cashbalance/${menuId}${x.q}`, { location_id: locationId, amount: 1 });
    expect((await cash(other.menu.id, x.first.location.id)).statusCode).toBe(404);
    expect((await cash(x.w.menu.id, theirPlace.id)).statusCode).toBe(404);
    expect((await cash(x.w.menu.id, 2147483000)).statusCode).toBe(404);
    expect((await x.first.get(`/app/laps/report/${x.lap.id}/${x.w.menu.id}${x.q}`)).statusCode).toBe(403);
    expect((await x.first.get(`/app/laps/print-report/${x.lap.id}/${x.w.menu.id}${x.q}`)).statusCode).toBe(403);
    expect((await x.first.post(`/app/cashbalance/${x.w.menu.id}${x.q}`, { location_id: x.first.location.id, amount: 1 })).statusCode).toBe(
      403,
    );
    expect((await ctx.anon.get(`/app/laps/report/${x.lap.id}/${x.w.menu.id}${x.q}`)).statusCode).toBe(401);
  });
});

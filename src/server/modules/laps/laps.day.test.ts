import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, laps, mailOutbox, menus, orderItems, orders } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { makeLocation, signedIn } from '../../test/factories.js';
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
/** A menu of today with orders at two locations on a lap and one location on no lap. */
async function dayWorld() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const place = async (who: Client, body: object) => {
    const res = await who.post('/app/order/create', { terms: true, dishlist_id: w.menu.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };
  const first = ctx.as(
    await customerAt(
      ctx.db,
      now,
      { title: 'Ērgļu birojs', contactName: 'Līga Ozola', contactPhone: '+371 20000001' },
      { notifyOnDelivery: true },
    ),
  );
  const second = ctx.as(await customerAt(ctx.db, now, { title: 'Šķūņa noliktava' }));
  const loose = ctx.as(await customerAt(ctx.db, now, { title: 'Bez maršruta' }));
  await place(first, { items: [{ id: w.soup.id, qty: 2 }], payment_type: 'cash' });
  await place(first, { items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash' });
  await place(second, { items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash' });
  await place(loose, { items: [{ id: w.dessert.id, qty: 1 }], payment_type: 'cash' });
  const lap = await makeLap(ctx.db, w.provider.id, [first.location.id, second.location.id], { title: 'Rīta maršruts' });
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  return { w, first, second, loose, lap, staff, q: `?provider_id=${w.provider.id}&lang=en` };
}

describe('lap sheet', () => {
  it('gives each stop its contact, phone, bags and what to hand over, on the report and its PDF', async () => {
    const x = await dayWorld();
    const r = (await x.staff.get(`/app/laps/report/${x.lap.id}/${x.w.menu.id}${x.q}`)).json();
    const [first, second] = r.locations;
    expect(first).toMatchObject({
      contact_name: 'Līga Ozola',
      contact_phone: '+371 20000001',
      bags: 2,
      hand_over: [
        { id: x.w.soup.id, title: 'Sorrel soup', qty: 2 },
        { id: x.w.main.id, title: 'Pork chop', qty: 1 },
      ],
      status: null,
    });
    expect(second).toMatchObject({ bags: 1, hand_over: [{ id: x.w.main.id, qty: 1 }], portions: 1, handed_over: 0 });
    expect(first).toMatchObject({ portions: 3, handed_over: 0 });
    const pdf = await x.staff.get(`/app/laps/print-report/${x.lap.id}/${x.w.menu.id}?provider_id=${x.w.provider.id}&lang=lv`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Maršruta lapa');
    expect(text).toContain('Līga Ozola');
    expect(text).toContain('+371 20000001');
    expect(text).toContain('Skābeņu zupa × 2');
  });
});

describe('portions handed over', () => {
  it('counts per stop the labels scanned, once each, so the rest are still to hand over', async () => {
    const x = await dayWorld();
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.menuId, x.w.menu.id), eq(orders.locationId, x.first.location.id)))
      .orderBy(asc(orders.id)); // the soup × 2
    const [item] = await ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order!.id));
    for (const unit of [1, 1, 2]) {
      const res = await x.staff.post(`/app/handover/${order!.id}/${item!.id}/${unit}${x.q}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const r = (await x.staff.get(`/app/laps/report/${x.lap.id}/${x.w.menu.id}${x.q}`)).json();
    expect(r.locations.map((l: Json) => [l.portions, l.handed_over])).toEqual([
      [3, 2],
      [1, 0],
    ]);
  });
});

describe('stop statuses', () => {
  it('marks a stop loaded, then delivered with time and who, and e-mails the customers who asked once', async () => {
    const x = await dayWorld();
    const put = (body: object, locationId = x.first.location.id, who: Client = x.staff) =>
      who.put(`/app/laps/stops/${x.w.menu.id}/${locationId}${x.q}`, body);
    const mails = () => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, x.first.user.email));

    const loaded = await put({ status: 'loaded' });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ status: 'loaded', changed_by: 'Kārlis', delivered_at: null });
    expect(await mails()).toHaveLength(0);

    const [one, two] = await Promise.all([put({ status: 'delivered' }), put({ status: 'delivered' })]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Pusdienas ir piegādātas');
    expect(sent[0]!.text).toContain('Ērgļu birojs');
    expect([one.json().notified, two.json().notified].filter((n) => n !== undefined)).toEqual([1]);
    const delivered = one.json();
    expect(delivered).toMatchObject({ status: 'delivered', delivered_by: 'Kārlis' });
    expect(delivered.delivered_at).toBe(ctx.clock.now().toISOString());

    // Marking again (or a problem and back) never e-mails twice, and keeps the first delivery time.
    const problem = await put({ status: 'problem', note: 'Reception closed' });
    expect(problem.json()).toMatchObject({ status: 'problem', note: 'Reception closed', delivered_at: delivered.delivered_at });
    await put({ status: 'delivered' });
    expect(await mails()).toHaveLength(1);

    // The second location's customer did not ask for the notice.
    const quiet = await put({ status: 'delivered' }, x.second.location.id);
    expect(quiet.json().notified).toBe(0);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, x.second.user.email))).toHaveLength(0);

    const report = (await x.staff.get(`/app/laps/report/${x.lap.id}/${x.w.menu.id}${x.q}`)).json();
    expect(report.locations.map((l: Json) => (l.status as Json | null)?.status)).toEqual(['delivered', 'delivered']);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lap.stop_status'), eq(auditLog.entityId, `${x.w.menu.id}:${x.first.location.id}`)));
    expect(audit.length).toBeGreaterThanOrEqual(5);
  });

  it('needs a note for a problem, staff, this provider’s menu and a location it may deliver to', async () => {
    const x = await dayWorld();
    const put = (body: object, menuId = x.w.menu.id, locationId = x.first.location.id, who: Client = x.staff) =>
      who.put(`/app/laps/stops/${menuId}/${locationId}${x.q}`, body);
    const noNote = await put({ status: 'problem' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors).toHaveProperty('note');
    expect((await put({ status: 'lost' })).statusCode).toBe(422);
    expect((await put({ status: 'delivered' }, x.w.menu.id, x.first.location.id, x.first)).statusCode).toBe(403);
    expect((await ctx.anon.put(`/app/laps/stops/${x.w.menu.id}/${x.first.location.id}${x.q}`, { status: 'loaded' })).statusCode).toBe(401);
    const other = await menuWorld(ctx.db, ctx.clock.now());
    expect((await put({ status: 'loaded' }, other.menu.id)).statusCode).toBe(404);
    const theirs = await makeLocation(ctx.db);
    await makeLap(ctx.db, other.provider.id, [theirs.id]);
    expect((await put({ status: 'loaded' }, x.w.menu.id, theirs.id)).statusCode).toBe(404);
  });
});

describe('deleting laps', () => {
  it('refuses while a stop carries the report of a menu whose day has not ended, then deletes', async () => {
    const x = await dayWorld();
    const del = (id: number, who: Client = x.staff) => who.delete(`/app/laps/${id}${x.q}`);
    const busy = await del(x.lap.id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain(x.w.menu.title);
    expect((await del(x.lap.id, x.first)).statusCode).toBe(403);

    // An empty lap goes at once; another provider's lap is not found.
    const empty = await makeLap(ctx.db, x.w.provider.id, [], { title: 'Tukšs' });
    expect((await del(empty.id)).statusCode).toBe(200);
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const theirs = await makeLap(ctx.db, other.provider.id);
    expect((await del(theirs.id)).statusCode).toBe(404);
    expect(await ctx.db.select().from(laps).where(eq(laps.id, theirs.id))).toHaveLength(1);

    // Once the menu's day is over (moved to last week), the lap can be deleted; the stops go back to "on no lap".
    const lastWeek = new Date(ctx.clock.now().getTime() - 7 * 86_400_000);
    await ctx.db.update(menus).set({ from: lastWeek, to: lastWeek }).where(eq(menus.id, x.w.menu.id));
    const done = await del(x.lap.id);
    expect(done.statusCode, done.body).toBe(200);
    const list = (await x.staff.get(`/app/laps${x.q}`)).json();
    expect(list.data.map((l: Json) => l.id)).not.toContain(x.lap.id);
    expect(list.unassigned.map((l: Json) => l.id)).toContain(x.first.location.id);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lap.delete'), eq(auditLog.entityId, String(x.lap.id))));
    expect(entry!.before).toMatchObject({ title: 'Rīta maršruts', locations: [x.first.location.id, x.second.location.id] });
  });
});

describe('locations on no active lap', () => {
  it('names, per current menu, the locations with orders that no active lap delivers to', async () => {
    const x = await dayWorld();
    const get = (query = '') => x.staff.get(`/app/laps/unrouted${x.q}${query}`);
    const ownRes = await get(`&menu_id=${x.w.menu.id}`);
    expect(ownRes.statusCode, ownRes.body).toBe(200);
    const own = ownRes.json();
    expect(own.data).toEqual([
      {
        menu: { id: x.w.menu.id, title: x.w.menu.title, from: expect.any(String) },
        locations: [{ id: x.loose.location.id, title: 'Bez maršruta', orders: 1 }],
      },
    ]);
    const all = (await get()).json();
    expect(all.data.find((d: { menu: Json }) => d.menu.id === x.w.menu.id).locations.map((l: Json) => l.id)).toEqual([x.loose.location.id]);

    // Making the lap inactive puts its locations on the warning too.
    await ctx.db.update(laps).set({ active: false }).where(eq(laps.id, x.lap.id));
    const off = (await get(`&menu_id=${x.w.menu.id}`)).json();
    expect(off.data[0].locations.map((l: Json) => l.title)).toEqual(['Bez maršruta', 'Ērgļu birojs', 'Šķūņa noliktava']);
    expect((await x.first.get(`/app/laps/unrouted${x.q}&menu_id=${x.w.menu.id}`)).statusCode).toBe(403);
    const other = await menuWorld(ctx.db, ctx.clock.now());
    expect((await get(`&menu_id=${other.menu.id}`)).statusCode).toBe(404);
  });
});

describe('the day’s cash across laps', () => {
  it('sums expected, collected and the difference per lap and for the locations on no lap', async () => {
    const x = await dayWorld();
    const cash = (locationId: number, amount: number) =>
      x.staff.post(`/app/cashbalance/${x.w.menu.id}${x.q}`, { location_id: locationId, amount });
    await cash(x.first.location.id, 10);
    await x.staff.put(`/app/laps/stops/${x.w.menu.id}/${x.second.location.id}${x.q}`, { status: 'delivered' });
    const r = await x.staff.get(`/app/laps/cash/${x.w.menu.id}${x.q}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    const priced = await ctx.db
      .select({ loc: orders.locationId, cents: orders.amountToPayCents })
      .from(orders)
      .where(eq(orders.menuId, x.w.menu.id));
    const expectedAt = (id: number) => priced.filter((p) => p.loc === id).reduce((s, p) => s + p.cents, 0) / 100;
    const lapExpected = expectedAt(x.first.location.id) + expectedAt(x.second.location.id);
    expect(body.laps).toEqual([
      {
        id: x.lap.id,
        title: 'Rīta maršruts',
        stops: 2,
        expected: lapExpected,
        collected: 10,
        difference: Math.round((10 - lapExpected) * 100) / 100,
        missing: 1,
        statuses: { loaded: 0, delivered: 1, problem: 0 },
      },
      {
        id: null,
        title: 'On no lap',
        stops: 1,
        expected: expectedAt(x.loose.location.id),
        collected: 0,
        difference: -expectedAt(x.loose.location.id),
        missing: 1,
        statuses: { loaded: 0, delivered: 0, problem: 0 },
      },
    ]);
    expect(body.totals.expected).toBe(lapExpected + expectedAt(x.loose.location.id));
    expect(body.totals.missing).toBe(2);
    expect((await x.first.get(`/app/laps/cash/${x.w.menu.id}${x.q}`)).statusCode).toBe(403);
    const other = await menuWorld(ctx.db, ctx.clock.now());
    expect((await x.staff.get(`/app/laps/cash/${other.menu.id}${x.q}`)).statusCode).toBe(404);
  });
});

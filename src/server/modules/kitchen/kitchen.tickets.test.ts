import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenTicket, TicketOrder, TicketsResult } from '../../../shared/schemas/kitchen.js';
import { allergens, auditLog, orderItems, orders } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeLap } from '../laps/laps.factories.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function place(who: Client, body: object) {
  const res = await who.post('/app/order/create', { terms: true, payment_type: 'cash', ...body });
  expect(res.statusCode).toBe(200);
  return res.json().order_id as number;
}

const at = (id: number, createdAt: Date) => ctx.db.update(orders).set({ createdAt }).where(eq(orders.id, id));

/**
 * Four locations: lap "Second" (position 1) stops at B then A, lap "First" (position 0) at C,
 * D is on no lap. A orders soup ×2 with a comment an hour before the deadline, B a set meal,
 * C a main one minute after the deadline (a late addition), D a dessert it then cancels.
 */
async function world() {
  const start = ctx.clock.now();
  const w = await menuWorld(ctx.db, start);
  const deadline = w.menu.to;
  const a = ctx.as(await customerAt(ctx.db, start, { title: 'A birojs' }, { firstName: 'Anna' }));
  const b = ctx.as(await customerAt(ctx.db, start, { title: 'B birojs' }, { firstName: 'Baiba' }));
  const c = ctx.as(await customerAt(ctx.db, start, { title: 'C birojs' }, { firstName: 'Cilda' }));
  const d = ctx.as(await customerAt(ctx.db, start, { title: 'D birojs' }, { firstName: 'Dace' }));
  const second = await makeLap(ctx.db, w.provider.id, [b.location.id, a.location.id], { title: 'Second', position: 1 });
  const first = await makeLap(ctx.db, w.provider.id, [c.location.id], { title: 'First', position: 0 });
  const [g1, g2, g3] = w.set.groups;
  const oa = await place(a, { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 2 }], comment: 'Bez sāls' });
  const ob = await place(b, {
    dishlist_id: w.menu.id,
    items: [
      {
        id: w.set.complex.id,
        qty: 1,
        complex: [
          { group_id: g1!.id, dish_id: w.soup.id },
          { group_id: g2!.id, dish_id: w.main.id },
          { group_id: g3!.id, dish_id: w.dessert.id },
        ],
      },
    ],
  });
  const oc = await place(c, { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }] });
  const od = await place(d, { dishlist_id: w.menu.id, items: [{ id: w.dessert.id, qty: 1 }] });
  expect((await d.post(`/app/order/${od}/cancel`)).statusCode).toBe(200);
  await at(oa, new Date(deadline.getTime() - 3600_000));
  await at(ob, new Date(deadline.getTime() - 1800_000));
  await at(od, new Date(deadline.getTime() - 1800_000));
  await at(oc, new Date(deadline.getTime() + 60_000));
  // B's eater avoids an allergen of the main (flag written when ordered, decision 034).
  // One of the regulation's 14 allergens the migrations write.
  const [gluten] = await ctx.db.select().from(allergens).orderBy(allergens.position, allergens.id).limit(1);
  await ctx.db
    .update(orders)
    .set({ allergenWarnings: [gluten!.id] })
    .where(eq(orders.id, ob));
  await ctx.db
    .update(orderItems)
    .set({ allergenIds: [gluten!.id] })
    .where(eq(orderItems.orderId, ob));
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, start));
  return { w, a, b, c, d, first, second, oa, ob, oc, od, staff, deadline, start, allergen: gluten!.title.en! };
}

type X = Awaited<ReturnType<typeof world>>;

async function tickets(x: X, by?: 'lap' | 'location'): Promise<TicketsResult> {
  const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}/tickets?provider_id=${x.w.provider.id}&lang=en${by ? `&by=${by}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A ticket's orders, read when it is opened. */
async function ordersOf(x: X, ticket: string): Promise<TicketOrder[]> {
  const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}/tickets/orders?provider_id=${x.w.provider.id}&lang=en&ticket=${ticket}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().ticket).toBe(ticket);
  return res.json().orders;
}

async function act(x: X, what: 'bump' | 'recall', ticket: string, who: Client = x.staff) {
  return who.post(`/app/kitchen/${x.w.menu.id}/tickets/${what}?provider_id=${x.w.provider.id}`, { ticket });
}

const keys = (list: KitchenTicket[]) => list.map((t) => t.key);

describe('kitchen tickets', () => {
  it("shows the earliest planned departure of the menu's laps, each lap ticket its own; staff set it on the lap, audited", async () => {
    const x = await world();
    const q = `?provider_id=${x.w.provider.id}&lang=en`;
    const putLap = (id: number, payload: object) => x.staff.put(`/app/laps/${id}${q}`, payload);
    const allDay = async () => {
      const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}${q}`);
      expect(res.statusCode).toBe(200);
      return res.json().dispatch_at as string | null;
    };
    // The wall time in the provider's zone and whether it is on the menu's day.
    const zone = (await tickets(x)).dishlist.timezone;
    const day = DateTime.fromJSDate(x.w.menu.from).setZone(zone).toISODate();
    const wall = (iso: string | null) => (iso === null ? null : DateTime.fromISO(iso).setZone(zone).toFormat('yyyy-MM-dd HH:mm'));

    // No lap has a time: nothing is shown, none made up.
    expect(await allDay()).toBeNull();

    const set = await putLap(x.second.id, { departs_at: '11:30' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().departs_at).toBe('11:30');
    // A lap whose one stop has only a cancelled order leaves nothing: its earlier time does not count.
    const made = await x.staff.post(`/app/laps${q}`, { title: 'Early', departs_at: '09:00', locations: [x.d.location.id] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().departs_at).toBe('09:00');

    let body = await tickets(x);
    expect(wall(body.dispatch_at)).toBe(`${day} 11:30`);
    expect(wall(await allDay())).toBe(`${day} 11:30`);
    const of = (b: TicketsResult, key: string) => wall(b.tickets.find((t) => t.key === key)!.dispatch_at);
    expect(of(body, `lap:${x.second.id}`)).toBe(`${day} 11:30`);
    expect(of(body, `lap:${x.first.id}`)).toBeNull();
    // Per location: each location carries its lap's time.
    const byLocation = await tickets(x, 'location');
    expect(of(byLocation, `loc:${x.a.location.id}`)).toBe(`${day} 11:30`);
    expect(of(byLocation, `loc:${x.c.location.id}`)).toBeNull();

    // An earlier lap with a placed order wins; clearing it brings the other back; an inactive lap does not count.
    expect((await putLap(x.first.id, { departs_at: '10:45' })).statusCode).toBe(200);
    expect(wall(await allDay())).toBe(`${day} 10:45`);
    body = await tickets(x);
    expect(wall(body.dispatch_at)).toBe(`${day} 10:45`);
    expect(of(body, `lap:${x.first.id}`)).toBe(`${day} 10:45`);
    expect((await putLap(x.first.id, { active: false })).statusCode).toBe(200);
    expect(wall(await allDay())).toBe(`${day} 11:30`);
    const cleared = await putLap(x.second.id, { departs_at: null });
    expect(cleared.json().departs_at).toBeNull();
    expect(await allDay()).toBeNull();

    // Not a time of day: refused, nothing changed.
    for (const bad of ['25:00', '9:00', '11:30:00', '']) expect((await putLap(x.second.id, { departs_at: bad })).statusCode, bad).toBe(422);

    // Every change is audited with the time before and after.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'lap'), eq(auditLog.entityId, String(x.second.id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['lap.update', { departs_at: null }, { departs_at: '11:30' }],
      ['lap.update', { departs_at: '11:30' }, { departs_at: null }],
    ]);
    const early = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'lap'), eq(auditLog.entityId, String(made.json().id))));
    expect(early.map((e) => [e.action, (e.after as { departs_at: string }).departs_at])).toEqual([['lap.create', '09:00']]);
  });

  it('groups the orders per lap in lap order (stops in order, locations without a lap after), counted; a ticket’s orders when opened', async () => {
    const x = await world();
    const body = await tickets(x);
    expect(body.by).toBe('lap');
    // No lap has a departure time: none is made up from the deadline (decision 041).
    expect(body.dispatch_at).toBeNull();
    expect(keys(body.tickets)).toEqual([`lap:${x.first.id}`, `lap:${x.second.id}`, `loc:${x.d.location.id}`]);
    const [first, second, d] = body.tickets;
    expect(first).toEqual(
      expect.objectContaining({
        kind: 'lap',
        title: 'First',
        stops: ['C birojs'],
        portions: 1,
        late: true,
        lines: [{ title: 'Pork chop', qty: 1, options: [] }],
        order_count: 1,
        cancelled_count: 0,
        allergen_orders: 0,
      }),
    );
    // The answer counts; it lists no order (decision 053).
    expect(first).not.toHaveProperty('orders');
    expect(await ordersOf(x, first!.key)).toMatchObject([
      { id: x.oc, late: true, cancelled: false, lines: [{ title: 'Pork chop', qty: 1, options: [], allergen: false }] },
    ]);
    // The lap's stops in their order (B before A); its dishes counted (the set meal with its options).
    expect(second).toMatchObject({
      title: 'Second',
      stops: ['B birojs', 'A birojs'],
      portions: 3,
      late: false,
      order_count: 2,
      allergen_orders: 1,
    });
    expect(second!.lines).toEqual(
      expect.arrayContaining([
        { title: 'Sorrel soup', qty: 2, options: [] },
        { title: 'Set', qty: 1, options: expect.arrayContaining(['1 × Sorrel soup', '1 × Pork chop', '1 × Bread soup']) },
      ]),
    );
    expect(second!.lines).toHaveLength(2);
    const secondOrders = await ordersOf(x, second!.key);
    expect(secondOrders.map((o) => o.id)).toEqual([x.ob, x.oa]);
    expect(secondOrders[0]).toMatchObject({
      name: 'Baiba',
      location: 'B birojs',
      late: false,
      allergens: [x.allergen],
      lines: [{ title: 'Set', qty: 1, options: ['Sorrel soup', 'Pork chop', 'Bread soup'], allergen: true }],
    });
    expect(secondOrders[1]).toMatchObject({
      name: 'Anna',
      comment: 'Bez sāls',
      allergens: [],
      lines: [{ title: 'Sorrel soup', qty: 2, allergen: false }],
    });
    // The cancelled order stays on its ticket, counted and marked, and nothing of it is to cook.
    expect(d).toMatchObject({ kind: 'location', title: 'D birojs', portions: 0, lines: [], order_count: 0, cancelled_count: 1 });
    expect(await ordersOf(x, d!.key)).toMatchObject([{ id: x.od, cancelled: true, lines: [{ title: 'Bread soup', qty: 1 }] }]);
    // A location's orders by its own key, whether or not it is on a lap.
    expect((await ordersOf(x, `loc:${x.a.location.id}`)).map((o) => o.id)).toEqual([x.oa]);
  });

  it('counts a location’s set meals across its orders, each chosen option by the portions it goes into', async () => {
    const x = await world();
    const [g1, g2, g3] = x.w.set.groups;
    const complex = [
      { group_id: g1!.id, dish_id: x.w.soup.id },
      { group_id: g2!.id, dish_id: x.w.main.id },
      { group_id: g3!.id, dish_id: x.w.dessert.id },
    ];
    await place(x.b, { dishlist_id: x.w.menu.id, items: [{ id: x.w.set.complex.id, qty: 2, complex }] });
    const b = (await tickets(x, 'location')).tickets.find((t) => t.key === `loc:${x.b.location.id}`)!;
    expect(b).toMatchObject({ order_count: 2, portions: 3 });
    expect(b.lines).toEqual([
      { title: 'Set', qty: 3, options: expect.arrayContaining(['3 × Sorrel soup', '3 × Pork chop', '3 × Bread soup']) },
    ]);
    expect(b.lines[0]!.options).toHaveLength(3);
  });

  it('cuts one ticket per location in delivery order when asked', async () => {
    const x = await world();
    const body = await tickets(x, 'location');
    expect(keys(body.tickets)).toEqual([x.c, x.b, x.a, x.d].map((p) => `loc:${p.location.id}`));
    expect(body.tickets.map((t) => t.portions)).toEqual([1, 1, 2, 0]);
  });

  it('marks an order cancelled after the deadline as a late change', async () => {
    const x = await world();
    await ctx.db
      .update(orders)
      .set({ cancelledAt: new Date(x.deadline.getTime() + 120_000) })
      .where(eq(orders.id, x.od));
    const d = (await tickets(x)).tickets.find((t) => t.key === `loc:${x.d.location.id}`)!;
    expect(d.late).toBe(true);
    expect(await ordersOf(x, d.key)).toMatchObject([{ cancelled: true, late: true }]);
  });

  it('bumps and recalls idempotently, keeps the last bumped to recall, and brings a bumped ticket back when a late order changes it', async () => {
    const x = await world();
    ctx.clock.set(new Date(x.deadline.getTime() + 10 * 60_000));
    const heard: unknown[] = [];
    const stop = ctx.app.changes.subscribe((c) => heard.push(c));
    const lap = `lap:${x.second.id}`;
    try {
      let res = await act(x, 'bump', lap);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, changed: true, ticket: lap });
      expect(heard).toContainEqual({ type: 'menu', menuId: x.w.menu.id });
      // A repeat (a double press, a retried request) changes nothing.
      heard.length = 0;
      res = await act(x, 'bump', lap);
      expect(res.json()).toMatchObject({ changed: false });
      expect(heard).toEqual([]);
    } finally {
      stop();
    }
    let body = await tickets(x);
    expect(keys(body.tickets)).not.toContain(lap);
    expect(body.bumped.map((t) => [t.key, t.bumped_at])).toEqual([[lap, ctx.clock.now().toISOString()]]);

    ctx.clock.advance(60_000);
    expect((await act(x, 'recall', lap)).json()).toMatchObject({ changed: true });
    expect((await act(x, 'recall', lap)).json()).toMatchObject({ changed: false });
    body = await tickets(x);
    expect(keys(body.tickets)).toContain(lap);
    expect(body.tickets.find((t) => t.key === lap)!.changed_after_bump).toBe(false);
    expect(body.bumped).toEqual([]);

    // Bumped again; then A orders once more after the bump (staff may take late orders).
    expect((await act(x, 'bump', lap)).json()).toMatchObject({ changed: true });
    const bumpedAt = ctx.clock.now();
    ctx.clock.set(x.start);
    const late = await place(x.a, { dishlist_id: x.w.menu.id, items: [{ id: x.w.dessert.id, qty: 1 }] });
    await at(late, new Date(bumpedAt.getTime() + 60_000));
    ctx.clock.set(new Date(bumpedAt.getTime() + 120_000));
    body = await tickets(x);
    const back = body.tickets.find((t) => t.key === lap)!;
    expect(back).toMatchObject({ changed_after_bump: true, late: true, portions: 4 });
    expect(back.order_count).toBe(3);
    expect((await ordersOf(x, lap)).find((o) => o.id === late)).toMatchObject({ late: true });
    expect(body.bumped).toEqual([]);
    // Bumping it again counts as a change.
    expect((await act(x, 'bump', lap)).json()).toMatchObject({ changed: true });
    expect(keys((await tickets(x)).bumped)).toEqual([lap]);
  });

  it('lists at most the last 20 bumped tickets, newest first', async () => {
    const x = await world();
    ctx.clock.set(new Date(x.deadline.getTime() + 10 * 60_000));
    const all = keys((await tickets(x, 'location')).tickets);
    for (const key of all) {
      ctx.clock.advance(1000);
      await act(x, 'bump', key);
    }
    const body = await tickets(x, 'location');
    expect(body.tickets).toEqual([]);
    expect(keys(body.bumped)).toEqual([...all].reverse());
    // 25 bumped tickets of a bigger menu: only the newest 20 are offered for recall.
    const w = await menuWorld(ctx.db, x.start);
    const eaters = [];
    ctx.clock.set(x.start);
    for (let i = 0; i < 25; i++) {
      const e = ctx.as(await customerAt(ctx.db, x.start, { title: `L${i}` }));
      await place(e, { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }] });
      eaters.push(`loc:${e.location.id}`);
    }
    ctx.clock.set(new Date(w.menu.to.getTime() + 60_000));
    const staff = ctx.as(await signedIn(ctx.db, { role: 'admin' }, x.start));
    for (const key of eaters) {
      ctx.clock.advance(1000);
      const r = await staff.post(`/app/kitchen/${w.menu.id}/tickets/bump?provider_id=${w.provider.id}`, { ticket: key });
      expect(r.statusCode).toBe(200);
    }
    const big = await staff.get(`/app/kitchen/${w.menu.id}/tickets?provider_id=${w.provider.id}&by=location`);
    expect(keys(big.json().bumped)).toEqual(eaters.slice(5).reverse());
  });

  it('is for staff of the menu’s provider only; unknown and malformed tickets are refused', async () => {
    const x = await world();
    const other = await menuWorld(ctx.db, x.start);
    const url = `/app/kitchen/${x.w.menu.id}/tickets?provider_id=${x.w.provider.id}`;
    expect((await x.a.get(url)).statusCode).toBe(403);
    expect((await ctx.anon.get(url)).statusCode).toBe(401);
    expect((await act(x, 'bump', `lap:${x.first.id}`, x.a)).statusCode).toBe(403);
    expect((await act(x, 'recall', `lap:${x.first.id}`, x.a)).statusCode).toBe(403);
    expect((await x.staff.get(`/app/kitchen/${other.menu.id}/tickets?provider_id=${x.w.provider.id}`)).statusCode).toBe(404);
    const foreign = await x.staff.post(`/app/kitchen/${other.menu.id}/tickets/bump?provider_id=${x.w.provider.id}`, {
      ticket: `lap:${x.first.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await act(x, 'bump', 'lap:2147483647')).statusCode).toBe(404);
    const bad = await act(x, 'bump', 'drop table');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('ticket');
    expect((await x.staff.get(`${url}&by=dish`)).statusCode).toBe(422);
    // A ticket's orders: the same staff only, the menu's provider only, a lap of that provider only.
    const orders = `/app/kitchen/${x.w.menu.id}/tickets/orders?provider_id=${x.w.provider.id}&ticket=lap:${x.first.id}`;
    expect((await x.staff.get(orders)).statusCode).toBe(200);
    expect((await x.a.get(orders)).statusCode).toBe(403);
    expect((await ctx.anon.get(orders)).statusCode).toBe(401);
    const foreignOrders = `/app/kitchen/${other.menu.id}/tickets/orders?provider_id=${x.w.provider.id}&ticket=loc:${x.a.location.id}`;
    expect((await x.staff.get(foreignOrders)).statusCode).toBe(404);
    // Another provider's lap, even on this provider's menu.
    const otherLap = await makeLap(ctx.db, other.provider.id, [], { title: 'Theirs' });
    const theirs = `/app/kitchen/${x.w.menu.id}/tickets/orders?provider_id=${x.w.provider.id}&ticket=lap:${otherLap.id}`;
    expect((await x.staff.get(theirs)).statusCode).toBe(404);
    expect((await x.staff.get(orders.replace(/ticket=.*/, 'ticket=drop'))).statusCode).toBe(422);
    // Keys at and past their limits: ten digits at most, a location past the id range is malformed,
    // a lap that exists nowhere is not found; never a 5xx.
    for (const bad of ['lap:12345678901', 'loc:', 'lap:', 'loc:-1', 'loc:9999999999', '']) {
      expect((await x.staff.get(orders.replace(/ticket=.*/, `ticket=${bad}`))).statusCode, bad).toBe(422);
    }
    for (const none of ['lap:2147483647', 'lap:9999999999']) {
      expect((await x.staff.get(orders.replace(/ticket=.*/, `ticket=${none}`))).statusCode, none).toBe(404);
    }
    // Nothing was bumped by the refused calls.
    expect((await tickets(x)).bumped).toEqual([]);
  });
});

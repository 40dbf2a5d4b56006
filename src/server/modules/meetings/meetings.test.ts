import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, costCentres, ledgerEntries, orderItems, orders } from '../../db/schema/index.js';
import { makeLocation, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, cashOrder, customerAt, menuWorld, setBalance } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A menu world and a location (limit 50.00 €) with its manager. */
async function meetingWorld(limitCents: number | null = 5000) {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const manager = ctx.as(await customerAt(ctx.db, now, { meetingLimitCents: limitCents }, { isLocationManager: true, firstName: 'Inese' }));
  return { ...w, manager, location: manager.location };
}

const ledgerOf = (orderId: number) =>
  ctx.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountCents, reversal: ledgerEntries.reversal })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.id);

describe('meeting orders (POST /app/meetings)', () => {
  it('a manager orders for a meeting of their location: one company-paid order with guests, stock, ledger and audit', async () => {
    const w = await meetingWorld();
    const res = await w.manager.post('/app/meetings?lang=en', {
      menu_id: w.menu.id,
      items: [
        { id: w.soup.id, qty: 1, guest_name: '  Ms Bērziņa  ' },
        { id: w.soup.id, qty: 1, guest_name: 'Mr Smith' },
        { id: w.main.id, qty: 4 },
        {
          id: w.set.complex.id,
          qty: 1,
          complex: [
            { group_id: w.set.groups[0]!.id, dish_id: w.soup.id },
            { group_id: w.set.groups[1]!.id, dish_id: w.main.id },
          ],
        },
      ],
      delivery_note: ' Meeting room 3 ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'meeting',
      status: 2,
      delivery_note: 'Meeting room 3',
      location: { id: w.location.id },
      host: { id: w.manager.user.id, first_name: 'Inese' },
      portions: 7,
      cancellable: true,
    });
    expect(body.items.map((i: { guest_name: string; qty: number }) => [i.guest_name, i.qty])).toEqual([
      ['Ms Bērziņa', 1],
      ['Mr Smith', 1],
      ['', 4],
      ['', 1],
    ]);
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, body.id));
    // soup 2 × 3.00 + main 4 × 5.50 + the set meal as its groups price it.
    expect(o).toMatchObject({
      kind: 'meeting',
      paymentType: 'company',
      userId: w.manager.user.id,
      locationId: w.location.id,
      amountToPayCents: 0,
    });
    expect(o!.amountCents).toBe(Math.round(body.amount * 100));
    expect(await ledgerOf(body.id)).toEqual([{ kind: 'company', amount: o!.amountCents, reversal: false }]);
    // Soup: 2 portions and the set meal's soup from 5.
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(2);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(body.id))));
    expect(audit).toMatchObject([{ action: 'order.create', actorId: w.manager.user.id }]);
    // The manager's list shows it; the order answer (GET /app/order/{id}) is theirs to read.
    const list = (await w.manager.get(`/app/meetings?menu_id=${w.menu.id}`)).json();
    expect(list.location).toEqual({ id: w.location.id, title: w.location.title, meeting_limit: 50 });
    expect(list.data.map((m: { id: number }) => m.id)).toEqual([body.id]);
  });

  it('staff order for any location of a menu of their provider; others are refused', async () => {
    const w = await meetingWorld();
    const admin = await ctx.as('admin');
    const kitchen = await ctx.as('kitchen');
    const q = `?provider_id=${w.provider.id}&lang=en`;
    const body = { menu_id: w.menu.id, location_id: w.location.id, items: [{ id: w.main.id, qty: 2 }] };
    const byKitchen = await kitchen.post(`/app/meetings${q}`, body);
    expect(byKitchen.statusCode).toBe(201);
    expect(byKitchen.json().host.id).toBe(kitchen.user.id);
    expect((await admin.post(`/app/meetings${q}`, body)).statusCode).toBe(201);
    const noLocation = await admin.post(`/app/meetings${q}`, { ...body, location_id: undefined });
    expect(noLocation.json().errors).toEqual({ location_id: ['Choose the location.'] });
    // Another provider's menu is not theirs.
    const other = await menuWorld(ctx.db, ctx.clock.now());
    expect((await admin.post(`/app/meetings${q}`, { ...body, menu_id: other.menu.id })).statusCode).toBe(404);
    // A customer who manages nothing, and a manager naming another location.
    const member = ctx.as(await customerAt(ctx.db, ctx.clock.now(), { meetingLimitCents: 5000 }));
    const refused = await member.post('/app/meetings?lang=en', body);
    expect(refused.statusCode).toBe(403);
    expect((await member.get('/app/meetings')).statusCode).toBe(403);
    const elsewhere = await makeLocation(ctx.db, { meetingLimitCents: 5000 });
    const foreign = await w.manager.post('/app/meetings?lang=en', { ...body, location_id: elsewhere.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('You may order meetings only for your own location.');
    expect((await w.manager.get(`/app/meetings?location_id=${elsewhere.id}`)).statusCode).toBe(403);
    expect((await ctx.anon.post('/app/meetings', body)).statusCode).toBe(401);
    // Staff see both of theirs for the location; the manager sees them too.
    expect((await w.manager.get('/app/meetings')).json().data).toHaveLength(2);
  });

  it('refuses a location without a limit, an amount over the limit (naming it), a closed menu, and writes nothing', async () => {
    const none = await meetingWorld(null);
    const r1 = await none.manager.post('/app/meetings?lang=en', { menu_id: none.menu.id, items: [{ id: none.main.id, qty: 1 }] });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors).toEqual({ location_id: ['This location orders no meetings.'] });

    const w = await meetingWorld(2000);
    const over = await w.manager.post('/app/meetings?lang=en', { menu_id: w.menu.id, items: [{ id: w.main.id, qty: 4 }] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.items[0]).toMatch(/at most €20\.00; this one costs €22\.00/);
    const lv = await w.manager.post('/app/meetings?lang=lv', { menu_id: w.menu.id, items: [{ id: w.main.id, qty: 4 }] });
    expect(lv.json().errors.items[0]).toContain('20,00');
    const atLimit = await w.manager.post('/app/meetings', {
      menu_id: w.menu.id,
      items: [
        { id: w.soup.id, qty: 5 },
        { id: w.dessert.id, qty: 4 },
      ],
    });
    expect(atLimit.statusCode).toBe(201);

    const closed = await meetingWorld();
    ctx.clock.advance(3 * 3600_000);
    try {
      const late = await closed.manager.post('/app/meetings?lang=en', { menu_id: closed.menu.id, items: [{ id: closed.main.id, qty: 1 }] });
      expect(late.json().errors).toEqual({ menu_id: ['This menu no longer takes orders.'] });
    } finally {
      ctx.clock.advance(-3 * 3600_000);
    }
    const written = await ctx.db.select().from(orders).where(eq(orders.userId, w.manager.user.id));
    expect(written).toHaveLength(1);
  });

  it('keeps guest names within the name limit and checks the cost centre is the company’s and active', async () => {
    const w = await meetingWorld();
    const long = await w.manager.post('/app/meetings', {
      menu_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1, guest_name: 'x'.repeat(101) }],
    });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['items.0.guest_name']);
    const [cc] = await ctx.db.insert(costCentres).values({ companyRegistration: '40003000000', code: 'IT', title: 'IT' }).returning();
    const wrong = await w.manager.post('/app/meetings?lang=en', {
      menu_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      cost_centre_id: cc!.id,
    });
    expect(wrong.json().errors).toEqual({ cost_centre_id: ['Choose an active cost centre of the company.'] });
  });

  it('refuses a dish short of stock and takes nothing', async () => {
    const w = await meetingWorld();
    await setBalance(ctx.db, w.menu.id, w.soup.id, 2);
    const res = await w.manager.post('/app/meetings?lang=en', {
      menu_id: w.menu.id,
      items: [
        { id: w.soup.id, qty: 2 },
        { id: w.soup.id, qty: 1, guest_name: 'Anna' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [`balance.${w.soup.id}`]: ['Sorrel soup: only 2 left.'] });
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(2);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, w.manager.user.id))).toHaveLength(0);
  });

  it('a meeting and customers’ orders racing for the last portions never oversell', async () => {
    const w = await meetingWorld();
    await setBalance(ctx.db, w.menu.id, w.soup.id, 6);
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerAt(ctx.db, ctx.clock.now())));
    const results = await Promise.all([
      w.manager.post('/app/meetings', { menu_id: w.menu.id, items: [{ id: w.soup.id, qty: 4 }] }),
      ...customers.map((c) => ctx.as(c).post('/app/order/create', cashOrder(w.menu.id, w.soup.id))),
    ]);
    const meetingOk = results[0]!.statusCode === 201;
    const customersOk = results.slice(1).filter((r) => r.statusCode === 200).length;
    for (const r of results) expect([200, 201, 422]).toContain(r.statusCode);
    expect((meetingOk ? 4 : 0) + customersOk).toBeLessThanOrEqual(6);
    const left = await balanceOf(ctx.db, w.menu.id, w.soup.id);
    expect(left).toBe(6 - (meetingOk ? 4 : 0) - customersOk);
    const sold = await ctx.db
      .select({ n: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.menuId, w.menu.id), eq(orders.status, 2), eq(orderItems.dishId, w.soup.id)));
    const n = sold[0]!.n;
    expect(n).toBe(6 - left!);
  });
});

describe('cancelling a meeting order (POST /app/order/{id}/cancel)', () => {
  it('gives the stock back and reverses the company entry; the manager may cancel one staff placed for their location', async () => {
    const w = await meetingWorld();
    const kitchen = await ctx.as('kitchen');
    const placed = (
      await kitchen.post(`/app/meetings?provider_id=${w.provider.id}`, {
        menu_id: w.menu.id,
        location_id: w.location.id,
        items: [{ id: w.soup.id, qty: 3, guest_name: 'Guest' }],
      })
    ).json();
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(2);
    // Someone else of the location may not.
    const member = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.location.id }, ctx.clock.now()));
    expect((await member.post(`/app/order/${placed.id}/cancel`)).statusCode).toBe(403);
    const res = await w.manager.post(`/app/order/${placed.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      already_cancelled: false,
      order: { id: placed.id, status: 3, payment_type: 'company' },
    });
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(5);
    const amount = Math.round(placed.amount * 100);
    expect(await ledgerOf(placed.id)).toEqual([
      { kind: 'company', amount, reversal: false },
      { kind: 'company', amount: -amount, reversal: true },
    ]);
    const again = await w.manager.post(`/app/order/${placed.id}/cancel`);
    expect(again.json().already_cancelled).toBe(true);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(5);
    const list = (await w.manager.get('/app/meetings')).json();
    expect(list.data[0]).toMatchObject({ id: placed.id, status: 3, cancellable: false });
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(lines.map((l) => l.guestName)).toEqual(['Guest']);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, visitorLinks } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { setBalance } from '../ordering/ordering.factories.js';
import { visitorWorld } from './visitors.factories.js';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const EN = { headers: { 'accept-language': 'en' } };

async function newLink(w: Awaited<ReturnType<typeof visitorWorld>>) {
  const res = await ctx
    .as(w.manager)
    .post('/app/visitor-links', { menu_id: w.menu.id, guest_name: 'Ieva Ozola', cost_centre_id: w.costCentre.id });
  expect(res.statusCode, res.body).toBe(201);
  const { id, url } = res.json<{ id: number; url: string }>();
  return { id, token: /\/visit\/([A-Za-z0-9_-]+)$/.exec(url)![1]! };
}

const guestOrdersOf = (hostId: number) =>
  ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, hostId), eq(orders.kind, 'guest')));

describe('a host orders for a visitor', () => {
  it("places the host's guest order, paid by the company, with the visitor's name on the line", async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const body = {
      menu_id: w.menu.id,
      guest_name: 'Pēteris',
      items: [{ id: w.main.id, qty: 1 }],
      delivery_note: 'Reception',
      cost_centre_id: w.costCentre.id,
    };
    const res = await ctx.as(w.manager).post('/app/visitors/orders', body);
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await guestOrdersOf(w.manager.user.id);
    expect(order).toMatchObject({
      id: res.json().order_id,
      paymentType: 'company',
      kind: 'guest',
      deliveryNote: 'Reception',
      costCentreId: w.costCentre.id,
    });
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(lines.map((l) => [l.dishId, l.guestName])).toEqual([[w.main.id, 'Pēteris']]);

    expect((await ctx.as(w.anna).post('/app/visitors/orders', body)).statusCode).toBe(403);
    const admin = await ctx.as('admin');
    expect((await admin.post('/app/visitors/orders', { ...body, location_id: w.location.id })).statusCode).toBe(201);
  });
});

describe("the visitor's pick", () => {
  it("places one guest order for the link's host, once; the host sees the link used with what was chosen", async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const link = await newLink(w);
    const pick = await ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: w.soup.id }] }, EN);
    expect(pick.statusCode, pick.body).toBe(201);
    expect(pick.json()).toEqual({ dish: 'Sorrel soup' });

    const [order] = await guestOrdersOf(w.manager.user.id);
    expect(order).toMatchObject({
      paymentType: 'company',
      kind: 'guest',
      costCentreId: w.costCentre.id,
      menuId: w.menu.id,
      locationId: w.location.id,
    });
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({ dishId: w.soup.id, qty: 1, guestName: 'Ieva Ozola' });
    const [row] = await ctx.db.select().from(visitorLinks).where(eq(visitorLinks.id, link.id));
    expect(row).toMatchObject({ orderId: order!.id });
    expect(row!.usedAt).not.toBeNull();

    const again = await ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: w.main.id }] }, EN);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This visitor link has already been used.');
    expect((await ctx.anon.get(`/app/visit/${link.token}`)).statusCode).toBe(410);
    expect(await guestOrdersOf(w.manager.user.id)).toHaveLength(1);

    const list = (await ctx.as(w.manager).get('/app/visitor-links', EN)).json();
    expect(list.data.find((l: { id: number }) => l.id === link.id)).toMatchObject({
      state: 'used',
      order: { id: order!.id, dishes: ['Sorrel soup'] },
    });
    expect((await ctx.as(w.manager).delete(`/app/visitor-links/${link.id}`)).statusCode).toBe(409);
  });

  it('places one order of parallel picks of one link', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const link = await newLink(w);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: i % 2 ? w.main.id : w.dessert.id }] }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 410, 410, 410, 410, 410]);
    expect(await guestOrdersOf(w.manager.user.id)).toHaveLength(1);
  });

  it('gives the link back when the order is refused (sold out), so the visitor can choose again', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    await setBalance(ctx.db, w.menu.id, w.soup.id, 0);
    const link = await newLink(w);
    const v = (await ctx.anon.get(`/app/visit/${link.token}`)).json();
    expect(v.categories[0].dishes.find((d: { id: number }) => d.id === w.soup.id).available).toBe(false);
    const refused = await ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: w.soup.id }] });
    expect(refused.statusCode).toBeGreaterThanOrEqual(409);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await guestOrdersOf(w.manager.user.id)).toHaveLength(0);
    const [row] = await ctx.db.select().from(visitorLinks).where(eq(visitorLinks.id, link.id));
    expect(row!.usedAt).toBeNull();
    expect((await ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: w.main.id }] })).statusCode).toBe(201);
  });

  it('never shows the link used while its order is not written: the claim commits with the order', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    await setBalance(ctx.db, w.menu.id, w.main.id, 5);
    const link = await newLink(w);
    // Another transaction holds the dish's balance row: the pick's transaction waits in it.
    const blocker = await ctx.db.$client.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select qty from balances where menu_id = $1 and dish_id = $2 for update', [w.menu.id, w.main.id]);
      const pick = ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: w.main.id }] });
      const waiting = async () =>
        (
          await blocker.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          )
        ).rows[0]!.n;
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBeGreaterThan(0);
      // Meanwhile the link reads unused and there is no order: a crash now would leave both so.
      const [during] = await ctx.db.select().from(visitorLinks).where(eq(visitorLinks.id, link.id));
      expect(during!.usedAt).toBeNull();
      expect(await guestOrdersOf(w.manager.user.id)).toHaveLength(0);
      await blocker.query('commit');
      expect((await pick).statusCode).toBe(201);
    } finally {
      blocker.release();
    }
    const [order] = await guestOrdersOf(w.manager.user.id);
    const [after] = await ctx.db.select().from(visitorLinks).where(eq(visitorLinks.id, link.id));
    expect(after!.usedAt).not.toBeNull();
    expect(after!.orderId).toBe(order!.id);
  });

  it('takes one set meal with its options', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const link = await newLink(w);
    const [g1, g2] = w.set.groups;
    const res = await ctx.anon.post(`/app/visit/${link.token}/order`, {
      items: [
        {
          id: w.set.complex.id,
          complex: [
            { group_id: g1!.id, dish_id: w.soup.id },
            { group_id: g2!.id, dish_id: w.dessert.id },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await guestOrdersOf(w.manager.user.id);
    expect(order!.amountCents).toBe(420);
  });
});

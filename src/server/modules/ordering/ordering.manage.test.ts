import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, cashOrder, customerAt, menuWorld, ordersOf } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('reading, accepting and deleting orders', () => {
  it('shows an order to its owner and staff only', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const owner = ctx.as(await customerAt(ctx.db, now));
    const stranger = ctx.as(await customerAt(ctx.db, now));
    const staff = await ctx.as('kitchen');
    const { order_id } = (
      await owner.post('/app/order/create', {
        dishlist_id: w.menu.id,
        items: [{ id: w.soup.id, qty: 2 }],
        payment_type: 'cash',
        terms: true,
      })
    ).json();
    const mine = await owner.get(`/app/order/${order_id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: order_id,
      user: { id: owner.user.id, first_name: 'Jānis', location: { id: owner.location.id } },
      items: [{ dish: { id: w.soup.id }, qty: 2, price: 3, total: 6, complex: [] }],
      amount: 6,
      amount_to_pay: 6,
      payment_type: 'cash',
      status: 2,
      accepted: 0,
      payment_link: null,
      dishlist: { id: w.menu.id },
    });
    expect((await stranger.get(`/app/order/${order_id}`)).statusCode).toBe(403);
    expect((await staff.get(`/app/order/${order_id}`)).statusCode).toBe(200);
    expect((await owner.get('/app/order/99999999')).statusCode).toBe(404);
  });

  it('lists a menu’s orders per location with totals, accepts, and deletes giving stock back', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const a = ctx.as(await customerAt(ctx.db, now, { title: 'A birojs', subsidyCents: 100 }));
    const b = ctx.as(await customerAt(ctx.db, now, { title: 'B birojs' }));
    const staff = await ctx.as('admin');
    const o1 = (
      await a.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 2 }], payment_type: 'cash', terms: true })
    ).json().order_id;
    const o2 = (
      await b.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'card', terms: true })
    ).json().order_id;
    await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, o2));
    const list = await staff.get(`/app/order?filter[dishlist_id]=${w.menu.id}&filter[status]=2&per_page=all&full=1`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.dishlist.id).toBe(w.menu.id);
    expect(body.data.map((g: { location: { title: string } }) => g.location.title)).toEqual(['A birojs', 'B birojs']);
    expect(body.data[0].totals).toEqual({ cash: 5, card: 0, subsidy: 1, bonus: 0, total: 6, count: 1 });
    expect(body.data[1].totals).toEqual({ cash: 0, card: 5.75, subsidy: 0, bonus: 0, total: 5.5, count: 1 });
    expect(body.totals).toEqual({ cash: 5, card: 5.75, subsidy: 1, bonus: 0, total: 11.5, count: 2 });

    const accept = await staff.put(`/app/order/${o1}?accepted=1`);
    expect(accept.json()).toMatchObject({ id: o1, accepted: 1 });
    const news = (await staff.get(`/app/order?filter[dishlist_id]=${w.menu.id}&filter[status]=2&filter[accepted]=0&full=1`)).json();
    expect(news.data.flatMap((g: { orders: { id: number }[] }) => g.orders.map((o) => o.id))).toEqual([o2]);
    expect((await a.put(`/app/order/${o1}?accepted=1`)).statusCode).toBe(403);

    const paged = (await staff.get(`/app/order?filter[dishlist_id]=${w.menu.id}&per_page=1`)).json();
    expect(paged).toMatchObject({ total: 2, per_page: 1, last_page: 2, current_page: 1 });

    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(3);
    expect((await a.delete(`/app/order/${o1}`)).statusCode).toBe(403);
    const del = await staff.delete(`/app/order/${o1}`);
    expect(del.json()).toEqual({ success: true });
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(5);
    expect((await staff.delete(`/app/order/${o1}`)).statusCode).toBe(404);
  });

  it('gives the bonus back when an order is deleted', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, {}, { bonusCents: 200 }));
    const staff = await ctx.as('admin');
    const id = (
      await c.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }], payment_type: 'cash', terms: true })
    ).json().order_id;
    await staff.delete(`/app/order/${id}`);
    const [u] = await ctx.db.select({ bonus: users.bonusCents }).from(users).where(eq(users.id, c.user.id));
    expect(u!.bonus).toBe(200);
  });

  it('refuses to delete an order whose card payment is pending or paid (409); a failed one can go', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const staff = await ctx.as('admin');
    const card = () => c.post('/app/order/create', { ...cashOrder(w.menu.id, w.soup.id), payment_type: 'card' });
    const del = (id: number) => staff.delete(`/app/order/${id}?lang=en`);
    const pendingId = (await card()).json().order_id as number;
    const refused = await del(pendingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/payment that is paid or still in progress/);
    const lv = await staff.delete(`/app/order/${pendingId}?lang=lv`);
    expect(lv.json().message).toMatch(/nevar dzēst/);
    await ctx.db.update(payments).set({ status: 'paid' }).where(eq(payments.orderId, pendingId));
    await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, pendingId));
    expect((await del(pendingId)).statusCode).toBe(409);
    expect(await ctx.db.select().from(payments).where(eq(payments.orderId, pendingId))).toHaveLength(1);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(4);
    const failedId = (await card()).json().order_id as number;
    const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, failedId));
    await ctx.anon.post(`/app/payments/sandbox/${p!.reference}/decline`, '', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await del(failedId)).statusCode).toBe(200);
  });

  it('accepts only placed orders (409 for pending or failed)', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const staff = await ctx.as('kitchen');
    const id = (await c.post('/app/order/create', { ...cashOrder(w.menu.id, w.soup.id), payment_type: 'card' })).json().order_id;
    const put = (accepted: number) => staff.put(`/app/order/${id}?accepted=${accepted}&lang=en`);
    const pending = await put(1);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Only placed orders can be accepted.');
    await ctx.db.update(orders).set({ status: 0 }).where(eq(orders.id, id));
    expect((await put(1)).statusCode).toBe(409);
    expect((await ordersOf(ctx.db, c.user.id))[0]!.accepted).toBe(0);
    await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, id));
    expect((await put(1)).json()).toMatchObject({ id, accepted: 1 });
  });

  it('ids beyond the database range are a 422, never a 500', async () => {
    const now = ctx.clock.now();
    const c = ctx.as(await customerAt(ctx.db, now));
    const staff = await ctx.as('admin');
    const huge = '99999999999';
    const calls = [
      c.get(`/app/order/${huge}`),
      staff.get(`/app/order/${huge}`),
      staff.put(`/app/order/${huge}?accepted=1`),
      staff.delete(`/app/order/${huge}`),
      c.get(`/app/order/create/${huge}`),
      staff.get(`/app/dishlists/history/${huge}`),
      c.get(`/app/dishlists/history/${c.location.id}/${huge}`),
      staff.get(`/app/dishlists/history/${huge}/${huge}/pdf`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    // The largest valid id is simply unknown.
    expect((await staff.get('/app/order/2147483647')).statusCode).toBe(404);
    expect((await staff.get('/app/dishlists/history/2147483647')).statusCode).toBe(404);
  });
});

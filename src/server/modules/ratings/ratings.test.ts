import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dishRatings, orders } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt } from '../ordering/ordering.factories.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { markDelivered, orderedLunch } from './ratings.factories.js';

/*
 * Who may rate what and when (issue 30, decision 079): the order's own user, after delivery until
 * the end of the next day (Europe/Riga), each dish once, never a cancelled order.
 */
let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const PLACED = new Date('2026-03-10T08:00:00Z');
const DELIVERED = new Date('2026-03-10T10:30:00Z'); // 12:30 in Riga
const WINDOW_END = new Date('2026-03-11T22:00:00Z'); // midnight in Riga starting 12 March

async function delivered() {
  const x = await orderedLunch(ctx, PLACED);
  await markDelivered(ctx.db, x.w.menu.id, x.eater.location.id, DELIVERED);
  ctx.clock.set(new Date('2026-03-11T07:00:00Z'));
  return x;
}

const rate = (dishId: number, extra: object = {}) => ({ ratings: [{ dish_id: dishId, stars: 4, ...extra }] });
const ratingsOf = (orderId: number) => ctx.db.select().from(dishRatings).where(eq(dishRatings.orderId, orderId));

describe('who may rate', () => {
  it('refuses a lunch not delivered yet, with a clear text, and answers someone else’s order as missing', async () => {
    const x = await orderedLunch(ctx, PLACED, { lang: 'en' });
    const url = `/app/orders/${x.orderId}/ratings?lang=en`;
    const read = await x.client.get(url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ order_id: x.orderId, delivered_at: null, until: null, open: false });
    const res = await x.client.post(url, rate(x.w.main.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This lunch has not been delivered yet: you can rate it once it arrives.');

    await markDelivered(ctx.db, x.w.menu.id, x.eater.location.id, DELIVERED);
    ctx.clock.set(new Date(DELIVERED.getTime() + 60_000));
    const other = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.post(url, rate(x.w.main.id))).statusCode).toBe(404);
    expect(await ratingsOf(x.orderId)).toHaveLength(0);
  });

  it('rates each dish and set meal once, from the delivery until the end of the next day in Riga', async () => {
    const x = await orderedLunch(ctx, PLACED, { lang: 'en' });
    await markDelivered(ctx.db, x.w.menu.id, x.eater.location.id, DELIVERED);
    const url = `/app/orders/${x.orderId}/ratings?lang=en`;
    // A minute before the delivery: not delivered yet.
    ctx.clock.set(new Date(DELIVERED.getTime() - 60_000));
    expect((await x.client.post(url, rate(x.w.main.id))).statusCode).toBe(409);
    // At the window's end: closed, saying until when it was open (Riga time).
    ctx.clock.set(WINDOW_END);
    const late = await x.client.post(url, rate(x.w.main.id));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('closed at 12.03.26 00:00');
    expect((await x.client.get(url)).json()).toMatchObject({ open: false, until: WINDOW_END.toISOString() });

    // A second before it: open, both lines, then rated.
    ctx.clock.set(new Date(WINDOW_END.getTime() - 1000));
    const before = (await x.client.get(url)).json();
    expect(before).toMatchObject({ open: true, delivered_at: DELIVERED.toISOString(), day: '2026-03-10' });
    expect(before.lines.map((l: { dish_id: number; title: string; rated: boolean }) => [l.dish_id, l.title, l.rated])).toEqual([
      [x.w.main.id, 'Pork chop', false],
      [x.w.set.complex.id, 'Set', false],
    ]);
    const res = await x.client.post(url, {
      ratings: [
        { dish_id: x.w.main.id, stars: 5, comment: '  Crispy  ', tags: ['tasty', 'great-portion'] },
        { dish_id: x.w.set.complex.id, stars: 2, tags: ['cold'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines).toEqual([
      {
        dish_id: x.w.main.id,
        title: 'Pork chop',
        rated: true,
        stars: 5,
        comment: 'Crispy',
        tags: ['tasty', 'great-portion'],
        answer: '',
        answered_at: null,
      },
      { dish_id: x.w.set.complex.id, title: 'Set', rated: true, stars: 2, comment: '', tags: ['cold'], answer: '', answered_at: null },
    ]);

    // Once only: a repeat (alone or with a new dish) is refused whole.
    const again = await x.client.post(url, rate(x.w.main.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already rated this dish for this order; a rating cannot be changed.');
    const rows = await ratingsOf(x.orderId);
    expect(rows.map((r) => [r.dishId, r.stars, r.menuId, r.providerId, r.userId])).toEqual(
      expect.arrayContaining([
        [x.w.main.id, 5, x.w.menu.id, x.w.provider.id, x.eater.user.id],
        [x.w.set.complex.id, 2, x.w.menu.id, x.w.provider.id, x.eater.user.id],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses dishes not on the order, unknown tags and stars out of range with their field, all or nothing', async () => {
    const x = await delivered();
    const url = `/app/orders/${x.orderId}/ratings`;
    const stray = await x.client.post(url, {
      ratings: [
        { dish_id: x.w.main.id, stars: 3 },
        { dish_id: x.w.dessert.id, stars: 3 },
      ],
    });
    expect(stray.statusCode).toBe(422);
    expect(Object.keys(stray.json().errors)).toEqual(['ratings.1.dish_id']);
    const tag = await x.client.post(url, rate(x.w.main.id, { tags: ['delicious'] }));
    expect(tag.statusCode).toBe(422);
    expect(Object.keys(tag.json().errors)[0]).toMatch(/^ratings\.0\.tags/);
    expect((await x.client.post(url, rate(x.w.main.id, { stars: 6 }))).json().errors).toHaveProperty(['ratings.0.stars']);
    expect((await x.client.post(url, rate(x.w.main.id, { comment: 'x'.repeat(501) }))).json().errors).toHaveProperty(['ratings.0.comment']);
    expect(await ratingsOf(x.orderId)).toHaveLength(0);
  });

  it('never rates a cancelled order', async () => {
    const x = await delivered();
    await ctx.db.update(orders).set({ status: ORDER_STATUS.cancelled }).where(eq(orders.id, x.orderId));
    const res = await x.client.post(`/app/orders/${x.orderId}/ratings`, rate(x.w.main.id));
    expect(res.statusCode).toBe(409);
    expect(await ratingsOf(x.orderId)).toHaveLength(0);
  });

  it('keeps exactly one rating when the same rating is posted twice at once', async () => {
    const x = await delivered();
    const url = `/app/orders/${x.orderId}/ratings`;
    const answers = await Promise.all([x.client.post(url, rate(x.w.main.id)), x.client.post(url, rate(x.w.main.id))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await ratingsOf(x.orderId)).toHaveLength(1);
  });

  it('stores a comment as text and gives it back verbatim', async () => {
    const x = await delivered();
    const comment = '<script>alert("x")</script> & <b>salt</b>';
    const res = await x.client.post(`/app/orders/${x.orderId}/ratings`, rate(x.w.main.id, { comment }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().lines[0].comment).toBe(comment);
    expect((await ratingsOf(x.orderId))[0]!.comment).toBe(comment);
  });
});

describe('the order page’s “yesterday” card', () => {
  it('offers the latest delivered order with dishes to rate, and nothing once all are rated or the window closed', async () => {
    const x = await delivered();
    const pending = await x.client.get('/app/ratings/pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().order).toMatchObject({ order_id: x.orderId, open: true });
    await x.client.post(`/app/orders/${x.orderId}/ratings`, rate(x.w.main.id));
    expect((await x.client.get('/app/ratings/pending')).json().order.lines.map((l: { rated: boolean }) => l.rated)).toEqual([true, false]);
    ctx.clock.set(WINDOW_END);
    expect((await x.client.get('/app/ratings/pending')).json()).toEqual({ order: null });
    ctx.clock.set(new Date('2026-03-11T07:00:00Z'));
    await x.client.post(`/app/orders/${x.orderId}/ratings`, rate(x.w.set.complex.id));
    expect((await x.client.get('/app/ratings/pending')).json()).toEqual({ order: null });
  });

  it('counts a portion handed over as delivered', async () => {
    const x = await orderedLunch(ctx, PLACED);
    expect((await x.client.get('/app/ratings/pending')).json()).toEqual({ order: null });
    const [item] = await ctx.db
      .execute<{ id: number }>(
        // The first line of the order, handed over at the kitchen's counter.
        `select id from order_items where order_id = ${x.orderId} order by id limit 1`,
      )
      .then((r) => r.rows);
    await ctx.db.execute(
      `insert into portion_handovers (item_id, unit, order_id, handed_over_at) values (${item!.id}, 1, ${x.orderId}, '${DELIVERED.toISOString()}')`,
    );
    ctx.clock.set(new Date(DELIVERED.getTime() + 60_000));
    expect((await x.client.get('/app/ratings/pending')).json().order).toMatchObject({
      order_id: x.orderId,
      delivered_at: DELIVERED.toISOString(),
    });
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawPreview, withdrawResult } from '../../../shared/schemas/withdrawals.js';
import {
  announcementDeliveries,
  announcementRecipients,
  announcements,
  auditLog,
  orderItems,
  refunds,
  withdrawnOrders,
} from '../../db/schema/index.js';
import { announcementsIdle } from '../announcements/announcements.service.js';
import type { Change } from '../../lib/events.js';
import { ledgerDifferences } from '../../lib/ledger.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { addToMenu, balanceOf, customerAt, makeMenu, menuWorld } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';
import { bonusOf, budgetRule, orderRow, paymentOf, place, placePaid } from './withdrawals.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const withdrawn = (orderId: number) => ctx.db.select().from(withdrawnOrders).where(eq(withdrawnOrders.orderId, orderId));

describe('withdrawing a dish with a refund (POST /app/dishlists/{id}/withdrawals)', () => {
  it('gives back exactly the dish per payment type, reaches exactly its eaters, and a second call changes nothing', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const q = `?provider_id=${w.provider.id}`;
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    // A: soup + main (8.50) cash: subsidy 3.00, bonus 2.00, cash 3.50. Withdrawing the main (5.50)
    // leaves 3.00, all subsidy: the cash 3.50 and the bonus 2.00 come back, the subsidy stays.
    const a = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 300 }, { bonusCents: 200 }));
    const aId = await place(a, w.menu.id, [
      { id: w.soup.id, qty: 1 },
      { id: w.main.id, qty: 1 },
    ]);
    // B: main + dessert by card (6.70 + 0.25 commission): 5.50 back to the card, 1.45 stays paid.
    const b = ctx.as(await customerAt(ctx.db, now));
    const bId = await placePaid(ctx, b, w.menu.id, [
      { id: w.main.id, qty: 1 },
      { id: w.dessert.id, qty: 1 },
    ]);
    // C: 2 mains + dessert (12.20): subsidy 1.00, budget 10.00, bonus 1.20. Less 11.00: 1.20 is left,
    // covered by the subsidy (1.00) and the budget (0.20): 9.80 budget and all the bonus back.
    const c = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 100 }, { bonusCents: 500 }));
    await budgetRule(ctx.db, c.location.id, 1000);
    const cId = await place(c, w.menu.id, [
      { id: w.main.id, qty: 2 },
      { id: w.dessert.id, qty: 1 },
    ]);
    expect(await orderRow(ctx.db, cId)).toMatchObject({ subsidyCents: 100, budgetCents: 1000, bonusCents: 120, amountToPayCents: 0 });
    // D: only the main, cash: the order is cancelled.
    const d = ctx.as(await customerAt(ctx.db, now));
    const dId = await place(d, w.menu.id, [{ id: w.main.id, qty: 1 }]);
    // P: main + soup by card, not paid yet: the gateway's amount cannot shrink, so the order is cancelled.
    const p = ctx.as(await customerAt(ctx.db, now));
    const pId = await place(
      p,
      w.menu.id,
      [
        { id: w.main.id, qty: 1 },
        { id: w.soup.id, qty: 1 },
      ],
      'card',
    );
    // Not its eaters: a cancelled order with the main, a soup-only order, the main on another menu.
    const e = ctx.as(await customerAt(ctx.db, now));
    const eId = await place(e, w.menu.id, [{ id: w.main.id, qty: 1 }]);
    expect((await e.post(`/app/order/${eId}/cancel`)).statusCode).toBe(200);
    const f = ctx.as(await customerAt(ctx.db, now));
    await place(f, w.menu.id, [{ id: w.soup.id, qty: 1 }]);
    const other = await makeMenu(ctx.db, { providerId: w.provider.id, from: w.menu.from, to: w.menu.to });
    await addToMenu(ctx.db, other.id, w.main);
    const g = ctx.as(await customerAt(ctx.db, now));
    const gId = await place(g, other.id, [{ id: w.main.id, qty: 1 }]);

    const preview = await kitchen.get(`/app/dishlists/${w.menu.id}/withdrawals/preview${q}&dish_id=${w.main.id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(withdrawPreview.strict().parse(preview.json())).toEqual({ orders: 5, eaters: 5, portions: 6, amount: 33, withdrawn: false });

    const body = { dish_id: w.main.id, mode: 'refund' };
    const [r1, r2] = await Promise.all([
      kitchen.post(`/app/dishlists/${w.menu.id}/withdrawals${q}`, body),
      kitchen.post(`/app/dishlists/${w.menu.id}/withdrawals${q}`, body),
    ]);
    expect([r1.statusCode, r2.statusCode], r1.body + r2.body).toEqual([200, 200]);
    const answers = [withdrawResult.strict().parse(r1.json()), withdrawResult.strict().parse(r2.json())];
    expect(answers.map((x) => x.changed).sort()).toEqual([false, true]);
    expect(answers.find((x) => x.changed)!.withdrawal).toMatchObject({ orders: 5, refunded: 5, substituted: 0, amount: 27.5 });

    // What each got back, to the cent.
    expect((await withdrawn(aId))[0]).toMatchObject({ status: 'refunded', subsidyCents: 0, bonusCents: 200, cashCents: 350, paidCents: 0 });
    expect(await orderRow(ctx.db, aId)).toMatchObject({
      status: 2,
      amountCents: 300,
      subsidyCents: 300,
      bonusCents: 0,
      amountToPayCents: 0,
    });
    expect(await bonusOf(ctx.db, a.user.id)).toBe(200);
    expect((await withdrawn(bId))[0]).toMatchObject({ status: 'refunded', paidCents: 550 });
    expect(await orderRow(ctx.db, bId)).toMatchObject({ status: 2, amountCents: 120, amountToPayCents: 145 });
    const bRefunds = await ctx.db.select().from(refunds).where(eq(refunds.orderId, bId));
    expect(bRefunds).toMatchObject([{ amountCents: 550, status: 'refunded' }]);
    expect((await withdrawn(cId))[0]).toMatchObject({ status: 'refunded', subsidyCents: 0, budgetCents: 980, bonusCents: 120 });
    expect(await orderRow(ctx.db, cId)).toMatchObject({ amountCents: 120, subsidyCents: 100, budgetCents: 20, bonusCents: 0 });
    expect(await bonusOf(ctx.db, c.user.id)).toBe(500);
    expect((await withdrawn(dId))[0]).toMatchObject({ status: 'cancelled', cashCents: 550 });
    expect(await orderRow(ctx.db, dId)).toMatchObject({ status: 3, cancelledById: kitchen.user.id });
    expect((await withdrawn(pId))[0]).toMatchObject({ status: 'cancelled', paidCents: 0 });
    expect(await orderRow(ctx.db, pId)).toMatchObject({ status: 3 });
    expect((await paymentOf(ctx.db, pId)).status).toBe('failed');
    expect(await withdrawn(eId)).toEqual([]);
    expect(await orderRow(ctx.db, gId)).toMatchObject({ status: 2, amountCents: 550 });
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, aId)).orderBy(asc(orderItems.id));
    expect(lines.map((l) => l.dishId)).toEqual([w.soup.id]);

    // The announcement: exactly the eaters of the main on this menu, every channel, now, three
    // languages, delivered by the announcements dispatcher the withdrawal kicked.
    await announcementsIdle();
    const [ann, ...more] = await ctx.db.select().from(announcements).where(eq(announcements.kind, 'dish-withdrawn'));
    expect(more).toEqual([]);
    const eaters = [a, b, c, d, p].map((x) => x.user.id).sort((x, y) => x - y);
    expect(ann).toMatchObject({ audience: { kind: 'users', ids: eaters }, channels: ['banner', 'email', 'push'], status: 'sent' });
    const reached = await ctx.db
      .select({ userId: announcementRecipients.userId })
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, ann!.id));
    expect(reached.map((r) => r.userId).sort((x, y) => x - y)).toEqual(eaters);
    const mailed = await ctx.db
      .select({ userId: announcementDeliveries.userId })
      .from(announcementDeliveries)
      .where(and(eq(announcementDeliveries.announcementId, ann!.id), eq(announcementDeliveries.channel, 'email')));
    expect(mailed.map((r) => r.userId).sort((x, y) => x - y)).toEqual(eaters);
    const bannerOf = async (who: typeof a) => (await who.get('/app/announcements/current')).json().data.map((x: { id: number }) => x.id);
    expect(await bannerOf(a)).toEqual([ann!.id]);
    for (const notEater of [e, f, g]) expect(await bannerOf(notEater)).toEqual([]);
    expect(ann!.sendAt).toEqual(now);
    expect(ann!.title).toMatchObject({
      en: 'Pork chop has been withdrawn from the menu',
      lv: 'Izņemts no ēdienkartes: Cūkgaļas karbonāde',
    });
    expect(ann!.body.ru).toContain('/history/' + w.menu.id);

    // The dish cannot be ordered any more; the other menu keeps it.
    expect(await balanceOf(ctx.db, w.menu.id, w.main.id)).toBe(0);
    const late = await f.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(late.statusCode).toBe(422);
    // Nor can the stock editor bring it back: any stock but 0 is refused on the field.
    for (const qty of [5, null]) {
      const raised = await kitchen.post(`/app/dishlists/${w.menu.id}/balance${q}`, { balance: [{ id: w.main.id, qty }] });
      expect(raised.statusCode).toBe(422);
      expect(Object.keys(raised.json().errors)).toEqual(['balance.0.qty']);
    }
    expect((await kitchen.post(`/app/dishlists/${w.menu.id}/balance${q}`, { balance: [{ id: w.main.id, qty: 0 }] })).statusCode).toBe(200);
    expect(await balanceOf(ctx.db, w.menu.id, w.main.id)).toBe(0);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dish.withdraw'), eq(auditLog.entityId, String(w.menu.id))));
    expect(audit).toHaveLength(1);

    // The ledger holds; cancelling what is left later gives back only what is left (B's card: 1.45).
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
    for (const [who, id] of [
      [a, aId],
      [b, bId],
      [c, cId],
    ] as const)
      expect((await who.post(`/app/order/${id}/cancel`)).statusCode).toBe(200);
    const after = await ctx.db.select().from(refunds).where(eq(refunds.orderId, bId)).orderBy(asc(refunds.id));
    expect(after.map((r) => [r.amountCents, r.status])).toEqual([
      [550, 'refunded'],
      [145, 'refunded'],
    ]);
    expect(await bonusOf(ctx.db, c.user.id)).toBe(500);
    expect(await ledgerDifferences(ctx.db)).toEqual([]);
  });

  it("answers 403 to a customer, 404 for another provider's menu, 422 for a dish not on the menu", async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const elsewhere = await menuWorld(ctx.db, now);
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const customer = ctx.as(await customerAt(ctx.db, now));
    const body = { dish_id: w.main.id, mode: 'refund' };
    const url = `/app/dishlists/${w.menu.id}/withdrawals`;
    expect((await customer.post(`${url}?provider_id=${w.provider.id}`, body)).statusCode).toBe(403);
    expect((await kitchen.post(`${url}?provider_id=${elsewhere.provider.id}`, body)).statusCode).toBe(404);
    expect((await kitchen.get(`${url}/preview?provider_id=${elsewhere.provider.id}&dish_id=${w.main.id}`)).statusCode).toBe(404);
    const wrong = await kitchen.post(`${url}?provider_id=${w.provider.id}&lang=en`, { dish_id: elsewhere.main.id, mode: 'refund' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.dish_id).toEqual(['This dish is not on this menu.']);
    const noSub = await kitchen.post(`${url}?provider_id=${w.provider.id}`, { dish_id: w.main.id, mode: 'substitute' });
    expect(noSub.statusCode).toBe(422);
    expect(Object.keys(noSub.json().errors)).toEqual(['substitute_dish_id']);
    // A dish already withdrawn cannot be the substitute (its stock is 0): refused on the field.
    expect((await kitchen.post(`${url}?provider_id=${w.provider.id}`, { dish_id: w.soup.id, mode: 'refund' })).statusCode).toBe(200);
    const gone = await kitchen.post(`${url}?provider_id=${w.provider.id}&lang=en`, {
      dish_id: w.main.id,
      mode: 'substitute',
      substitute_dish_id: w.soup.id,
    });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors.substitute_dish_id).toEqual([
      'This dish was withdrawn from this menu too: choose another substitute or the refund.',
    ]);
    // The main chosen inside a set meal of a live order: refused, naming how many orders, nothing changed.
    const eater = await customerAt(ctx.db, now);
    await placedOrder(ctx.db, {
      menuId: w.menu.id,
      userId: eater.user.id,
      locationId: eater.location.id,
      amountCents: 700,
      lines: [
        {
          dishId: w.soup.id,
          title: { lv: 'Komplekss' },
          qty: 1,
          unitPriceCents: 700,
          options: [{ dishId: w.main.id, title: { lv: 'x' } }],
        },
      ],
    });
    const inSetMeal = await kitchen.post(`${url}?provider_id=${w.provider.id}&lang=en`, body);
    expect(inSetMeal.statusCode).toBe(422);
    expect(inSetMeal.json().errors.dish_id[0]).toContain('chosen inside set meals in 1 orders');
    expect(await balanceOf(ctx.db, w.menu.id, w.main.id)).not.toBe(0);
    expect(await ctx.db.select().from(announcements).where(eq(announcements.providerId, w.provider.id))).toEqual([]);
  });

  it('tells the change bus of every order it changed, also an eater’s two orders of the menu', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const a = ctx.as(await customerAt(ctx.db, now));
    const first = await place(a, w.menu.id, [
      { id: w.main.id, qty: 1 },
      { id: w.soup.id, qty: 1 },
    ]);
    const second = await place(a, w.menu.id, [
      { id: w.main.id, qty: 1 },
      { id: w.soup.id, qty: 1 },
    ]);
    const changes: Change[] = [];
    const stop = ctx.app.changes.subscribe((c) => changes.push(c));
    const res = await kitchen.post(`/app/dishlists/${w.menu.id}/withdrawals?provider_id=${w.provider.id}`, {
      dish_id: w.main.id,
      mode: 'refund',
    });
    stop();
    expect(res.json()).toMatchObject({ changed: true, withdrawal: { orders: 2 } });
    const told = changes.filter((c) => c.type === 'order').map((c) => (c as { orderId: number }).orderId);
    expect(told.sort((x, y) => x - y)).toEqual([first, second].sort((x, y) => x - y));
  });

  it('lists a paid order once in the orders list after two of its dishes were withdrawn (two refunds of one payment)', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const q = `provider_id=${w.provider.id}`;
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const b = ctx.as(await customerAt(ctx.db, now));
    const id = await placePaid(ctx, b, w.menu.id, [
      { id: w.main.id, qty: 1 },
      { id: w.dessert.id, qty: 1 },
      { id: w.soup.id, qty: 1 },
    ]);
    for (const dish of [w.main.id, w.dessert.id])
      expect((await kitchen.post(`/app/dishlists/${w.menu.id}/withdrawals?${q}`, { dish_id: dish, mode: 'refund' })).statusCode).toBe(200);
    const payment = await paymentOf(ctx.db, id);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(2);
    const list = (await kitchen.get(`/app/order?${q}&filter[dishlist_id]=${w.menu.id}&page=1`)).json();
    expect(list.data.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(list.meta ?? list).toMatchObject({ total: 1 });
  });
});

import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { budgetRules, orders, payments, users } from '../../db/schema/index.js';
import type { Client } from '../../test/client.js';
import type { TestContext } from '../../test/harness.js';

/** Places an order (cash unless said), answers its id. */
export async function place(c: Client, menuId: number, items: { id: number; qty: number }[], paymentType = 'cash') {
  const res = await c.post('/app/order/create', { dishlist_id: menuId, items, payment_type: paymentType, terms: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id as number;
}

/** Places a card order and pays it at the sandbox. */
export async function placePaid(ctx: TestContext, c: Client, menuId: number, items: { id: number; qty: number }[]) {
  const id = await place(c, menuId, items, 'card');
  const [p] = await ctx.db.select().from(payments).where(eq(payments.orderId, id));
  const ok = await ctx.anon.post(`/app/payments/sandbox/${p!.reference}/approve`, '', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(ok.statusCode).toBeLessThan(400);
  return id;
}

/** A month budget of 20.00 covering at most `capCents` of an order. */
export async function budgetRule(db: Db, locationId: number, capCents: number) {
  await db.insert(budgetRules).values({ period: 'month', amountCents: 2000, capCents, blocking: true, locationId });
}

export const orderRow = async (db: Db, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
export const bonusOf = async (db: Db, id: number) => (await db.select({ b: users.bonusCents }).from(users).where(eq(users.id, id)))[0]!.b;
export const paymentOf = async (db: Db, orderId: number) =>
  (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId)))
  )[0]!;

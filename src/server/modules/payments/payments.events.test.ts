import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index.js';
import type { Change } from '../../lib/events.js';
import { jobs } from '../jobs.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { measuredRun } from '../../lib/jobs.js';

/*
 * Issue 11, live stock: every change of an order's state reaches the change bus after its commit
 * (and so every instance's caches and every open page), not only orders placed and cancelled:
 * a payment approved or declined on the gateway's page, and unpaid orders the expiry job gives up.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function cardOrder() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const c = ctx.as(await customerAt(ctx.db, now));
  const res = await c.post('/app/order/create', {
    dishlist_id: w.menu.id,
    items: [{ id: w.soup.id, qty: 1 }],
    payment_type: 'card',
    terms: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json().order_id as number;
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { menuId: w.menu.id, orderId, reference: payment!.reference };
}

/** The changes the bus hears while `action` runs. */
async function heardDuring(action: () => Promise<unknown>): Promise<Change[]> {
  const heard: Change[] = [];
  const off = ctx.app.changes.subscribe((c) => heard.push(c));
  try {
    await action();
  } finally {
    off();
  }
  return heard;
}

const decide = (reference: string, decision: 'approve' | 'decline') =>
  ctx.anon.post(`/app/payments/sandbox/${reference}/${decision}`, '', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('order changes outside the order calls reach the change bus', () => {
  it('a payment approved on the gateway page: the order is placed and published', async () => {
    const o = await cardOrder();
    const heard = await heardDuring(async () => expect((await decide(o.reference, 'approve')).statusCode).toBeLessThan(400));
    expect(heard).toContainEqual({ type: 'order', menuId: o.menuId, orderId: o.orderId });
    // A replay changes nothing and tells nothing.
    expect(await heardDuring(() => decide(o.reference, 'approve'))).toEqual([]);
  });

  it('a payment declined: its stock is back and published', async () => {
    const o = await cardOrder();
    const heard = await heardDuring(async () => expect((await decide(o.reference, 'decline')).statusCode).toBeLessThan(400));
    expect(heard).toContainEqual({ type: 'order', menuId: o.menuId, orderId: o.orderId });
  });

  it('the payment-expiry job publishes each order it gives up', async () => {
    const o = await cardOrder();
    ctx.clock.advance((ctx.deps.env.PAYMENT_TIMEOUT_MINUTES + 1) * 60_000);
    const job = jobs.find((j) => j.name === 'payment-expiry')!;
    const heard = await heardDuring(() => measuredRun(job, ctx.jobDeps)([{ startAfter: ctx.clock.now() }]));
    expect(heard).toContainEqual({ type: 'order', menuId: o.menuId, orderId: o.orderId });
  });
});

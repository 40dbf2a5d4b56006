import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costCentres, orders, users } from '../../db/schema/index.js';
import { makeLocation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { cashOrder, customerAt, menuWorld } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const costCentreOf = async (orderId: number) =>
  (await ctx.db.select({ cc: orders.costCentreId }).from(orders).where(eq(orders.id, orderId)))[0]!.cc;

describe("an order's cost centre by the eater's default (issue 29, review)", () => {
  it('a default that was deactivated, or is of a company the eater no longer belongs to, is not booked', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { registrationNumber: 'LV40003111111' }));
    const [it, hr] = await ctx.db
      .insert(costCentres)
      .values([
        { companyRegistration: 'LV40003111111', code: 'IT', title: 'IT' },
        { companyRegistration: 'LV40003111111', code: 'HR', title: 'HR' },
      ])
      .returning();
    await ctx.db.update(users).set({ costCentreId: it!.id }).where(eq(users.id, c.user.id));
    const first = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id));
    expect(first.statusCode).toBe(200);
    expect(await costCentreOf(first.json().order_id)).toBe(it!.id);

    // The company deactivates IT: the checkout offers it no more, and an order without a choice is not booked to it.
    await ctx.db.update(costCentres).set({ active: false }).where(eq(costCentres.id, it!.id));
    expect((await c.get('/app/cost-centres/choices')).json()).toMatchObject({ default_id: null });
    const second = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id, { cost_centre_id: null }));
    expect(second.statusCode).toBe(200);
    expect(await costCentreOf(second.json().order_id)).toBeNull();

    // The eater moves to another company's location: their old company's cost centre stays with the old company.
    await ctx.db.update(users).set({ costCentreId: hr!.id }).where(eq(users.id, c.user.id));
    const elsewhere = await makeLocation(ctx.db, { registrationNumber: 'LV40003222222' });
    await ctx.db.update(users).set({ locationId: elsewhere.id }).where(eq(users.id, c.user.id));
    const third = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id));
    expect(third.statusCode).toBe(200);
    expect(await costCentreOf(third.json().order_id)).toBeNull();
  });

  it('the eater may choose no cost centre although they have a default; without a choice the default is booked', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now, { registrationNumber: 'LV40003333333' }));
    const [sales] = await ctx.db
      .insert(costCentres)
      .values({ companyRegistration: 'LV40003333333', code: 'S', title: 'Sales' })
      .returning();
    await ctx.db.update(users).set({ costCentreId: sales!.id }).where(eq(users.id, c.user.id));
    const none = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id, { cost_centre_id: null }));
    expect(none.statusCode).toBe(200);
    expect(await costCentreOf(none.json().order_id)).toBeNull();
    const unsaid = await c.post('/app/order/create', cashOrder(w.menu.id, w.main.id));
    expect(unsaid.statusCode).toBe(200);
    expect(await costCentreOf(unsaid.json().order_id)).toBe(sales!.id);
  });
});

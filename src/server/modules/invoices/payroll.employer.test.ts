import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetRules } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { cashOrder, customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { payrollRows } from './payroll.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('payroll deduction with the employer’s budget and meetings (issue 29, review)', () => {
  it('deducts neither the part the budget covered nor a meeting the manager ordered for the company', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const manager = ctx.as(await customerAt(ctx.db, now, { subsidyCents: 100, meetingLimitCents: 10_000 }, { isLocationManager: true }));
    const location = manager.location;
    await ctx.db.insert(budgetRules).values({ locationId: location.id, period: 'month', amountCents: 300, blocking: false });
    // The manager's own lunch: 5.50 = subsidy 1.00 + budget 3.00 + 1.50 paid.
    expect((await manager.post('/app/order/create', cashOrder(w.menu.id, w.main.id))).statusCode).toBe(200);
    // A meeting of 4 × 5.50 = 22.00, paid by the company.
    const meeting = await manager.post('/app/meetings', { menu_id: w.menu.id, items: [{ id: w.main.id, qty: 4 }] });
    expect(meeting.statusCode).toBe(201);
    const month = DateTime.fromJSDate(w.menu.from, { zone: w.provider.timezone }).toFormat('yyyy-MM');
    const rows = await payrollRows(ctx.db, w.provider.id, location.id, month);
    expect(rows).toEqual([expect.objectContaining({ userId: manager.user.id, orders: 1, gross: 550, subsidy: 100, share: 150 })]);
  });
});

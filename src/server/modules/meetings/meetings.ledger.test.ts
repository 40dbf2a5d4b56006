import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerDifferences } from '../../lib/ledger.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the ledger check and company orders (issue 29, review)', () => {
  it("a meeting order's 'company' entry, and its reversal on cancel, agree with the order: no difference", async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const manager = ctx.as(await customerAt(ctx.db, now, { meetingLimitCents: 5000 }, { isLocationManager: true }));
    const res = await manager.post('/app/meetings', { menu_id: w.menu.id, items: [{ id: w.main.id, qty: 2 }] });
    expect(res.statusCode).toBe(201);
    const id: number = res.json().id;
    const mine = async () => (await ledgerDifferences(ctx.db)).filter((d) => d.orderId === id);
    expect(await mine()).toEqual([]);
    expect((await manager.post(`/app/order/${id}/cancel`)).statusCode).toBe(200);
    expect(await mine()).toEqual([]);
  });
});

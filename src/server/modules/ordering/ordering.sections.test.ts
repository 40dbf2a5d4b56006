import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSectionsResult, OrdersByMenuResult } from '../../../shared/schemas/orders.js';
import { MAX_DB_ID } from '../../../shared/schemas/ids.js';
import { orders, shifts } from '../../db/schema/index.js';
import { makeLocation, makeProvider, makeUser, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeMenu } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A menu with placed orders at B (two, one accepted, one on a shift), A (one, card) and none; a cancelled and a pending one at A. */
async function scene() {
  const provider = await makeProvider(ctx.db);
  const hour = () => ({ from: new Date(), to: new Date(Date.now() + 3600_000) });
  const menu = await makeMenu(ctx.db, { providerId: provider.id, ...hour() });
  const a = await makeLocation(ctx.db, { title: 'A birojs' });
  const b = await makeLocation(ctx.db, { title: 'Ā birojs' });
  const [shift] = await ctx.db.insert(shifts).values({ locationId: b.id, title: 'Rīts' }).returning();
  const user = await makeUser(ctx.db, { locationId: a.id, firstName: 'Anna' });
  const order = async (values: Partial<typeof orders.$inferInsert>) => {
    const [row] = await ctx.db
      .insert(orders)
      .values({ menuId: menu.id, userId: user.id, paymentType: 'cash', amountCents: 500, amountToPayCents: 500, status: 2, ...values })
      .returning();
    return row!.id;
  };
  const ids = {
    b1: await order({ locationId: b.id, accepted: 1 }),
    b2: await order({ locationId: b.id, shiftId: shift!.id, amountCents: 700, amountToPayCents: 700 }),
    a1: await order({ locationId: a.id, paymentType: 'card', amountCents: 300, amountToPayCents: 300 }),
    none: await order({ locationId: null }),
    cancelled: await order({ locationId: a.id, status: 3 }),
    pending: await order({ locationId: a.id, status: 1 }),
  };
  const otherProvider = await makeProvider(ctx.db);
  const foreign = await makeMenu(ctx.db, { providerId: otherProvider.id, ...hour() });
  return { provider, menu, a, b, shift: shift!, ids, foreign };
}

const kitchen = async () => ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));

describe('GET /app/dishlists/{id}/order-sections', () => {
  it('answers each location’s totals and new count, the menu’s, and the filter’s shifts and payment types', async () => {
    const s = await scene();
    const staff = await kitchen();
    const res = await staff.get(`/app/dishlists/${s.menu.id}/order-sections?provider_id=${s.provider.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: OrderSectionsResult = res.json();
    expect(body.dishlist.id).toBe(s.menu.id);
    expect(body.sections.map((x) => [x.location?.title ?? null, x.totals.count, x.new_count, x.totals.total])).toEqual([
      ['A birojs', 1, 1, 3],
      ['Ā birojs', 2, 1, 12],
      [null, 1, 1, 5],
    ]);
    expect(body.sections[0]!.totals).toMatchObject({ card: 3, cash: 0 });
    expect(body.sections[0]!.location).toMatchObject({ id: s.a.id });
    expect(body.totals).toMatchObject({ count: 4, total: 20, cash: 17, card: 3 });
    expect(body.new_count).toBe(3);
    expect(body.shifts).toEqual([{ id: s.shift.id, title: 'Rīts' }]);
    expect(body.payment_types).toEqual(['card', 'cash']);
    expect(body.cancelled_count).toBe(1);
    // The tab of accepted orders: only B's accepted one.
    const accepted: OrderSectionsResult = (
      await staff.get(`/app/dishlists/${s.menu.id}/order-sections?provider_id=${s.provider.id}&accepted=1`)
    ).json();
    expect(accepted.sections.map((x) => [x.location?.id ?? null, x.totals.count, x.new_count])).toEqual([[s.b.id, 1, 0]]);
    expect(accepted.shifts).toEqual([]);
    expect(accepted.cancelled_count).toBe(1);
  });

  it('answers one section’s placed orders with their lines, the orders without a location too', async () => {
    const s = await scene();
    const staff = await kitchen();
    const url = (location: string, extra = '') =>
      `/app/dishlists/${s.menu.id}/order-sections/orders?provider_id=${s.provider.id}&location=${location}${extra}`;
    const b: OrdersByMenuResult = (await staff.get(url(String(s.b.id)))).json();
    expect(b.data.map((g) => g.location?.id)).toEqual([s.b.id]);
    expect(b.data[0]!.orders.map((o) => o.id)).toEqual([s.ids.b1, s.ids.b2]);
    expect(b.data[0]!.totals.count).toBe(2);
    expect(b.totals.count).toBe(2);
    const newB: OrdersByMenuResult = (await staff.get(url(String(s.b.id), '&accepted=0'))).json();
    expect(newB.data[0]!.orders.map((o) => o.id)).toEqual([s.ids.b2]);
    const a: OrdersByMenuResult = (await staff.get(url(String(s.a.id)))).json();
    expect(a.data[0]!.orders.map((o) => o.id)).toEqual([s.ids.a1]);
    const none: OrdersByMenuResult = (await staff.get(url('none'))).json();
    expect(none.data.map((g) => [g.location, g.orders.map((o) => o.id)])).toEqual([[null, [s.ids.none]]]);
    expect((await staff.get(url('somewhere'))).statusCode).toBe(422);
  });

  it('is for staff of the menu’s provider only', async () => {
    const s = await scene();
    const staff = await kitchen();
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer' }));
    for (const path of ['order-sections', `order-sections/orders?location=${s.a.id}&`]) {
      const sep = path.includes('?') ? '' : '?';
      const own = `/app/dishlists/${s.menu.id}/${path}${sep}provider_id=${s.provider.id}`;
      expect((await staff.get(own)).statusCode).toBe(200);
      expect((await customer.get(own)).statusCode).toBe(403);
      expect((await ctx.anon.get(own)).statusCode).toBe(401);
      // Another provider's menu, and an unknown one.
      expect((await staff.get(own.replace(`/${s.menu.id}/`, `/${s.foreign.id}/`))).statusCode).toBe(404);
      expect((await staff.get(own.replace(`/${s.menu.id}/`, '/99999999/'))).statusCode).toBe(404);
    }
  });

  it('refuses values past their limits (422) and answers an empty section at the largest id', async () => {
    const s = await scene();
    const staff = await kitchen();
    const base = `/app/dishlists/${s.menu.id}/order-sections`;
    const q = `provider_id=${s.provider.id}`;
    for (const bad of ['0', '-1', String(MAX_DB_ID + 1), '1.5', '']) {
      expect((await staff.get(`${base}/orders?${q}&location=${bad}`)).statusCode, `location=${bad}`).toBe(422);
    }
    for (const bad of ['2', '-1', 'yes']) {
      expect((await staff.get(`${base}?${q}&accepted=${bad}`)).statusCode, `accepted=${bad}`).toBe(422);
      expect((await staff.get(`${base}/orders?${q}&location=${s.a.id}&accepted=${bad}`)).statusCode).toBe(422);
    }
    expect((await staff.get(`/app/dishlists/${MAX_DB_ID + 1}/order-sections?${q}`)).statusCode).toBe(422);
    const largest = await staff.get(`${base}/orders?${q}&location=${MAX_DB_ID}`);
    expect(largest.statusCode).toBe(200);
    expect((largest.json() as OrdersByMenuResult).data).toEqual([]);
  });

  it('stops answering kitchen staff once deactivated, on the session they already hold', async () => {
    const s = await scene();
    const session = await signedIn(ctx.db, { role: 'kitchen' });
    const own = `/app/dishlists/${s.menu.id}/order-sections?provider_id=${s.provider.id}`;
    expect((await ctx.as(session).get(own)).statusCode).toBe(200);
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    expect((await admin.post(`/app/admin/users/${session.user.id}/deactivate`)).statusCode).toBe(200);
    expect((await ctx.as(session).get(own)).statusCode).toBe(401);
    expect(
      (await ctx.as(session).get(`/app/dishlists/${s.menu.id}/order-sections/orders?provider_id=${s.provider.id}&location=${s.a.id}`))
        .statusCode,
    ).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WeekResult } from '../../../shared/schemas/plan-ahead.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { addToMenu, cashOrder, customerAt, makeMenu, menuWorld } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const withoutNow = ({ now: _now, ...rest }: { now: string }) => rest;

describe('GET /app/order/week', () => {
  it("answers in one call what the week view asked two calls a day for: each open menu's order page and the customer's own orders", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const later = await makeMenu(ctx.db, {
      providerId: w.provider.id,
      from: new Date(ctx.clock.now().getTime() + 86_400_000),
      to: new Date(ctx.clock.now().getTime() + 86_400_000 + 3600_000),
    });
    await addToMenu(ctx.db, later.id, w.main);
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const someoneElse = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const q = `provider_id=${w.provider.id}&lang=en`;
    expect((await c.post(`/app/order/create?${q}`, cashOrder(w.menu.id, w.soup.id))).statusCode).toBe(200);
    expect((await c.post(`/app/order/create?${q}`, cashOrder(later.id, w.main.id))).statusCode).toBe(200);
    expect((await someoneElse.post(`/app/order/create?${q}`, cashOrder(w.menu.id, w.main.id))).statusCode).toBe(200);
    const cancelled = await c.post(`/app/order/create?${q}`, cashOrder(w.menu.id, w.main.id));
    expect((await c.post(`/app/order/${cancelled.json().order_id}/cancel?${q}`)).statusCode).toBe(200);

    const res = await c.get(`/app/order/week?${q}`);
    expect(res.statusCode).toBe(200);
    const week = res.json() as WeekResult;
    expect(week.days.map((d) => d.dishlist?.id)).toEqual([w.menu.id, later.id]);
    // Each day is what the order page answers for that menu (its `now` aside).
    for (const day of week.days) {
      const page = (await c.get(`/app/order/create/${day.dishlist!.id}?${q}`)).json();
      expect(withoutNow(day)).toEqual(withoutNow(page));
    }
    // The orders are the ones the customer's history lists for those menus (the cancelled one marked).
    const location = c.user.locationId!;
    for (const id of [w.menu.id, later.id]) {
      const listed = (await c.get(`/app/dishlists/history/${location}/${id}?per_page=all&${q}`)).json().data;
      expect(week.orders.filter((o) => o.dishlist.id === id)).toEqual(listed);
    }
    expect(week.orders.map((o) => [o.dishlist.id, o.status])).toEqual([
      [w.menu.id, 2],
      [later.id, 2],
      [w.menu.id, 3],
    ]);

    // Staff see the days without orders; nobody signed out.
    const admin = await ctx.as('admin');
    const theirs = (await admin.get(`/app/order/week?${q}`)).json() as WeekResult;
    expect(theirs.days.map((d) => d.dishlist?.id)).toEqual([w.menu.id, later.id]);
    expect(theirs.orders).toEqual([]);
    expect((await ctx.anon.get(`/app/order/week?${q}`)).statusCode).toBe(401);
  });

  it('answers no days when the provider has no open menu', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    ctx.clock.set(new Date(w.menu.to.getTime() + 1000));
    try {
      expect((await c.get(`/app/order/week?provider_id=${w.provider.id}`)).json()).toEqual({ days: [], orders: [] });
    } finally {
      ctx.clock.set(new Date());
    }
  });
});

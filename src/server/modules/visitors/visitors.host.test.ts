import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index.js';
import { makeLocation } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { visitorWorld } from './visitors.factories.js';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

type World = Awaited<ReturnType<typeof visitorWorld>>;

async function newLink(w: World) {
  const res = await ctx.as(w.manager).post('/app/visitor-links', { menu_id: w.menu.id, guest_name: 'Ieva Ozola' });
  expect(res.statusCode, res.body).toBe(201);
  return /\/visit\/([A-Za-z0-9_-]+)$/.exec(res.json<{ url: string }>().url)![1]!;
}

const guestOrdersOf = (hostId: number) =>
  ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, hostId), eq(orders.kind, 'guest')));

describe('a visitor link whose host may no longer host (issue 29, review)', () => {
  const cases: [string, (w: World) => Promise<void>][] = [
    [
      'deactivated',
      (w) =>
        ctx.db
          .update(users)
          .set({ active: false })
          .where(eq(users.id, w.manager.user.id))
          .then(() => undefined),
    ],
    [
      'no longer the manager',
      (w) =>
        ctx.db
          .update(users)
          .set({ isLocationManager: false })
          .where(eq(users.id, w.manager.user.id))
          .then(() => undefined),
    ],
    [
      'moved to another location',
      async (w) => {
        const elsewhere = await makeLocation(ctx.db, { meetingLimitCents: 1000 });
        await ctx.db.update(users).set({ locationId: elsewhere.id }).where(eq(users.id, w.manager.user.id));
      },
    ],
  ];
  for (const [what, change] of cases) {
    it(`opens nothing and orders nothing once the host is ${what}`, async () => {
      const w = await visitorWorld(ctx.db, ctx.clock.now());
      const token = await newLink(w);
      expect((await ctx.anon.get(`/app/visit/${token}`)).statusCode).toBe(200);
      await change(w);
      expect((await ctx.anon.get(`/app/visit/${token}`)).statusCode).toBe(404);
      const pick = await ctx.anon.post(`/app/visit/${token}/order`, { items: [{ id: w.soup.id }] });
      expect(pick.statusCode).toBe(404);
      expect(await guestOrdersOf(w.manager.user.id)).toEqual([]);
    });
  }
});

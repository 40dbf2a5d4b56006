import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementDeliveries, announcementRecipients, announcements, auditLog, orders } from '../../db/schema/index.js';
import { makeLocation, makeShift, makeUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeLap } from '../laps/laps.factories.js';
import { menuWorld } from '../ordering/ordering.factories.js';
import { placedOrder } from '../teams/teams.factories.js';
import { resolveAudience } from './announcements.audience.js';
import { announcementsIdle, dispatchAnnouncements } from './announcements.dispatch.js';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const texts = (lv: string, en = '', ru = '') => ({ lv, en, ru });
const draft = (audience: { kind: string; ids?: number[] }, extra: Record<string, unknown> = {}) => ({
  title: texts('Svētku ēdienkarte', 'Holiday menu'),
  body: texts('Piektdien būs svētku ēdienkarte.', 'A holiday menu on Friday.'),
  audience,
  channels: ['banner'],
  ...extra,
});

/**
 * Two providers: P's laps carry locations A (lap 1) and B (lap 2); Q's lap carries C. Customers:
 * a1, a2 at A (a2 deactivated), b1 at B, c1 at C, n1 at no lap's location; staff k at A.
 * Orders on P's menu: a1 (dish soup, shift sA), b1 (main), a2 (soup; deactivated), c1 pending.
 */
async function world() {
  const now = ctx.clock.now();
  const p = await menuWorld(ctx.db, now);
  const q = await menuWorld(ctx.db, now);
  const [A, B, C, N] = await Promise.all([makeLocation(ctx.db), makeLocation(ctx.db), makeLocation(ctx.db), makeLocation(ctx.db)]);
  const lap1 = await makeLap(ctx.db, p.provider.id, [A.id]);
  const lap2 = await makeLap(ctx.db, p.provider.id, [B.id]);
  const lapQ = await makeLap(ctx.db, q.provider.id, [C.id]);
  const shiftA = await makeShift(ctx.db, A.id, 'Rīts');
  const u = (locationId: number, extra: Parameters<typeof makeUser>[1] = {}) =>
    makeUser(ctx.db, { role: 'customer', locationId, ...extra });
  const a1 = await u(A.id);
  const a2 = await u(A.id, { active: false });
  const b1 = await u(B.id, { lang: 'en' });
  const c1 = await u(C.id);
  const n1 = await u(N.id);
  const k = await makeUser(ctx.db, { role: 'kitchen', locationId: A.id });
  const line = (d: { id: number }) => ({ dishId: d.id, title: { lv: 'x' }, qty: 1, unitPriceCents: 300 });
  const o1 = await placedOrder(ctx.db, { menuId: p.menu.id, userId: a1.id, locationId: A.id, amountCents: 300, lines: [line(p.soup)] });
  await ctx.db.update(orders).set({ shiftId: shiftA.id }).where(eq(orders.id, o1.id));
  await placedOrder(ctx.db, { menuId: p.menu.id, userId: b1.id, locationId: B.id, amountCents: 550, lines: [line(p.main)] });
  await placedOrder(ctx.db, { menuId: p.menu.id, userId: a2.id, locationId: A.id, amountCents: 300, lines: [line(p.soup)] });
  await placedOrder(ctx.db, { menuId: p.menu.id, userId: c1.id, locationId: C.id, amountCents: 300, status: 1, lines: [line(p.soup)] });
  return { p, q, A, B, C, N, lap1, lap2, lapQ, shiftA, a1, a2, b1, c1, n1, k };
}

describe('resolveAudience', () => {
  it('answers exactly the active users of each kind', async () => {
    const w = await world();
    const now = ctx.clock.now();
    const of = (kind: string, ids: number[] = [], providerId: number | null = w.p.provider.id) =>
      resolveAudience(ctx.db, { kind, ids }, providerId, now);
    expect(await of('locations', [w.A.id])).toEqual([w.a1.id]);
    expect(await of('locations', [w.A.id, w.C.id])).toEqual([w.a1.id, w.c1.id]);
    expect(await of('laps', [w.lap2.id])).toEqual([w.b1.id]);
    expect(await of('laps', [w.lap1.id, w.lap2.id])).toEqual([w.a1.id, w.b1.id]);
    expect(await of('shifts', [w.shiftA.id])).toEqual([w.a1.id]);
    expect(await of('menu', [w.p.menu.id])).toEqual([w.a1.id, w.b1.id]); // a2 deactivated, c1's order pending
    expect(await of('dish', [w.p.soup.id])).toEqual([w.a1.id]);
    expect(await of('dish', [w.p.main.id])).toEqual([w.b1.id]);
    expect(await of('users', [w.a1.id, w.a2.id, w.k.id])).toEqual([w.a1.id, w.k.id]);
    // A provider's "all": the customers of its laps' locations (not staff, not elsewhere).
    expect(await of('all')).toEqual([w.a1.id, w.b1.id]);
    expect(await of('all', [], w.q.provider.id)).toEqual([w.c1.id]);
    // An administrator's "all": every active customer, these among them; never a2 or k.
    const everyone = await of('all', [], null);
    expect(everyone).toEqual(expect.arrayContaining([w.a1.id, w.b1.id, w.c1.id, w.n1.id]));
    expect(everyone).not.toContain(w.a2.id);
    expect(everyone).not.toContain(w.k.id);
  });
});

describe('writing announcements', () => {
  it('kitchen staff write within their provider only; customers may not; lv is required', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const url = `/app/announcements?provider_id=${w.p.provider.id}`;
    for (const audience of [
      { kind: 'locations', ids: [w.C.id] },
      { kind: 'laps', ids: [w.lapQ.id] },
      { kind: 'menu', ids: [w.q.menu.id] },
      { kind: 'dish', ids: [w.q.soup.id] },
    ])
      expect((await kitchen.post(url, draft(audience))).statusCode).toBe(404);
    expect((await (await ctx.as('customer')).post(url, draft({ kind: 'all' }))).statusCode).toBe(403);
    const noLv = await kitchen.post(url, { ...draft({ kind: 'all' }), title: texts('', 'Only English') });
    expect(noLv.statusCode).toBe(422);
    expect(Object.keys(noLv.json().errors)).toContain('title.lv');
    const preview = await kitchen.post(`/app/announcements/preview?provider_id=${w.p.provider.id}`, {
      kind: 'laps',
      ids: [w.lap1.id, w.lap2.id],
    });
    expect(preview.json()).toEqual({ count: 2 });

    const made = await kitchen.post(url, draft({ kind: 'locations', ids: [w.A.id] }));
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    expect(made.json()).toMatchObject({ status: 'draft', titles: { lv: 'Svētku ēdienkarte', en: 'Holiday menu', ru: '' } });
    // Another provider's staff view: not found; an administrator sees it.
    expect((await kitchen.get(`/app/announcements/${id}?provider_id=${w.q.provider.id}`)).statusCode).toBe(404);
    expect((await (await ctx.as('admin')).get(`/app/announcements/${id}`)).statusCode).toBe(200);
    const list = await kitchen.get(url);
    expect(list.json().data.map((a: { id: number }) => a.id)).toContain(id);
    expect(
      (await kitchen.get(`/app/announcements?provider_id=${w.q.provider.id}`)).json().data.map((a: { id: number }) => a.id),
    ).not.toContain(id);

    const edited = await kitchen.put(
      `/app/announcements/${id}?provider_id=${w.p.provider.id}`,
      draft({ kind: 'locations', ids: [w.A.id, w.B.id] }),
    );
    // Kept in id order, one of each.
    expect(edited.json().audience).toEqual({ kind: 'locations', ids: [w.A.id, w.B.id].sort((a, b) => a - b) });
    expect((await kitchen.post(`/app/announcements/${id}/cancel?provider_id=${w.p.provider.id}`)).json().status).toBe('cancelled');
    expect((await kitchen.put(`/app/announcements/${id}?provider_id=${w.p.provider.id}`, draft({ kind: 'all' }))).statusCode).toBe(409);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'announcement'), eq(auditLog.entityId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['announcement.cancel', 'announcement.create', 'announcement.update']);
  });

  it('a scheduled one is not sent before its time and is sent after; its banner reaches its location only, with the fallback mark', async () => {
    ctx.clock.set(new Date('2026-11-02T08:00:00Z'));
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const q = `?provider_id=${w.p.provider.id}`;
    const sendAt = '2026-11-02T09:00:00.000Z';
    const made = await kitchen.post(`/app/announcements${q}`, { ...draft({ kind: 'laps', ids: [w.lap1.id, w.lap2.id] }), send_at: sendAt });
    const id = made.json().id;
    expect((await kitchen.post(`/app/announcements/${id}/schedule${q}`)).json()).toMatchObject({ status: 'scheduled', send_at: sendAt });
    await announcementsIdle();
    await dispatchAnnouncements(ctx.deps);
    const a1 = await ctx.as(w.a1);
    const b1 = await ctx.as(w.b1);
    expect((await a1.get('/app/announcements/current')).json().data).toEqual([]);

    ctx.clock.set(new Date('2026-11-02T09:00:30Z'));
    await dispatchAnnouncements(ctx.deps);
    const [row] = await ctx.db.select().from(announcements).where(eq(announcements.id, id));
    expect(row!.status).toBe('sent');
    // b1 reads English; a1 Latvian; a reader of Russian gets Latvian with the mark.
    expect((await b1.get('/app/announcements/current?lang=en')).json().data).toEqual([
      { id, title: 'Holiday menu', body: 'A holiday menu on Friday.', fallback: false },
    ]);
    expect((await a1.get('/app/announcements/current?lang=ru')).json().data).toEqual([
      { id, title: 'Svētku ēdienkarte', body: 'Piektdien būs svētku ēdienkarte.', fallback: true },
    ]);
    expect((await (await ctx.as(w.c1)).get('/app/announcements/current')).json().data).toEqual([]);
    // Dismissed stays dismissed; someone else's cannot be dismissed.
    expect((await (await ctx.as(w.c1)).post(`/app/announcements/${id}/dismiss`)).statusCode).toBe(404);
    expect((await a1.post(`/app/announcements/${id}/dismiss`)).json()).toEqual({ id, dismissed: true });
    expect((await a1.get('/app/announcements/current')).json().data).toEqual([]);
    const reach = (await kitchen.get(`/app/announcements/${id}${q}`)).json().reach;
    expect(reach).toMatchObject({ recipients: 2, banner_seen: 2, banner_dismissed: 1 });
    // Sent: no longer editable or cancellable.
    expect((await kitchen.post(`/app/announcements/${id}/cancel${q}`)).statusCode).toBe(409);
    // The banner ends at its end date.
    ctx.clock.set(new Date('2026-11-09T09:01:00Z'));
    expect((await b1.get('/app/announcements/current')).json().data).toEqual([]);
  });

  it('"send now" delivers at once through the kick', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const q = `?provider_id=${w.p.provider.id}`;
    const id = (await kitchen.post(`/app/announcements${q}`, draft({ kind: 'locations', ids: [w.B.id] }))).json().id;
    expect((await kitchen.post(`/app/announcements/${id}/send${q}`)).statusCode).toBe(200);
    await announcementsIdle();
    expect((await (await ctx.as(w.b1)).get('/app/announcements/current')).json().data.map((b: { id: number }) => b.id)).toEqual([id]);
  });

  it('"send now" twice at once reaches each person once; another provider\'s staff cannot send it', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const q = `?provider_id=${w.p.provider.id}`;
    const made = await kitchen.post(
      `/app/announcements${q}`,
      draft({ kind: 'locations', ids: [w.B.id] }, { channels: ['banner', 'email'] }),
    );
    const id = made.json().id;
    expect((await kitchen.post(`/app/announcements/${id}/send?provider_id=${w.q.provider.id}`)).statusCode).toBe(404);
    const sends = await Promise.all([kitchen.post(`/app/announcements/${id}/send${q}`), kitchen.post(`/app/announcements/${id}/send${q}`)]);
    for (const r of sends) expect([200, 409]).toContain(r.statusCode);
    await announcementsIdle();
    await dispatchAnnouncements(ctx.deps);
    const recipients = await ctx.db.select().from(announcementRecipients).where(eq(announcementRecipients.announcementId, id));
    expect(recipients.map((r) => r.userId)).toEqual([w.b1.id]);
    const mails = await ctx.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, id));
    expect(mails.map((m) => [m.userId, m.channel])).toEqual([[w.b1.id, 'email']]);
  });
});

describe('delivery problems', () => {
  it('a stop marked "problem" reaches exactly the eaters of that menu at that stop, once', async () => {
    const w = await world();
    const kitchen = await ctx.as('kitchen');
    const put = (body: object) => kitchen.put(`/app/laps/stops/${w.p.menu.id}/${w.A.id}?provider_id=${w.p.provider.id}`, body);
    expect((await put({ status: 'problem', note: 'Auto salūzis' })).statusCode).toBe(200);
    expect((await put({ status: 'problem', note: 'Auto salūzis, gaidām' })).statusCode).toBe(200); // still the same problem
    await announcementsIdle();
    const made = await ctx.db.select().from(announcements).where(eq(announcements.kind, 'delivery-problem'));
    const mine = made.filter((a) => (a.subject as { menu_id?: number }).menu_id === w.p.menu.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'sent', audience: { kind: 'users', ids: [w.a1.id] }, channels: ['banner', 'email', 'push'] });
    const banners = (await (await ctx.as(w.a1)).get('/app/announcements/current?lang=en')).json().data;
    expect(banners).toHaveLength(1);
    expect(banners[0].body).toContain('Driver’s note: Auto salūzis');
    expect((await (await ctx.as(w.b1)).get('/app/announcements/current')).json().data).toEqual([]);
  });
});

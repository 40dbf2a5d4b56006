import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index.js';
import { createSession } from '../../lib/auth.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { makeLocation, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function place(who: Client, body: object) {
  const res = await who.post('/app/order/create', { terms: true, ...body });
  expect(res.statusCode).toBe(200);
  return res.json().order_id as number;
}

async function world() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const me = ctx.as(await customerAt(ctx.db, now, { title: 'Birojs Ķengarags', subsidyCents: 100 }, { firstName: 'Jānis Bērziņš' }));
  const colleague = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: me.location.id, firstName: 'Līga' }, now));
  const stranger = ctx.as(await customerAt(ctx.db, now));
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
  const mine = await place(me, { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 2 }], payment_type: 'cash' });
  const pendingCard = await place(me, { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'card' });
  const paidCard = await place(colleague, { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'card' });
  await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, paidCard));
  return { w, me, colleague, stranger, staff, mine, pendingCard, paidCard };
}

describe('order history', () => {
  it('lists a customer’s own placed orders per menu with sums, only for their own location', async () => {
    const x = await world();
    const res = await x.me.get(`/app/dishlists/history/${x.me.location.id}?per_page=all`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, per_page: 'all', current_page: 1, last_page: 1 });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        id: x.w.menu.id,
        cash_total: 5,
        cards_total: 0,
        subsidy_total: 1,
        bonus_total: 0,
        total: 6,
        orders_count: 1,
      }),
    ]);
    expect((await x.stranger.get(`/app/dishlists/history/${x.me.location.id}`)).statusCode).toBe(403);
    expect((await ctx.anon.get(`/app/dishlists/history/${x.me.location.id}`)).statusCode).toBe(401);
  });

  it('shows staff every placed order of the location', async () => {
    const x = await world();
    const list = (await x.staff.get(`/app/dishlists/history/${x.me.location.id}?per_page=all`)).json();
    expect(list.data[0]).toMatchObject({ cash_total: 5, cards_total: 4.75, subsidy_total: 2, total: 11.5, orders_count: 2 });
    const menu = (await x.staff.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}?per_page=all`)).json();
    expect(menu.data.map((o: { id: number }) => o.id)).toEqual([x.mine, x.paidCard]);
    expect(menu.location).toEqual({ id: x.me.location.id, title: 'Birojs Ķengarags' });
    expect((await x.staff.get('/app/dishlists/history/99999999')).statusCode).toBe(404);
  });

  it('gives a customer their own orders of one menu with sums', async () => {
    const x = await world();
    const res = await x.me.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}?per_page=all`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Their order waiting for its card payment is listed too, with its payment link, and not summed (decision 045).
    expect(body.data.map((o: { id: number; status: number }) => [o.id, o.status])).toEqual([
      [x.mine, 2],
      [x.pendingCard, 1],
    ]);
    expect(body.data[1].payment_link).toEqual(expect.stringContaining('/app/payments/'));
    expect(body.dishlist).toMatchObject({ id: x.w.menu.id, cash_total: 5, total: 6, orders_count: 1 });
    expect((await x.stranger.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}`)).statusCode).toBe(403);
  });

  it('downloads the report as a real PDF with Latvian names, signed in by header only, never by a token in the address', async () => {
    const x = await world();
    const res = await x.staff.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}/pdf?lang=lv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Pasūtījumu atskaite');
    expect(text).toContain('Jānis Bērziņš');
    expect(text).toContain('Līga');
    expect(text).toContain('Birojs Ķengarags');
    expect(text).toContain('Skābeņu zupa');
    const own = await x.me.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}/pdf?lang=en`);
    expect(own.statusCode).toBe(200);
    const ownText = pdfText(own.rawPayload);
    expect(ownText).toContain('Order report');
    expect(ownText).toContain('Jānis Bērziņš');
    expect(ownText).not.toContain('Līga');
    const denied = await x.stranger.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}/pdf`);
    expect(denied.statusCode).toBe(403);
    // The long-lived session token in the address is not accepted (decision 012).
    for (const token of [x.me.token, x.staff.token]) {
      const byQuery = await ctx.anon.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}/pdf?bearer=${token}&lang=en`);
      expect(byQuery.statusCode).toBe(401);
    }
  });

  it('keeps a customer’s own orders in their history after they move to another location', async () => {
    const x = await world();
    const newPlace = await makeLocation(ctx.db, { title: 'Jaunais birojs' });
    await ctx.db.update(users).set({ locationId: newPlace.id }).where(eq(users.id, x.me.user.id));
    const moved = ctx.as({ token: await createSession(ctx.db, x.me.user.id, true, ctx.clock.now()) });
    const list = await moved.get(`/app/dishlists/history/${newPlace.id}?per_page=all`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: x.w.menu.id, cash_total: 5, orders_count: 1 })]);
    const menu = await moved.get(`/app/dishlists/history/${newPlace.id}/${x.w.menu.id}?per_page=all`);
    expect(menu.json().data.map((o: { id: number }) => o.id)).toEqual([x.mine, x.pendingCard]);
    // The order still names the location it was placed at; colleagues' orders stay out.
    expect(menu.json().data[0].user.location).toEqual({ id: x.me.location.id, title: 'Birojs Ķengarags' });
    const pdf = await moved.get(`/app/dishlists/history/${newPlace.id}/${x.w.menu.id}/pdf?lang=en`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Jānis Bērziņš');
    expect(text).not.toContain('Līga');
    // The old location is no longer theirs to ask about.
    expect((await moved.get(`/app/dishlists/history/${x.me.location.id}`)).statusCode).toBe(403);
  });

  it('the report shows the sums of the visible orders', async () => {
    const x = await world();
    const pdf = await x.staff.get(`/app/dishlists/history/${x.me.location.id}/${x.w.menu.id}/pdf?lang=en`);
    const text = pdfText(pdf.rawPayload);
    // Staff totals: cash 5.00 + card 4.75 = 9.75 to pay; food 11.50; subsidy 2.00.
    expect(text).toContain('€9.75');
    expect(text).toContain('€11.50');
    expect(text).toContain('€2.00');
  });
});

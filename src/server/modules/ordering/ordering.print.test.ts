import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { makeLocation, makeShift, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * A menu with placed orders at two locations (one with a shift, a comment, a set meal paid by
 * card), plus a pending card order and a failed order that the orders page does not list.
 */
async function printWorld() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const place = async (who: Client, body: object) => {
    const res = await who.post('/app/order/create', { terms: true, dishlist_id: w.menu.id, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().order_id as number;
  };
  const first = ctx.as(
    await customerAt(
      ctx.db,
      now,
      { title: 'Ērgļu birojs', address: 'Ģertrūdes iela 1', subsidyCents: 100 },
      { firstName: 'Jānis Bērziņš', phone: '+371 20000001' },
    ),
  );
  const shift = await makeShift(ctx.db, first.location.id, 'Rīta maiņa');
  const second = ctx.as(await customerAt(ctx.db, now, { title: 'Šķūņa noliktava' }, { firstName: 'Ģirts Ķēniņš', phone: '+371 20000002' }));
  const [g1, g2] = w.set.groups;
  const soups = await place(first, {
    items: [{ id: w.soup.id, qty: 2 }],
    payment_type: 'cash',
    shift_id: shift.id,
    comment: 'Bez sāls, lūdzu',
  });
  const set = await place(first, {
    items: [
      {
        id: w.set.complex.id,
        qty: 1,
        complex: [
          { group_id: g1!.id, dish_id: w.soup.id },
          { group_id: g2!.id, dish_id: w.main.id },
        ],
      },
    ],
    payment_type: 'card',
    shift_id: shift.id,
  });
  await ctx.db.update(orders).set({ status: 2 }).where(eq(orders.id, set));
  const main = await place(second, { items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash' });
  // Not on the orders page: a pending card payment and a failed order.
  await place(second, { items: [{ id: w.dessert.id, qty: 7 }], payment_type: 'card', comment: 'Gaida maksājumu' });
  const failed = await place(second, { items: [{ id: w.dessert.id, qty: 9 }], payment_type: 'cash', comment: 'Neizdevās' });
  await ctx.db.update(orders).set({ status: 0 }).where(eq(orders.id, failed));
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
  return {
    w,
    first,
    second,
    shift,
    soups,
    set,
    main,
    staff,
    base: `/app/dishlists/${w.menu.id}/print-orders`,
    q: `?provider_id=${w.provider.id}`,
  };
}

describe('orders print-out (GET /app/dishlists/{id}/print-orders[/{locationId}])', () => {
  it('prints the orders page’s orders per location with person, phone, shift, lines, comment, payment and totals', async () => {
    const x = await printWorld();
    const res = await x.staff.get(`${x.base}${x.q}&lang=lv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${x.w.menu.id}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Pasūtījumi');
    expect(text).toContain(`Ēdienkarte: ${x.w.menu.title}`);
    for (const s of [
      'Ērgļu birojs',
      'Ģertrūdes iela 1',
      'Šķūņa noliktava',
      'Jānis Bērziņš',
      '+371 20000001',
      'Ģirts Ķēniņš',
      '+371 20000002',
      'Rīta maiņa',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('2 × Skābeņu zupa');
    expect(text).toContain('1 × Komplekss (Skābeņu zupa, Cūkgaļas karbonāde)');
    expect(text).toContain('1 × Cūkgaļas karbonāde');
    expect(text).toContain('Bez sāls, lūdzu');
    expect(text).toContain(`Nr. ${x.soups}`);
    expect(text).toContain('Skaidrā naudā');
    expect(text).toContain('Karte');
    // Two soups 6,00 € less the 1,00 € subsidy.
    expect(text).toContain('5,00 €');
    expect(text).toContain('Dotācija 1,00 €');
    // Per-location totals with the plural form of the count, then all locations.
    expect(text).toContain('Ērgļu birojs: 2 pasūtījumi');
    expect(text).toContain('Šķūņa noliktava: 1 pasūtījums');
    expect(text).toContain('Visas vietas: 3 pasūtījumi');
    // Locations in the orders page's order (by title); orders the page does not list are left out.
    expect(text.indexOf('Ērgļu birojs')).toBeLessThan(text.indexOf('Šķūņa noliktava'));
    expect(text).not.toContain('Gaida maksājumu');
    expect(text).not.toContain('Neizdevās');
    expect(text).not.toContain('Maizes zupa');
  });

  it('prints one location, and only the tab’s orders with ?accepted=', async () => {
    const x = await printWorld();
    const one = await x.staff.get(`${x.base}/${x.second.location.id}${x.q}&lang=lv`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toBe(`attachment; filename="orders-${x.w.menu.id}-${x.second.location.id}.pdf"`);
    const text = pdfText(one.rawPayload);
    expect(text).toContain('Pasūtījumi: Šķūņa noliktava');
    expect(text).toContain('Ģirts Ķēniņš');
    expect(text).toContain('Šķūņa noliktava: 1 pasūtījums');
    expect(text).not.toContain('Jānis Bērziņš');
    expect(text).not.toContain('Visas vietas');

    // A location without orders on the menu prints its heading and "nothing to display".
    const empty = await makeLocation(ctx.db, { title: 'Tukšā vieta' });
    const none = pdfText((await x.staff.get(`${x.base}/${empty.id}${x.q}&lang=lv`)).rawPayload);
    expect(none).toContain('Pasūtījumi: Tukšā vieta');
    expect(none).toContain('Nav ko attēlot...');
    expect(none).toContain('Tukšā vieta: 0 pasūtījumu');

    // The orders page's tabs: accept one order, then print new ones and accepted ones.
    const accept = await x.staff.put(`/app/order/${x.soups}?accepted=1`);
    expect(accept.statusCode).toBe(200);
    const accepted = pdfText((await x.staff.get(`${x.base}${x.q}&lang=en&accepted=1`)).rawPayload);
    expect(accepted).toContain('Accepted orders only');
    expect(accepted).toContain(`No. ${x.soups}`);
    expect(accepted).not.toContain(`No. ${x.set}`);
    expect(accepted).toContain('Ērgļu birojs: 1 order');
    const fresh = pdfText((await x.staff.get(`${x.base}${x.q}&lang=en&accepted=0`)).rawPayload);
    expect(fresh).toContain('New orders only');
    expect(fresh).not.toContain(`No. ${x.soups}`);
    expect(fresh).toContain(`No. ${x.set}`);
    expect(fresh).toContain('All locations: 2 orders');
    expect((await x.staff.get(`${x.base}${x.q}&accepted=2`)).statusCode).toBe(422);
  });

  it('speaks the request’s language', async () => {
    const x = await printWorld();
    const en = pdfText((await x.staff.get(`${x.base}${x.q}&lang=en`)).rawPayload);
    expect(en).toContain('Orders');
    expect(en).toContain('1 × Set (Sorrel soup, Pork chop)');
    expect(en).toContain('Ērgļu birojs: 2 orders');
    expect(en).toContain('Šķūņa noliktava: 1 order');
    expect(en).toContain('€5.00');
    const ru = pdfText((await x.staff.get(`${x.base}${x.q}&lang=ru`)).rawPayload);
    expect(ru).toContain('Заказы');
    expect(ru).toContain('Наличные');
    expect(ru).toContain('Ērgļu birojs: 2 заказа');
    expect(ru).toContain('Šķūņa noliktava: 1 заказ');
    expect(ru).toContain('Все места: 3 заказа');
  });

  it('is for admin and kitchen only, and 404 for an unknown or another provider’s menu and an unknown location', async () => {
    const x = await printWorld();
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    expect((await admin.get(`${x.base}${x.q}`)).statusCode).toBe(200);
    expect((await admin.get(`${x.base}/${x.first.location.id}${x.q}`)).statusCode).toBe(200);
    for (const url of [`${x.base}${x.q}`, `${x.base}/${x.first.location.id}${x.q}`]) {
      expect((await x.first.get(url)).statusCode).toBe(403);
      expect((await ctx.anon.get(url)).statusCode).toBe(401);
    }
    const other = await menuWorld(ctx.db, ctx.clock.now());
    expect((await x.staff.get(`/app/dishlists/${other.menu.id}/print-orders${x.q}`)).statusCode).toBe(404);
    expect((await x.staff.get(`/app/dishlists/2147483000/print-orders${x.q}`)).statusCode).toBe(404);
    expect((await x.staff.get(`${x.base}/2147483000${x.q}`)).statusCode).toBe(404);
    expect((await x.staff.get(`/app/dishlists/2147483000/print-orders/${x.first.location.id}${x.q}`)).statusCode).toBe(404);
    expect((await x.staff.get(`${x.base}/abc${x.q}`)).statusCode).toBe(422);
  });
});

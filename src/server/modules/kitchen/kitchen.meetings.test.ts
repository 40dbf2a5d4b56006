import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { cashOrder, customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { labelsOf } from './kitchen.packing.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A meeting of six at a location (two named guests) and a member's own lunch there. */
async function meetingWorld() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const manager = ctx.as(
    await customerAt(ctx.db, now, { title: 'Birojs', meetingLimitCents: 10_000 }, { isLocationManager: true, firstName: 'Inese' }),
  );
  const member = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: manager.location.id, firstName: 'Pēteris' }, now));
  expect((await member.post('/app/order/create', cashOrder(w.menu.id, w.main.id))).statusCode).toBe(200);
  const meeting = await manager.post('/app/meetings', {
    menu_id: w.menu.id,
    items: [
      { id: w.main.id, qty: 1, guest_name: 'Ms Bērziņa' },
      { id: w.main.id, qty: 1, guest_name: 'Mr Smith' },
      { id: w.main.id, qty: 3 },
      { id: w.soup.id, qty: 1 },
    ],
    delivery_note: 'Room 3',
  });
  expect(meeting.statusCode, meeting.body).toBe(201);
  const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Kārlis' }, now));
  return { w, manager, member, meetingId: meeting.json().id as number, staff, q: `?provider_id=${w.provider.id}&lang=en` };
}

describe('a meeting in the kitchen', () => {
  it('is one ticket of its own on the display, with its host, delivery note and guests', async () => {
    const x = await meetingWorld();
    const res = await x.staff.get(`/app/kitchen/${x.w.menu.id}/tickets${x.q}&by=location`);
    expect(res.statusCode).toBe(200);
    const tickets = res.json().tickets as { key: string; kind: string; portions: number; order_count: number; meeting?: object }[];
    const location = tickets.find((t) => t.key === `loc:${x.manager.location.id}`);
    // The member's lunch only: the meeting is not counted on its location's ticket.
    expect(location).toMatchObject({ kind: 'location', portions: 1, order_count: 1 });
    const key = `meeting:${x.meetingId}`;
    const meeting = tickets.find((t) => t.key === key);
    expect(meeting).toMatchObject({
      kind: 'meeting',
      title: 'Birojs',
      portions: 6,
      order_count: 1,
      meeting: { order_id: x.meetingId, host: 'Inese', delivery_note: 'Room 3' },
      lines: [
        { title: 'Pork chop', qty: 5, options: [] },
        { title: 'Sorrel soup', qty: 1, options: [] },
      ],
    });
    // Right after its location's ticket.
    expect(tickets.findIndex((t) => t.key === key)).toBe(tickets.indexOf(location!) + 1);
    const opened = (await x.staff.get(`/app/kitchen/${x.w.menu.id}/tickets/orders${x.q}&ticket=${key}`)).json();
    expect(opened.orders).toHaveLength(1);
    expect(opened.orders[0]).toMatchObject({ id: x.meetingId, name: 'Inese', meeting: { delivery_note: 'Room 3' } });
    expect(opened.orders[0].lines.map((l: { guest_name: string }) => l.guest_name)).toEqual(['Ms Bērziņa', 'Mr Smith', '', '']);
    const own = (await x.staff.get(`/app/kitchen/${x.w.menu.id}/tickets/orders${x.q}&ticket=loc:${x.manager.location.id}`)).json();
    expect(own.orders.map((o: { name: string }) => o.name)).toEqual(['Pēteris']);
    // Bumped like any ticket; an unknown meeting is 404.
    const bump = await x.staff.post(`/app/kitchen/${x.w.menu.id}/tickets/bump${x.q}`, { ticket: key });
    expect(bump.json()).toEqual({ success: true, changed: true, ticket: key });
    expect((await x.staff.get(`/app/kitchen/${x.w.menu.id}/tickets/orders${x.q}&ticket=meeting:999999`)).statusCode).toBe(404);
    // By lap (no laps here) the meeting is its own ticket too.
    const byLap = (await x.staff.get(`/app/kitchen/${x.w.menu.id}/tickets${x.q}&by=lap`)).json();
    expect(byLap.bumped.map((t: { key: string }) => t.key)).toContain(key);
  });

  it('prints one label per portion with the guest’s name, else the host’s as their guest; the sheet marks the meeting', async () => {
    const x = await meetingWorld();
    const { labels } = await labelsOf({ db: ctx.db, lang: 'en', provider: async () => x.w.provider.id }, ctx.deps.env, {
      menuId: x.w.menu.id,
      scope: { locationId: x.manager.location.id },
    });
    const meeting = labels.filter((l) => l.orderId === x.meetingId).map((l) => l.name);
    expect(meeting).toEqual(['Ms Bērziņa', 'Mr Smith', 'Inese · guest', 'Inese · guest', 'Inese · guest', 'Inese · guest']);
    expect(labels.filter((l) => l.orderId !== x.meetingId).map((l) => l.name)).toEqual(['Pēteris']);
    const sheet = await x.staff.get(`/app/kitchen/${x.w.menu.id}/production-sheet${x.q}&location=${x.manager.location.id}`);
    expect(sheet.statusCode).toBe(200);
    const text = pdfText(sheet.rawPayload);
    expect(text).toContain('Meeting');
    expect(text).toContain('Deliver to: Room 3');
    expect(text).toContain('1 × Pork chop · Ms Bērziņa');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { deliveredStop, menuAt } from '../laps/ontime.factories.js';
import { invoiceWorld } from './invoices.factories.js';
import { peppolErrors } from './peppol-rules.test-helper.js';
import { ublSchemaErrors } from './ubl-validate.test-helper.js';

let ctx: TestContext;
let admin: UserClient;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-02T10:00:00Z'));
  admin = await ctx.as('admin');
});
afterAll(() => ctx.close());

/**
 * The invoice world's November with deliveries: at the company's two locations 3 stops on time, 1
 * late, 1 without a window; not counted: the other company's stop, a December one (1 December 00:30
 * in Riga, still 30 November in UTC) and another provider's.
 */
async function world() {
  const w = await invoiceWorld(ctx.db);
  const db = ctx.db;
  await deliveredStop(db, w.nov5, w.centrs.id, 0);
  await deliveredStop(db, w.nov30, w.centrs.id, 9);
  await deliveredStop(db, w.nov5, w.plavnieki.id, 0);
  await deliveredStop(db, w.nov30, w.plavnieki.id, 0);
  const nov20 = await menuAt(db, w.provider.id, '2026-11-20T09:00:00Z');
  await deliveredStop(db, nov20, w.plavnieki.id, null);
  await deliveredStop(db, w.nov5, w.alone.id, 4);
  await deliveredStop(db, await menuAt(db, w.provider.id, '2026-11-30T22:30:00Z'), w.centrs.id, 30);
  await deliveredStop(db, await menuAt(db, w.otherProvider.id, '2026-11-06T09:00:00Z'), w.centrs.id, 30);
  return w;
}

describe('on time on the employer’s month statement (decision 071)', () => {
  it('states the deliveries on time of the company’s locations and of one location', async () => {
    const w = await world();
    const q = (scope: string) => `/app/invoices/statement?provider_id=${w.provider.id}&${scope}&month=2026-11`;
    expect((await admin.get(q(`company=${w.companyReg}`))).json().on_time).toEqual({ on_time: 3, late: 1, no_window: 1, rate: 75 });
    expect((await admin.get(q(`location_id=${w.centrs.id}`))).json().on_time).toEqual({ on_time: 1, late: 1, no_window: 0, rate: 50 });
    expect((await admin.get(q(`location_id=${w.alone.id}`))).json().on_time).toEqual({ on_time: 0, late: 1, no_window: 0, rate: 0 });
    const october = (await admin.get(q(`location_id=${w.centrs.id}`).replace('2026-11', '2026-10'))).json();
    expect(october.on_time).toEqual({ on_time: 0, late: 0, no_window: 0, rate: null });
  });

  it('prints it on the invoice PDF in the reader’s language, and the Peppol XML stays valid', async () => {
    const w = await world();
    const res = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=lv`, { company: w.companyReg, month: '2026-11' });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    const text = pdfText((await admin.get(`/app/invoices/${inv.id}/pdf?provider_id=${w.provider.id}`)).rawPayload);
    expect(text).toContain('Piegādāts laikā: 3 no 4 (75 %)');
    expect(text).toContain('Piegādes bez solītā laika (netiek skaitītas): 1');
    const xml = (await admin.get(`/app/invoices/${inv.id}/xml?provider_id=${w.provider.id}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    expect(xml).not.toMatch(/on.?time|laikā/i);
  });

  it('prints it in English and leaves the line out when no stop was delivered', async () => {
    const w = await world();
    const inv = (
      await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=en`, { location_id: w.centrs.id, month: '2026-11' })
    ).json();
    const text = pdfText((await admin.get(`/app/invoices/${inv.id}/pdf?provider_id=${w.provider.id}`)).rawPayload);
    expect(text).toContain('Delivered on time: 1 of 2 (50 %)');
    expect(text).not.toContain('without a promised time');
    const bare = await invoiceWorld(ctx.db);
    const plain = (
      await admin.post(`/app/invoices?provider_id=${bare.provider.id}&lang=en`, { location_id: bare.centrs.id, month: '2026-11' })
    ).json();
    const none = pdfText((await admin.get(`/app/invoices/${plain.id}/pdf?provider_id=${bare.provider.id}`)).rawPayload);
    expect(none).toContain('Amount due');
    expect(none).not.toContain('Delivered on time');
  });

  it('stays out of reach of a location manager and of kitchen staff', async () => {
    const w = await world();
    const q = `/app/invoices/statement?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11`;
    const manager = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.centrs.id, isLocationManager: true }));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    expect((await manager.get(q)).statusCode).toBe(403);
    expect((await kitchen.get(q)).statusCode).toBe(403);
  });
});

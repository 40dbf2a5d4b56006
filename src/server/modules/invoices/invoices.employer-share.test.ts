import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { placedOrder } from '../teams/teams.factories.js';
import { invoiceWorld } from './invoices.factories.js';
import { peppolErrors } from './peppol-rules.test-helper.js';
import { ublSchemaErrors } from './ubl-validate.test-helper.js';
import { orders } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';

/*
 * What the employer pays besides the subsidy (issue 29, decision 073): the budget part of its
 * people's orders and its meeting and guest orders. The invoice bills them, or the provider is
 * never paid for them.
 */

let ctx: TestContext;
let admin: UserClient;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-02T10:00:00Z'));
  admin = await ctx.as('admin');
});
afterAll(() => ctx.close());

describe("the invoice bills the employer's budget and company orders", () => {
  it('a line for the budget part and one for meeting and guest orders, valid UBL; the total is all the employer pays', async () => {
    const w = await invoiceWorld(ctx.db);
    const line = [{ dishId: w.dish.id, title: { lv: 'Karbonāde' }, qty: 1, unitPriceCents: 550 }];
    // Anna's lunch: 5.50 = subsidy 3.50 + budget 2.00.
    const own = await placedOrder(ctx.db, { menuId: w.nov5.id, userId: w.anna.id, locationId: w.centrs.id, amountCents: 550, lines: line });
    await ctx.db
      .update(orders)
      .set({ subsidyCents: 350, budgetCents: 200, amountToPayCents: 0, paymentType: 'budget' })
      .where(eq(orders.id, own.id));
    // A meeting of 4 × 5.50 = 22.00, paid by the company.
    const meeting = await placedOrder(ctx.db, {
      menuId: w.nov5.id,
      userId: w.juris.id,
      locationId: w.centrs.id,
      amountCents: 2200,
      lines: line,
    });
    await ctx.db.update(orders).set({ kind: 'meeting', paymentType: 'company', amountToPayCents: 0 }).where(eq(orders.id, meeting.id));

    const issued = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=en`, { location_id: w.centrs.id, month: '2026-11' });
    expect(issued.statusCode, issued.body).toBe(201);
    // Subsidies 4 × 3.50 = 14.00, the budget 2.00, the meeting 22.00.
    expect(issued.json().total).toBe(38);
    const xml = (await admin.get(`/app/invoices/${issued.json().id}/xml?provider_id=${w.provider.id}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    const lines = xml.match(/<cac:InvoiceLine>.*?<\/cac:InvoiceLine>/gs)!;
    const gross = (l: string) => /<cbc:LineExtensionAmount currencyID="EUR">(.*?)</.exec(l)![1];
    // Net of 14.00, 2.00 and 22.00 at 21 %.
    expect(lines.map(gross)).toEqual(['11.57', '1.65', '18.18']);
    expect(lines[1]).toContain("Employer's budget");
    expect(lines[2]).toContain('Meeting and guest orders');
    const text = pdfText((await admin.get(`/app/invoices/${issued.json().id}/pdf?provider_id=${w.provider.id}`)).rawPayload);
    expect(text).toContain("Employer's budget, Birojs Centrs, 2026-11");
    expect(text).toContain('Meeting and guest orders, Birojs Centrs, 2026-11: 1 orders');

    // The statement's export carries both beside the subsidy, so accounting sees all the employer pays.
    const csv = await admin.get(
      `/app/invoices/statement/export?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11&format=csv&lang=en`,
    );
    const [header, centrs] = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    const cells = (l: string) => l.split(';');
    const at = (name: string) => cells(header!).indexOf(name);
    expect(cells(centrs!)[at('Budget (employer)')]).toBe('2,00');
    expect(cells(centrs!)[at('Meeting and guest orders (employer)')]).toBe('22,00');
    expect(cells(centrs!)[at('Subsidy (employer)')]).toBe('14,00');
  });
});

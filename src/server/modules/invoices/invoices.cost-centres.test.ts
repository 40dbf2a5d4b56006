import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costCentres, orders } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { invoiceWorld } from './invoices.factories.js';
import { peppolErrors } from './peppol-rules.test-helper.js';
import { ublSchemaErrors } from './ubl-validate.test-helper.js';

/*
 * Cost centres on the employer's statement and invoice (issue 29, decision 075): the statement's
 * exports and the invoice's lines split per cost centre, each line with its code as the
 * buyer's accounting reference (cbc:AccountingCost, BT-133), still valid UBL 2.1 and Peppol BIS 3.
 */

let ctx: TestContext;
let admin: UserClient;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-02T10:00:00Z'));
  admin = await ctx.as('admin');
});
afterAll(() => ctx.close());

/** November at the company: Anna's orders booked to Sales, Juris's to "R&D <IT>", Līga's to none. */
async function world() {
  const w = await invoiceWorld(ctx.db);
  const [sales, rnd] = await ctx.db
    .insert(costCentres)
    .values([
      { companyRegistration: w.companyReg, code: 'PR-1', title: 'Pārdošana' },
      { companyRegistration: w.companyReg, code: 'RD&2', title: 'R&D <IT>' },
    ])
    .returning();
  await ctx.db.update(orders).set({ costCentreId: sales!.id }).where(eq(orders.userId, w.anna.id));
  await ctx.db
    .update(orders)
    .set({ costCentreId: rnd!.id })
    .where(and(eq(orders.userId, w.juris.id)));
  return { ...w, sales: sales!, rnd: rnd! };
}

describe('cost centres on the statement and the invoice', () => {
  it('splits the statement’s exports per cost centre; the rows add up to the totals', async () => {
    const w = await world();
    const res = await admin.get(
      `/app/invoices/statement/export?provider_id=${w.provider.id}&company=${w.companyReg}&month=2026-11&format=csv&lang=en`,
    );
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]!.split(';').slice(0, 4)).toEqual(['Month', 'Location', 'Cost centre', 'Orders']);
    // Anna: 8.50 cash + 10.00 bank, 2 × 3.50 subsidy; Juris: 5.50 card, 3.50 subsidy.
    expect(lines.slice(1)).toEqual([
      '2026-11;Birojs Centrs;PR-1 Pārdošana;2;18,50;7,00;0,00;0,00;0,00;5,00;0,00;6,50;0,00;0,00',
      '2026-11;Birojs Centrs;RD&2 R&D <IT>;1;5,50;3,50;0,00;0,00;0,00;0,00;2,00;0,00;0,00;0,00',
      '2026-11;Noliktava Pļavnieki;;1;6,00;2,00;0,00;0,00;0,00;4,00;0,00;0,00;0,00;0,00',
      '2026-11;Total;;4;30,00;12,50;0,00;0,00;0,00;9,00;2,00;6,50;0,00;0,00',
    ]);
  });

  it('issues an invoice with a line per cost centre, each with cbc:AccountingCost, valid against the XSD and the Peppol rules', async () => {
    const w = await world();
    // A correction on Juris's order (recorded in November: it reaches November's invoice) is booked to his order's cost centre.
    ctx.clock.set(new Date('2026-11-20T10:00:00Z'));
    const [juris] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, w.juris.id), eq(orders.status, 2)));
    const corr = await admin.post(`/app/ledger/corrections?provider_id=${w.provider.id}`, {
      amount_cents: -100,
      reason: 'Soup spilt',
      order_id: juris!.id,
    });
    ctx.clock.set(new Date('2026-12-02T10:00:00Z'));
    expect(corr.statusCode, corr.body).toBe(200);
    const issued = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=en`, { company: w.companyReg, month: '2026-11' });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().total).toBe(11.5);
    const xml = (await admin.get(`/app/invoices/${issued.json().id}/xml?provider_id=${w.provider.id}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    const lines = xml.match(/<cac:InvoiceLine>.*?<\/cac:InvoiceLine>/gs)!;
    expect(lines).toHaveLength(4);
    const cost = (l: string) => /<cbc:AccountingCost>(.*?)<\/cbc:AccountingCost>/.exec(l)?.[1] ?? null;
    const net = (l: string) => /<cbc:LineExtensionAmount currencyID="EUR">(.*?)</.exec(l)![1];
    // Sales 7.00 (net 5.79), R&D 3.50 (2.89), Pļavnieki 2.00 without one (1.65), the correction −1.00 on R&D (−0.83).
    expect(lines.map((l) => [cost(l), net(l)])).toEqual([
      ['PR-1', '5.79'],
      ['RD&amp;2', '2.89'],
      [null, '1.65'],
      ['RD&amp;2', '-0.83'],
    ]);
    // Right after the line's amount, as UBL 2.1 orders it.
    expect(lines[0]).toMatch(/<\/cbc:LineExtensionAmount>\n?<cbc:AccountingCost>PR-1<\/cbc:AccountingCost>\n?<cac:Item>/);
    expect(lines[1]).toContain('cost centre RD&amp;2 R&amp;D &lt;IT&gt;');

    // The PDF names the cost centre on its lines.
    const pdf = await admin.get(`/app/invoices/${issued.json().id}/pdf?provider_id=${w.provider.id}`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('cost centre PR-1 Pārdošana');
  });

  it('an invoice without cost centres stays as before: no AccountingCost', async () => {
    const w = await invoiceWorld(ctx.db);
    const issued = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=en`, { location_id: w.centrs.id, month: '2026-11' });
    const xml = (await admin.get(`/app/invoices/${issued.json().id}/xml?provider_id=${w.provider.id}`)).body;
    expect(xml).not.toContain('AccountingCost');
    expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(1);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentTotals, invoiceLines, type InvoiceDocument } from './invoice-document.js';
import { ublXml } from './invoices.ubl.js';
import { peppolErrors } from './peppol-rules.test-helper.js';
import type { MonthStatement, StatementLocation } from './statement.js';
import { ublSchemaErrors } from './ubl-validate.test-helper.js';

const party = {
  name: 'SIA Ēdiens <&> "Co"',
  registrationNumber: '40003000000',
  vatNumber: 'LV40003000000',
  address: 'Dzirnavu iela 5 <&>',
  city: 'Rīga',
  postalCode: 'LV-1010',
  country: 'LV',
};

function statementOf(subsidies: number[], corrections: number[] = []): MonthStatement {
  const locations: StatementLocation[] = subsidies.map((subsidy, i) => ({
    id: i + 1,
    title: `Vieta ${i + 1} & <co>`,
    companyName: party.name,
    registrationNumber: party.registrationNumber,
    vatNumber: party.vatNumber,
    address: party.address,
    city: party.city,
    postalCode: party.postalCode,
    country: party.country,
    orders: 1 + i,
    gross: subsidy * 2,
    subsidy,
    bonus: 0,
    cash: subsidy,
    card: 0,
    bank: 0,
    refunds: 0,
    corrections: 0,
  }));
  return {
    providerId: 1,
    month: '2026-02',
    scope: { locationId: null, company: '40003000000', title: 'Co' },
    locations,
    corrections: corrections.map((amountCents, i) => ({
      id: 100 + i,
      locationId: 1 + (i % locations.length),
      at: new Date('2026-02-10T10:00:00Z'),
      reason: `Labojums <${i}> & "co"`,
      amountCents,
    })),
    totals: locations[0]!,
  };
}

function documentOf(subsidies: number[], rateBp: number, kind: InvoiceDocument['kind'], corrections: number[] = []): InvoiceDocument {
  const statement = statementOf(subsidies, corrections);
  const lines = invoiceLines(statement, rateBp);
  return {
    kind,
    code: '2026-000007',
    issueDate: '2026-03-01',
    dueDate: '2026-03-15',
    month: '2026-02',
    currency: 'EUR',
    seller: { ...party, iban: 'LV80BANK0000435195001' },
    buyer: party,
    buyerReference: 'Co',
    vatRateBp: rateBp,
    lines,
    ...documentTotals(lines),
    credits: kind === 'credit_note' ? { code: '2026-000006', issueDate: '2026-03-01' } : null,
    statement,
  };
}

const subsidies = fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 30 });
const rates = fc.oneof(fc.constantFrom(0, 500, 1200, 2100, 2500), fc.integer({ min: 0, max: 10_000 }));

describe('invoice documents', () => {
  it('always satisfy the Peppol totals and VAT rules, to the cent', () => {
    fc.assert(
      fc.property(subsidies, rates, fc.constantFrom('invoice' as const, 'credit_note' as const), (s, rate, kind) => {
        const doc = documentOf(s, rate, kind);
        expect(doc.gross).toBe(s.reduce((a, b) => a + b, 0));
        expect(peppolErrors(ublXml(doc))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('are valid UBL 2.1 with many lines, odd rates and characters to escape', async () => {
    for (const kind of ['invoice', 'credit_note'] as const) {
      const xml = ublXml(documentOf([1, 350, 999_999, 12_345], 1250, kind));
      expect(await ublSchemaErrors(xml)).toEqual([]);
      expect(xml).toContain('<cbc:Percent>12.5</cbc:Percent>');
      expect(xml).toContain('SIA Ēdiens &lt;&amp;&gt; &quot;Co&quot;');
    }
  });

  it("put each part of the parties' addresses in its own UBL element, also for snapshots from before the parts", async () => {
    const doc = documentOf([350], 2100, 'invoice');
    doc.seller = { ...doc.seller, address: 'Brīvības iela 1', city: 'Valmiera', postalCode: 'LV-4201', country: 'LV' };
    doc.buyer = { ...doc.buyer, address: 'Narva mnt 5', city: 'Tallinn', postalCode: '10117', country: 'EE' };
    const xml = ublXml(doc);
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    const address = (role: string) =>
      new RegExp(`<cac:${role}>[\\s\\S]*?<cac:PostalAddress>([\\s\\S]*?)</cac:PostalAddress>`).exec(xml)?.[1];
    expect(address('AccountingSupplierParty')).toBe(
      '<cbc:StreetName>Brīvības iela 1</cbc:StreetName><cbc:CityName>Valmiera</cbc:CityName><cbc:PostalZone>LV-4201</cbc:PostalZone><cac:Country><cbc:IdentificationCode>LV</cbc:IdentificationCode></cac:Country>',
    );
    expect(address('AccountingCustomerParty')).toBe(
      '<cbc:StreetName>Narva mnt 5</cbc:StreetName><cbc:CityName>Tallinn</cbc:CityName><cbc:PostalZone>10117</cbc:PostalZone><cac:Country><cbc:IdentificationCode>EE</cbc:IdentificationCode></cac:Country>',
    );
    // A snapshot frozen before addresses had parts: the whole line as the street, country LV.
    doc.buyer = { name: 'SIA Vecais', registrationNumber: '40003000001', vatNumber: '', address: 'Elizabetes iela 2, Rīga' };
    const old = ublXml(doc);
    expect(await ublSchemaErrors(old)).toEqual([]);
    expect(old).toContain(
      '<cac:PostalAddress><cbc:StreetName>Elizabetes iela 2, Rīga</cbc:StreetName><cac:Country><cbc:IdentificationCode>LV</cbc:IdentificationCode></cac:Country></cac:PostalAddress>',
    );
  });

  it('bill each ledger correction as a line of its own, money out as a negative line, valid even when the total is negative', async () => {
    const corrections = fc.array(
      fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((c) => c !== 0),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(subsidies, corrections, rates, fc.constantFrom('invoice' as const, 'credit_note' as const), (s, c, rate, kind) => {
        const doc = documentOf(s, rate, kind, c);
        expect(doc.lines).toHaveLength(s.filter((x) => x > 0).length + c.length);
        expect(doc.gross).toBe(s.reduce((a, b) => a + b, 0) + c.reduce((a, b) => a + b, 0));
        expect(peppolErrors(ublXml(doc))).toEqual([]);
      }),
      { numRuns: 300 },
    );
    const doc = documentOf([350], 2100, 'invoice', [-121, -1000]);
    expect(doc.lines.map((l) => [l.correction?.id ?? null, l.gross, l.net, l.vat])).toEqual([
      [null, 350, 289, 61],
      [100, -121, -100, -21],
      [101, -1000, -826, -174],
    ]);
    expect(doc.gross).toBe(-771);
    for (const kind of ['invoice', 'credit_note'] as const) {
      const xml = ublXml(documentOf([350], 2100, kind, [-121, -1000]), 'en');
      expect(await ublSchemaErrors(xml)).toEqual([]);
      expect(peppolErrors(xml)).toEqual([]);
    }
    const xml = ublXml(doc, 'en');
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="C62">-1</cbc:InvoicedQuantity>');
    expect(xml).toContain('<cbc:LineExtensionAmount currencyID="EUR">-1.00</cbc:LineExtensionAmount>');
    expect(xml).toContain('<cbc:PriceAmount currencyID="EUR">1.00</cbc:PriceAmount>');
    expect(xml).toContain('<cbc:Name>Correction: Labojums &lt;0&gt; &amp; &quot;co&quot;</cbc:Name>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">-7.71</cbc:PayableAmount>');
    // Nothing is due from the buyer: no due date, no payment means.
    expect(xml).not.toContain('<cbc:DueDate>');
    expect(xml).not.toContain('<cac:PaymentMeans>');
    expect(ublXml(documentOf([350], 2100, 'invoice', [120]))).toContain('<cbc:DueDate>2026-03-15</cbc:DueDate>');
  });

  it('leave out locations without subsidy and bill nothing else', () => {
    const doc = documentOf([0, 350, 0], 2100, 'invoice');
    expect(doc.lines.map((l) => [l.locationId, l.gross, l.net, l.vat])).toEqual([[2, 350, 289, 61]]);
  });

  it('are caught by the rule checks when a total is off by a cent', () => {
    const xml = ublXml(documentOf([350], 2100, 'invoice')).replace(
      '<cbc:PayableAmount currencyID="EUR">3.50</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="EUR">3.51</cbc:PayableAmount>',
    );
    expect(peppolErrors(xml)).toEqual(['BR-CO-16 PayableAmount = TaxInclusiveAmount - PrepaidAmount']);
  });

  it('are caught by the schema check when an element is missing or out of place, for invoices and credit notes', async () => {
    for (const kind of ['invoice', 'credit_note'] as const) {
      const xml = ublXml(documentOf([350], 2100, kind));
      const noIssueDate = xml.replace('<cbc:IssueDate>2026-03-01</cbc:IssueDate>', '');
      expect(noIssueDate).not.toBe(xml);
      expect((await ublSchemaErrors(noIssueDate)).join('\n')).toContain('IssueDate');
      expect(await ublSchemaErrors(xml.replace('<cbc:ID>', '<cbc:Colour>red</cbc:Colour><cbc:ID>'))).not.toEqual([]);
    }
  });
});

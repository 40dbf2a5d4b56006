import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, providers } from '../../db/schema/index.js';
import { pdfText } from '../../lib/pdf/pdf-text.js';
import { makeLocation, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { invoiceWorld, menuOn, sellerProvider } from './invoices.factories.js';
import { CUSTOMIZATION_ID, PROFILE_ID } from './invoices.ubl.js';
import { ublSchemaErrors } from './ubl-validate.test-helper.js';
import { peppolErrors } from './peppol-rules.test-helper.js';

let ctx: TestContext;
let admin: UserClient;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-02T10:00:00Z'));
  admin = await ctx.as('admin');
  adminId = admin.user.id;
});
afterAll(() => ctx.close());

describe('month statement', () => {
  it('sums the placed orders of a location on the provider’s menus of the month', async () => {
    const w = await invoiceWorld(ctx.db);
    const res = await admin.get(`/app/invoices/statement?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.scope).toEqual({ location_id: w.centrs.id, company: null, title: 'Birojs Centrs' });
    expect(s.totals).toEqual({ orders: 3, gross: 24, subsidy: 10.5, bonus: 0, cash: 5, card: 2, bank: 6.5, refunds: 0, corrections: 0 });
    // 10.50 incl. 21 % VAT: net 8.68 (10.50 / 1.21 = 8.677…), VAT 1.82.
    expect(s.invoice).toEqual({ vat_rate: 21, net: 8.68, vat: 1.82, total: 10.5, lines: 1 });
    expect(s.missing).toEqual([]);
  });

  it('sums a company’s locations line by line', async () => {
    const w = await invoiceWorld(ctx.db);
    const s = (await admin.get(`/app/invoices/statement?provider_id=${w.provider.id}&company=${w.companyReg}&month=2026-11`)).json();
    expect(s.scope).toEqual({ location_id: null, company: w.companyReg, title: 'SIA Birojs & Co' });
    expect(s.locations.map((l: { title: string; orders: number; subsidy: number }) => [l.title, l.orders, l.subsidy])).toEqual([
      ['Birojs Centrs', 3, 10.5],
      ['Noliktava Pļavnieki', 1, 2],
    ]);
    expect(s.totals).toEqual({ orders: 4, gross: 30, subsidy: 12.5, bonus: 0, cash: 9, card: 2, bank: 6.5, refunds: 0, corrections: 0 });
    // Per line: 8.68 + 1.82 and 1.65 + 0.35.
    expect(s.invoice).toEqual({ vat_rate: 21, net: 10.33, vat: 2.17, total: 12.5, lines: 2 });
  });

  it('names what an invoice still needs, and refuses a bad scope', async () => {
    const p = await sellerProvider(ctx.db, { iban: '', vatNumber: '' });
    const loc = await makeLocation(ctx.db);
    const s = (await admin.get(`/app/invoices/statement?provider_id=${p.id}&location_id=${loc.id}&month=2026-11`)).json();
    expect(s.missing).toEqual(['provider.vat_number', 'provider.iban', 'location.company_name', 'location.registration_number']);
    expect(s.totals.orders).toBe(0);
    expect((await admin.get(`/app/invoices/statement?provider_id=${p.id}&location_id=999999&month=2026-11`)).statusCode).toBe(404);
    expect((await admin.get(`/app/invoices/statement?provider_id=${p.id}&company=0000000000&month=2026-11`)).statusCode).toBe(404);
    const bad = await admin.get(`/app/invoices/statement?provider_id=${p.id}&location_id=${loc.id}&month=2026-13&lang=en`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['month']);
    expect((await admin.get(`/app/invoices/statement?provider_id=${p.id}&month=2026-11`)).statusCode).toBe(422);
  });

  it('is for admins only', async () => {
    const w = await invoiceWorld(ctx.db);
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const manager = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.centrs.id, isLocationManager: true }));
    const q = `?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11`;
    for (const who of [kitchen, manager]) {
      expect((await who.get(`/app/invoices/statement${q}`)).statusCode).toBe(403);
      expect((await who.get(`/app/invoices/statement/export${q}&format=csv`)).statusCode).toBe(403);
      expect((await who.get(`/app/invoices/payroll/export${q}&format=csv`)).statusCode).toBe(403);
      expect(
        (await who.post(`/app/invoices?provider_id=${w.provider.id}`, { location_id: w.centrs.id, month: '2026-11' })).statusCode,
      ).toBe(403);
      expect((await who.get(`/app/invoices?provider_id=${w.provider.id}`)).statusCode).toBe(403);
    }
    expect((await ctx.anon.get(`/app/invoices/statement${q}`)).statusCode).toBe(401);
  });
});

describe('exports', () => {
  it('writes the statement as a Latvian spreadsheet CSV: BOM, semicolons, decimal commas', async () => {
    const w = await invoiceWorld(ctx.db);
    const res = await admin.get(
      `/app/invoices/statement/export?provider_id=${w.provider.id}&company=${w.companyReg}&month=2026-11&format=csv&lang=lv`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-company-${w.companyReg}-2026-11.csv"`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Mēnesis;Vieta;Izmaksu centrs;Pasūtījumi;Ēdienu vērtība;Dotācija (darba devējs);Budžets (darba devējs);Sapulču un viesu pasūtījumi (darba devējs);Bonuss;Samaksāts skaidrā naudā;Samaksāts ar karti;Samaksāts ar bankas saiti;Atmaksas;Korekcijas',
    );
    expect(lines[1]).toBe('2026-11;Birojs Centrs;;3;24,00;10,50;0,00;0,00;0,00;5,00;2,00;6,50;0,00;0,00');
    expect(lines[2]).toBe('2026-11;Noliktava Pļavnieki;;1;6,00;2,00;0,00;0,00;0,00;4,00;0,00;0,00;0,00;0,00');
    expect(lines[3]).toBe('2026-11;Kopā;;4;30,00;12,50;0,00;0,00;0,00;9,00;2,00;6,50;0,00;0,00');
    expect(lines[4]).toBe('');
  });

  it('writes an XLSX that exceljs reads back, amounts as numbers', async () => {
    const w = await invoiceWorld(ctx.db);
    const res = await admin.get(
      `/app/invoices/statement/export?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11&format=xlsx&lang=en`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Statement')!;
    expect(ws.getRow(1).getCell(2).value).toBe('Location');
    expect(ws.getRow(1).getCell(3).value).toBe('Cost centre');
    expect(ws.getRow(2).getCell(3).text).toBe('');
    expect((ws.getRow(2).values as unknown[]).slice(1).filter((_, i) => i !== 2)).toEqual([
      new Date('2026-11-01T00:00:00Z'),
      'Birojs Centrs',
      3,
      24,
      10.5,
      0,
      0,
      0,
      5,
      2,
      6.5,
      0,
      0,
    ]);
    // Real cells: the month a date (shown mm.yyyy), the counts and amounts numbers (amounts in euros).
    const types = Array.from({ length: 14 }, (_, i) => ws.getRow(2).getCell(i + 1).type).filter((_, i) => i !== 2);
    expect(types).toEqual([ExcelJS.ValueType.Date, ExcelJS.ValueType.String, ...Array(11).fill(ExcelJS.ValueType.Number)]);
    expect(ws.getRow(2).getCell(1).numFmt).toBe('mm.yyyy');
    expect(ws.getRow(2).getCell(5).numFmt).toBe('#,##0.00 "€"');
    expect(ws.getRow(3).getCell(2).value).toBe('Total');
  });

  it('lists each employee’s own share for payroll deduction (CSV and XLSX)', async () => {
    const w = await invoiceWorld(ctx.db);
    const q = `?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11&lang=ru`;
    const res = await admin.get(`/app/invoices/payroll/export${q}&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Месяц;Сотрудник;Эл. почта;Заказы;Стоимость блюд;Дотация (работодатель);Сумма к удержанию');
    expect(lines.slice(1)).toEqual([`2026-11;Anna;${w.anna.email};2;18,50;7,00;11,50`, `2026-11;Juris;${w.juris.email};1;5,50;3,50;2,00`]);
    const x = await admin.get(`/app/invoices/payroll/export${q}&format=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual([
      new Date('2026-11-01T00:00:00Z'),
      'Anna',
      w.anna.email,
      2,
      18.5,
      7,
      11.5,
    ]);
    expect(wb.worksheets[0]!.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Date);
  });
});

/** Issues through the API; answers the parsed invoice. */
async function issue(providerId: number, body: object, lang = 'en') {
  const res = await admin.post(`/app/invoices?provider_id=${providerId}&lang=${lang}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('issuing invoices', () => {
  it('issues a Peppol BIS 3.0 invoice that is valid UBL 2.1, with totals that add up', async () => {
    const w = await invoiceWorld(ctx.db);
    const inv = await issue(w.provider.id, { company: w.companyReg, month: '2026-11' });
    expect(inv).toMatchObject({
      kind: 'invoice',
      code: '2026-000001',
      month: '2026-11',
      issue_date: '2026-12-02',
      buyer: 'SIA Birojs & Co',
    });
    expect(inv.total).toBe(12.5);
    const xml = (await admin.get(`/app/invoices/${inv.id}/xml?provider_id=${w.provider.id}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    expect(xml).toContain(`<cbc:CustomizationID>${CUSTOMIZATION_ID}</cbc:CustomizationID>`);
    expect(xml).toContain(`<cbc:ProfileID>${PROFILE_ID}</cbc:ProfileID>`);
    expect(xml).toContain('<cbc:ID>2026-000001</cbc:ID>');
    expect(xml).toContain('<cbc:CompanyID>LV40003123456</cbc:CompanyID>');
    expect(xml).toContain('<cbc:RegistrationName>SIA Birojs &amp; Co</cbc:RegistrationName>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">12.50</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:TaxableAmount currencyID="EUR">10.33</cbc:TaxableAmount>');
    expect(xml).toContain('<cbc:TaxAmount currencyID="EUR">2.17</cbc:TaxAmount>');
    expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(2);
  });

  it('prints the invoice as a PDF with both parties, lines and totals', async () => {
    const w = await invoiceWorld(ctx.db);
    const inv = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' }, 'lv');
    const res = await admin.get(`/app/invoices/${inv.id}/pdf?provider_id=${w.provider.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${inv.code}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const part of [
      `Rēķins Nr. ${inv.code}`,
      'SIA Garšīgās pusdienas',
      'PVN Nr. LV40003123456',
      'LV80BANK0000435195001',
      'SIA Birojs & Co',
      'Pusdienu dotācija, Birojs Centrs, 2026-11: 3 pasūtījumi',
      'Kopā bez PVN 8,68 €',
      'PVN 21 % 1,82 €',
      'Apmaksājamā summa 10,50 €',
      'Samaksāts ar bankas saiti 6,50 €',
      'Dotācija (darba devējs) 10,50 €',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('refuses a second invoice for the same month, an empty month and missing details, without using a number', async () => {
    const w = await invoiceWorld(ctx.db);
    const first = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' });
    const again = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=en`, { location_id: w.centrs.id, month: '2026-11' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(first.code);
    const empty = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=en`, { location_id: w.centrs.id, month: '2026-09' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.month).toEqual(['There is nothing to bill for this month: no subsidy was used.']);
    const nothing = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=lv`, { location_id: w.alone.id, month: '2026-11' });
    expect(nothing.statusCode).toBe(422);
    await ctx.db.update(providers).set({ iban: '' }).where(eq(providers.id, w.provider.id));
    const noIban = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=lv`, {
      location_id: w.plavnieki.id,
      month: '2026-11',
    });
    expect(noIban.statusCode).toBe(409);
    expect(noIban.json().message).toBe('Vispirms aizpildiet šos datus: Pārdevējs: Konts (IBAN).');
    await ctx.db.update(providers).set({ iban: 'LV80BANK0000435195001' }).where(eq(providers.id, w.provider.id));
    // Nothing refused took a number.
    expect((await issue(w.provider.id, { location_id: w.plavnieki.id, month: '2026-11' })).code).toBe('2026-000002');
  });

  it('numbers gap-free under concurrency: parallel issues get 1..n, once each', async () => {
    const p = await sellerProvider(ctx.db);
    const menu = await menuOn(ctx.db, p.id, '2026-11-10');
    const w = await invoiceWorld(ctx.db);
    const locs = [];
    for (let i = 0; i < 12; i++) {
      const loc = await makeLocation(ctx.db, { companyName: `SIA ${i}`, registrationNumber: `4000300${String(i).padStart(4, '0')}` });
      await w.order({ menuId: menu.id, userId: w.anna.id, locationId: loc.id, amountCents: 500, subsidyCents: 100 + i });
      locs.push(loc);
    }
    const results = await Promise.all(
      locs.flatMap((l) => [0, 1].map(() => admin.post(`/app/invoices?provider_id=${p.id}`, { location_id: l.id, month: '2026-11' }))),
    );
    const issued = results.filter((r) => r.statusCode === 201).map((r) => r.json().code as string);
    // Each location once (the second of each pair waits for the lock and finds the first), numbers 1..12.
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(12);
    expect(issued.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(6, '0')}`));
  });

  it('keeps an issued invoice as issued: same bytes after orders and details change; the database refuses edits', async () => {
    const w = await invoiceWorld(ctx.db);
    const inv = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' });
    const url = (f: string) => `/app/invoices/${inv.id}/${f}?provider_id=${w.provider.id}`;
    const pdf1 = (await admin.get(url('pdf'))).rawPayload;
    const xml1 = (await admin.get(url('xml'))).body;
    await w.order({ menuId: w.nov5.id, userId: w.juris.id, locationId: w.centrs.id, amountCents: 900, subsidyCents: 350 });
    await ctx.db.update(providers).set({ legalName: 'SIA Jauns nosaukums', vatRateBp: 1200 }).where(eq(providers.id, w.provider.id));
    expect(Buffer.compare((await admin.get(url('pdf'))).rawPayload, pdf1)).toBe(0);
    expect((await admin.get(url('xml'))).body).toBe(xml1);
    expect(xml1).toContain('SIA Garšīgās pusdienas');
    // The statement moved on; the invoice did not.
    const s = (await admin.get(`/app/invoices/statement?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11`)).json();
    expect(s.totals.subsidy).toBe(14);
    expect((await admin.get(`/app/invoices?provider_id=${w.provider.id}`)).json().data[0].total).toBe(10.5);
    await expect(ctx.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, inv.id))).rejects.toThrow();
    await expect(ctx.db.delete(invoices).where(eq(invoices.id, inv.id))).rejects.toThrow();
    const [row] = await ctx.db.select({ total: invoices.totalCents }).from(invoices).where(eq(invoices.id, inv.id));
    expect(row!.total).toBe(1050);
  });

  it('corrects with a credit note: valid UBL CreditNote referencing the invoice, then a new invoice', async () => {
    const w = await invoiceWorld(ctx.db);
    const inv = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' });
    const cn = await admin.post(`/app/invoices/${inv.id}/credit-note?provider_id=${w.provider.id}&lang=en`);
    expect(cn.statusCode).toBe(201);
    expect(cn.json()).toMatchObject({ kind: 'credit_note', code: '2026-000002', credits_id: inv.id, total: -10.5 });
    const xml = (await admin.get(`/app/invoices/${cn.json().id}/xml?provider_id=${w.provider.id}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(xml).toContain(`<cac:InvoiceDocumentReference><cbc:ID>${inv.code}</cbc:ID>`);
    const pdf = pdfText((await admin.get(`/app/invoices/${cn.json().id}/pdf?provider_id=${w.provider.id}`)).rawPayload);
    expect(pdf).toContain(`Credit note No. ${cn.json().code}`);
    expect(pdf).toContain(`Credits invoice No. ${inv.code}`);
    // Once only, and only invoices.
    expect((await admin.post(`/app/invoices/${inv.id}/credit-note?provider_id=${w.provider.id}`)).statusCode).toBe(409);
    expect((await admin.post(`/app/invoices/${cn.json().id}/credit-note?provider_id=${w.provider.id}`)).statusCode).toBe(409);
    const list = (await admin.get(`/app/invoices?provider_id=${w.provider.id}&month=2026-11`)).json().data;
    expect(list.find((i: { id: number }) => i.id === inv.id).credited_by_id).toBe(cn.json().id);
    // The corrected invoice takes the next number.
    expect((await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' })).code).toBe('2026-000003');
  });

  it('keeps another provider’s invoices out of reach', async () => {
    const w = await invoiceWorld(ctx.db);
    const inv = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' });
    const other = w.otherProvider.id;
    expect((await admin.get(`/app/invoices/${inv.id}/pdf?provider_id=${other}`)).statusCode).toBe(404);
    expect((await admin.get(`/app/invoices/${inv.id}/xml?provider_id=${other}`)).statusCode).toBe(404);
    expect((await admin.post(`/app/invoices/${inv.id}/credit-note?provider_id=${other}`)).statusCode).toBe(404);
    expect((await admin.get(`/app/invoices?provider_id=${other}`)).json().data).toEqual([]);
    // The other provider's own numbering starts at 1: its one November order at Birojs Centrs.
    expect((await issue(other, { location_id: w.centrs.id, month: '2026-11' })).code).toBe('2026-000001');
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    expect((await kitchen.get(`/app/invoices/${inv.id}/pdf?provider_id=${w.provider.id}`)).statusCode).toBe(403);
  });
});

describe('a location’s month is billed once, whatever the scope (issue 24)', () => {
  const companyOf = (w: Awaited<ReturnType<typeof invoiceWorld>>) => ({ company: w.companyReg, month: '2026-11' });

  it('refuses a location invoice after its company’s invoice and a company invoice after a location’s, until a credit note frees the month', async () => {
    const w = await invoiceWorld(ctx.db);
    const url = `/app/invoices?provider_id=${w.provider.id}&lang=en`;
    const company = await issue(w.provider.id, companyOf(w));
    for (const loc of [w.centrs, w.plavnieki]) {
      const again = await admin.post(url, { location_id: loc.id, month: '2026-11' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `Invoice ${company.code} already bills ${loc.title} for this month; credit it first to bill the month again.`,
      );
    }
    const statement = (
      await admin.get(`/app/invoices/statement?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11`)
    ).json();
    expect(statement.billed_by).toEqual({ id: company.id, code: company.code });
    // The credit note frees the month; the location invoice then blocks the company's.
    expect((await admin.post(`/app/invoices/${company.id}/credit-note?provider_id=${w.provider.id}`)).statusCode).toBe(201);
    const centrs = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' });
    const companyAgain = await admin.post(url, companyOf(w));
    expect(companyAgain.statusCode).toBe(409);
    expect(companyAgain.json().message).toContain(`Invoice ${centrs.code} already bills Birojs Centrs`);
    // Another location of the company is still free, and so is another month.
    expect((await issue(w.provider.id, { location_id: w.plavnieki.id, month: '2026-11' })).kind).toBe('invoice');
    // The company's total was billed once: the two location invoices sum to the company's.
    const open = (await admin.get(`/app/invoices?provider_id=${w.provider.id}&month=2026-11`)).json().data as {
      kind: string;
      total: number;
      credited_by_id: number | null;
    }[];
    const billed = open.filter((i) => i.kind === 'invoice' && i.credited_by_id === null).reduce((a, i) => a + i.total, 0);
    expect(billed).toBe(company.total);
  });

  it('lets only one of a location and its company through when both are issued at once', async () => {
    const worlds = await Promise.all([0, 1, 2, 3].map(() => invoiceWorld(ctx.db)));
    const results = await Promise.all(
      worlds.flatMap((w) => [
        admin.post(`/app/invoices?provider_id=${w.provider.id}`, { location_id: w.centrs.id, month: '2026-11' }),
        admin.post(`/app/invoices?provider_id=${w.provider.id}`, companyOf(w)),
      ]),
    );
    for (let i = 0; i < worlds.length; i++) {
      const pair = results.slice(i * 2, i * 2 + 2).map((r) => r.statusCode);
      expect(pair.sort()).toEqual([201, 409]);
    }
  });
});

describe('a month is invoiced once it has ended (issue 24)', () => {
  it('refuses the current month and a month with a menu still taking orders, in the provider’s time zone', async () => {
    const w = await invoiceWorld(ctx.db);
    const url = `/app/invoices?provider_id=${w.provider.id}&lang=en`;
    const saved = ctx.clock.now();
    try {
      // 2 December: December has not ended.
      await w.order({ menuId: w.dec.id, userId: w.anna.id, locationId: w.centrs.id, amountCents: 700, subsidyCents: 350 });
      const december = await admin.post(url, { location_id: w.centrs.id, month: '2026-12' });
      expect(december.statusCode).toBe(422);
      expect(december.json().errors.month).toEqual(['This month has not ended yet: it can be invoiced from 2027-01-01.']);
      const dec = (await admin.get(`/app/invoices/statement?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-12`)).json();
      expect(dec.month_ended).toBe(false);
      // 30 November 23:30 in Riga (21:30 UTC): still November there.
      ctx.clock.set(new Date('2026-11-30T21:30:00Z'));
      expect((await admin.post(url, { location_id: w.centrs.id, month: '2026-11' })).statusCode).toBe(422);
      // 1 December 00:30 in Riga (30 November 22:30 UTC): November has ended there.
      ctx.clock.set(new Date('2026-11-30T22:30:00Z'));
      const nov = (await admin.get(`/app/invoices/statement?provider_id=${w.provider.id}&location_id=${w.centrs.id}&month=2026-11`)).json();
      expect(nov.month_ended).toBe(true);
      expect((await admin.post(url, { location_id: w.centrs.id, month: '2026-11' })).statusCode).toBe(201);
      // A November menu whose ordering closes in December keeps November open until it closes.
      ctx.clock.set(saved);
      const late = await menuOn(ctx.db, w.provider.id, '2026-11-27');
      await ctx.db.execute(
        sql`update menus set "to" = ${new Date('2026-12-03T10:00:00Z')}, title = 'Vēlā ēdienkarte' where id = ${late.id}`,
      );
      const open = await admin.post(url, { location_id: w.plavnieki.id, month: '2026-11' });
      expect(open.statusCode).toBe(422);
      expect(open.json().errors.month).toEqual([
        'The menu “Vēlā ēdienkarte” of this month still takes orders; invoice the month once its ordering has closed.',
      ]);
      ctx.clock.set(new Date('2026-12-03T10:00:00Z'));
      expect((await admin.post(url, { location_id: w.plavnieki.id, month: '2026-11' })).statusCode).toBe(201);
    } finally {
      ctx.clock.set(saved);
    }
  });
});

describe('ledger corrections on the statement and invoice (issue 24)', () => {
  /** Records a correction through the API at `at` (the clock), for `providerId` as the active provider. */
  async function correct(providerId: number, at: string, body: object, lang = 'en') {
    const saved = ctx.clock.now();
    ctx.clock.set(new Date(at));
    try {
      return await admin.post(`/app/ledger/corrections?provider_id=${providerId}&lang=${lang}`, body);
    } finally {
      ctx.clock.set(saved);
    }
  }

  it('shows the month’s corrections of a location as lines of their own, in a valid Peppol invoice', async () => {
    const w = await invoiceWorld(ctx.db);
    const p = w.provider.id;
    expect(
      (await correct(p, '2026-11-20T10:00:00Z', { amount_cents: -121, reason: 'Soup missing', location_id: w.centrs.id })).statusCode,
    ).toBe(200);
    expect(
      (await correct(p, '2026-11-21T10:00:00Z', { amount_cents: 242, reason: 'Extra delivery', location_id: w.centrs.id })).statusCode,
    ).toBe(200);
    // Not on this statement: another provider's, another month's, another location's.
    await correct(w.otherProvider.id, '2026-11-20T10:00:00Z', { amount_cents: 500, reason: 'Other kitchen', location_id: w.centrs.id });
    await correct(p, '2026-10-20T10:00:00Z', { amount_cents: 500, reason: 'October', location_id: w.centrs.id });
    await correct(p, '2026-11-20T10:00:00Z', { amount_cents: 500, reason: 'Elsewhere', location_id: w.alone.id });
    // Without a location or an order, a correction could reach no statement: refused.
    const nowhere = await correct(p, '2026-11-20T10:00:00Z', { amount_cents: 500, reason: 'Nowhere' });
    expect(nowhere.statusCode).toBe(422);
    expect(Object.keys(nowhere.json().errors)).toEqual(['location_id']);

    const s = (await admin.get(`/app/invoices/statement?provider_id=${p}&location_id=${w.centrs.id}&month=2026-11`)).json();
    expect(s.totals.corrections).toBe(1.21);
    expect(s.corrections.map((c: { reason: string; amount: number }) => [c.reason, c.amount])).toEqual([
      ['Soup missing', -1.21],
      ['Extra delivery', 2.42],
    ]);
    // 10.50 subsidy + 1.21 corrections = 11.71; per line 8.68 + 1.82, -1.00 - 0.21, 2.00 + 0.42.
    expect(s.invoice).toEqual({ vat_rate: 21, net: 9.68, vat: 2.03, total: 11.71, lines: 3 });
    const csv = (
      await admin.get(`/app/invoices/statement/export?provider_id=${p}&location_id=${w.centrs.id}&month=2026-11&format=csv`)
    ).rawPayload
      .subarray(3)
      .toString('utf8')
      .split('\r\n');
    expect(csv[1]).toMatch(/;1,21$/);

    const inv = await issue(p, { location_id: w.centrs.id, month: '2026-11' });
    expect(inv.total).toBe(11.71);
    const xml = (await admin.get(`/app/invoices/${inv.id}/xml?provider_id=${p}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    expect(xml).toContain('<cbc:Name>Correction: Soup missing</cbc:Name>');
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="C62">-1</cbc:InvoicedQuantity>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">11.71</cbc:PayableAmount>');
    const pdf = pdfText((await admin.get(`/app/invoices/${inv.id}/pdf?provider_id=${p}`)).rawPayload);
    expect(pdf).toContain('Correction: Extra delivery');
    expect(pdf).toContain('Amount due €11.71');

    // A correction recorded after the invoice goes on the next month's statement, not the invoiced one.
    expect(
      (await correct(p, '2026-12-02T11:00:00Z', { amount_cents: 300, reason: 'Late find', location_id: w.centrs.id })).statusCode,
    ).toBe(200);
    const dec = (await admin.get(`/app/invoices/statement?provider_id=${p}&location_id=${w.centrs.id}&month=2026-12`)).json();
    expect(dec.corrections.map((c: { reason: string }) => c.reason)).toEqual(['Late find']);
    const nov = (await admin.get(`/app/invoices/statement?provider_id=${p}&location_id=${w.centrs.id}&month=2026-11`)).json();
    expect(nov.totals.corrections).toBe(1.21);
  });

  it('bills a correction tied to an order at the order’s location, and issues a negative invoice when corrections exceed the subsidy', async () => {
    const w = await invoiceWorld(ctx.db);
    const p = w.provider.id;
    const [o] = await ctx.db
      .execute<{ id: number }>(sql`select id from orders where location_id = ${w.plavnieki.id} order by id limit 1`)
      .then((r) => r.rows);
    expect(
      (await correct(p, '2026-11-25T10:00:00Z', { amount_cents: -2000, reason: 'Wrong dish, money back', order_id: o!.id })).statusCode,
    ).toBe(200);
    const s = (await admin.get(`/app/invoices/statement?provider_id=${p}&location_id=${w.plavnieki.id}&month=2026-11`)).json();
    expect(s.invoice).toMatchObject({ total: -18, lines: 2 });
    const inv = await issue(p, { location_id: w.plavnieki.id, month: '2026-11' });
    expect(inv.total).toBe(-18);
    const xml = (await admin.get(`/app/invoices/${inv.id}/xml?provider_id=${p}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">-18.00</cbc:PayableAmount>');
    expect(xml).not.toContain('<cbc:DueDate>');
    // Its credit note takes it back whole, also valid.
    const cn = await admin.post(`/app/invoices/${inv.id}/credit-note?provider_id=${p}`);
    expect(cn.json().total).toBe(18);
    const cnXml = (await admin.get(`/app/invoices/${cn.json().id}/xml?provider_id=${p}`)).body;
    expect(await ublSchemaErrors(cnXml)).toEqual([]);
    expect(peppolErrors(cnXml)).toEqual([]);
  });
});

describe('audit of invoices (issue 24)', () => {
  it('records who issued an invoice and who credited it, in the same transaction', async () => {
    const w = await invoiceWorld(ctx.db);
    const inv = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' });
    const cn = (await admin.post(`/app/invoices/${inv.id}/credit-note?provider_id=${w.provider.id}`)).json();
    const audit = async (id: number) =>
      (await admin.get(`/app/audit?provider_id=${w.provider.id}&filter[entity_type]=invoice&filter[entity_id]=${id}`)).json().data as {
        action: string;
        actor: { id: number } | null;
        after: Record<string, unknown>;
      }[];
    expect(await audit(inv.id)).toEqual([
      expect.objectContaining({
        action: 'invoice.issue',
        actor: expect.objectContaining({ id: adminId }),
        after: { code: inv.code, month: '2026-11', location_id: w.centrs.id, company: null, total_cents: 1050 },
      }),
    ]);
    expect(await audit(cn.id)).toEqual([
      expect.objectContaining({
        action: 'invoice.credit',
        actor: expect.objectContaining({ id: adminId }),
        after: { code: cn.code, credits_id: inv.id, credits_code: inv.code, month: '2026-11', total_cents: -1050 },
      }),
    ]);
    // A refused issue leaves no entry.
    expect(
      (await admin.post(`/app/invoices?provider_id=${w.provider.id}`, { location_id: w.centrs.id, month: '2026-12' })).statusCode,
    ).toBe(422);
    const all = (await admin.get(`/app/audit?provider_id=${w.provider.id}&filter[entity_type]=invoice`)).json().data as {
      entity_id: string;
    }[];
    expect(all.map((e) => e.entity_id).sort()).toEqual([String(inv.id), String(cn.id)].sort());
  });
});

describe('seller and buyer details', () => {
  it('keeps registration, VAT numbers, IBAN and VAT rate on providers and locations, checked', async () => {
    const p = (
      await admin.post('/app/providers', {
        title: 'Virtuve',
        legal_name: 'SIA Virtuve',
        vat_number: 'lv 40003 111111',
        iban: 'LV80 BANK 0000 4351 9500 1',
        vat_rate: 12.5,
      })
    ).json();
    expect(p).toMatchObject({ legal_name: 'SIA Virtuve', vat_number: 'LV40003111111', iban: 'LV80BANK0000435195001', vat_rate: 12.5 });
    const [row] = await ctx.db.select({ bp: providers.vatRateBp }).from(providers).where(eq(providers.id, p.id));
    expect(row!.bp).toBe(1250);
    const bad = await admin.put(`/app/providers/${p.id}?lang=en`, {
      iban: 'LV81BANK0000435195001',
      vat_number: '123',
      vat_rate: 12.345,
      registration_number: 'x',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['iban', 'registration_number', 'vat_number', 'vat_rate']);
    const loc = (
      await admin.post('/app/locations', {
        title: 'Birojs',
        company_name: 'SIA Birojs',
        registration_number: '40103 000001',
        vat_number: 'LV40103000001',
      })
    ).json();
    expect(loc).toMatchObject({ company_name: 'SIA Birojs', registration_number: '40103000001', vat_number: 'LV40103000001' });
    const scopes = (await admin.get('/app/invoices/scopes')).json();
    expect(scopes.companies.find((c: { registration_number: string }) => c.registration_number === '40103000001')).toEqual({
      registration_number: '40103000001',
      name: 'SIA Birojs',
      locations: 1,
    });
    await ctx.db.execute(sql`select 1`);
  });
  it('keeps addresses in parts (street, city, post code, country) and puts each in its UBL element', async () => {
    const p = (
      await admin.post('/app/providers', {
        title: 'Adrese',
        address: 'Dzirnavu iela 5',
        city: 'Rīga',
        postal_code: 'LV-1010',
        country: 'lv',
      })
    ).json();
    expect(p).toMatchObject({ address: 'Dzirnavu iela 5', city: 'Rīga', postal_code: 'LV-1010', country: 'LV' });
    const plain = (await admin.post('/app/providers', { title: 'Bez adreses' })).json();
    expect(plain).toMatchObject({ address: '', city: '', postal_code: '', country: 'LV' });
    const badCountry = await admin.put(`/app/providers/${p.id}`, { country: 'Latvia' });
    expect(badCountry.statusCode).toBe(422);
    expect(Object.keys(badCountry.json().errors)).toEqual(['country']);

    const w = await invoiceWorld(ctx.db);
    const put = await admin.put(`/app/locations/${w.centrs.id}`, {
      address: 'Narva mnt 5',
      city: 'Tallinn',
      postal_code: '10117',
      country: 'EE',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ address: 'Narva mnt 5', city: 'Tallinn', postal_code: '10117', country: 'EE' });
    const inv = await issue(w.provider.id, { location_id: w.centrs.id, month: '2026-11' });
    const xml = (await admin.get(`/app/invoices/${inv.id}/xml?provider_id=${w.provider.id}`)).body;
    expect(await ublSchemaErrors(xml)).toEqual([]);
    expect(peppolErrors(xml)).toEqual([]);
    const postal = (role: string) =>
      new RegExp(`<cac:${role}>[\\s\\S]*?<cac:PostalAddress>([\\s\\S]*?)</cac:PostalAddress>`).exec(xml)?.[1];
    expect(postal('AccountingSupplierParty')).toBe(
      '<cbc:StreetName>Brīvības iela 1</cbc:StreetName><cbc:CityName>Rīga</cbc:CityName><cbc:PostalZone>LV-1010</cbc:PostalZone><cac:Country><cbc:IdentificationCode>LV</cbc:IdentificationCode></cac:Country>',
    );
    expect(postal('AccountingCustomerParty')).toBe(
      '<cbc:StreetName>Narva mnt 5</cbc:StreetName><cbc:CityName>Tallinn</cbc:CityName><cbc:PostalZone>10117</cbc:PostalZone><cac:Country><cbc:IdentificationCode>EE</cbc:IdentificationCode></cac:Country>',
    );
    const pdf = pdfText((await admin.get(`/app/invoices/${inv.id}/pdf?provider_id=${w.provider.id}`)).rawPayload);
    expect(pdf).toContain('Brīvības iela 1, Rīga, LV-1010');
    expect(pdf).toContain('Narva mnt 5, Tallinn, 10117, EE');
  });
});

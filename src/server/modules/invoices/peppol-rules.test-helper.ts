import { CUSTOMIZATION_ID, PROFILE_ID } from './invoices.ubl.js';

/*
 * The Peppol BIS Billing 3.0 / EN 16931 business rules this project's invoices rely on, checked
 * on the XML as sent (decision 036; the official schematron is not part of the test tools).
 * Amounts are compared in cents. Answers the broken rules ([] when all hold).
 */

const between = (xml: string, tag: string) => {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return m ? m[1]! : null;
};
const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const value = (xml: string | null, tag: string) => {
  if (xml === null) return null;
  const m = new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml);
  return m ? m[1]! : null;
};
/** An amount in cents; NaN when missing or with more than two decimals (BR-DEC). */
const cents = (v: string | null) => (v !== null && /^-?\d+(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : NaN);

export function peppolErrors(xml: string): string[] {
  const errors: string[] = [];
  const rule = (ok: boolean, name: string) => {
    if (!ok) errors.push(name);
  };
  const credit = xml.includes(':CreditNote-2"');
  rule(value(xml, 'cbc:CustomizationID') === CUSTOMIZATION_ID, 'BT-24 CustomizationID');
  rule(value(xml, 'cbc:ProfileID') === PROFILE_ID, 'BT-23 ProfileID');
  rule(!!value(xml, 'cbc:ID'), 'BR-02 invoice number (BT-1)');
  rule(/^\d{4}-\d{2}-\d{2}$/.test(value(xml, 'cbc:IssueDate') ?? ''), 'BR-03 issue date (BT-2)');
  rule(value(xml, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode') === (credit ? '381' : '380'), 'BR-04 type code (BT-3)');
  rule(value(xml, 'cbc:DocumentCurrencyCode') === 'EUR', 'BR-05 currency (BT-5)');
  rule(!!value(xml, 'cbc:BuyerReference'), 'PEPPOL-EN16931-R003 buyer reference');
  const seller = between(xml, 'cac:AccountingSupplierParty');
  const buyer = between(xml, 'cac:AccountingCustomerParty');
  rule(!!value(seller, 'cbc:RegistrationName'), 'BR-06 seller name');
  rule(!!value(buyer, 'cbc:RegistrationName'), 'BR-07 buyer name');
  rule(/<cbc:EndpointID schemeID="\d{4}">[^<]+</.test(seller ?? ''), 'PEPPOL-EN16931-R020 seller electronic address');
  rule(/<cbc:EndpointID schemeID="\d{4}">[^<]+</.test(buyer ?? ''), 'PEPPOL-EN16931-R010 buyer electronic address');
  rule(!!value(between(seller ?? '', 'cac:Country'), 'cbc:IdentificationCode'), 'BR-09 seller country');
  rule(!!value(between(buyer ?? '', 'cac:Country'), 'cbc:IdentificationCode'), 'BR-11 buyer country');
  if (credit) rule(!!value(between(xml, 'cac:BillingReference'), 'cbc:ID'), 'BT-25 preceding invoice reference');

  const lines = all(xml, credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
  rule(lines.length > 0, 'BR-16 at least one line');
  const lineNets = lines.map((l) => cents(value(l, 'cbc:LineExtensionAmount')));
  for (const [i, l] of lines.entries()) {
    const qty = Number(value(l, credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity'));
    rule(
      lineNets[i] === Math.round(qty * cents(value(between(l, 'cac:Price'), 'cbc:PriceAmount'))),
      `BR-LIN line ${i + 1} net = quantity × price`,
    );
    rule(!!value(between(l, 'cac:ClassifiedTaxCategory'), 'cbc:ID'), `BR-CO-04 line ${i + 1} VAT category`);
  }
  const total = between(xml, 'cac:LegalMonetaryTotal');
  const lineExt = cents(value(total, 'cbc:LineExtensionAmount'));
  const taxExcl = cents(value(total, 'cbc:TaxExclusiveAmount'));
  const taxIncl = cents(value(total, 'cbc:TaxInclusiveAmount'));
  const prepaid = value(total, 'cbc:PrepaidAmount') === null ? 0 : cents(value(total, 'cbc:PrepaidAmount'));
  const payable = cents(value(total, 'cbc:PayableAmount'));
  const taxTotal = between(xml, 'cac:TaxTotal') ?? '';
  const taxAmount = cents(/^<cbc:TaxAmount currencyID="EUR">([^<]*)</.exec(taxTotal.trim())?.[1] ?? null);
  rule(lineNets.reduce((a, b) => a + b, 0) === lineExt, 'BR-CO-10 sum of line net amounts = LineExtensionAmount');
  rule(taxExcl === lineExt, 'BR-CO-13 TaxExclusiveAmount = LineExtensionAmount (no allowances or charges)');
  rule(taxIncl === taxExcl + taxAmount, 'BR-CO-15 TaxInclusiveAmount = TaxExclusiveAmount + TaxAmount');
  rule(payable === taxIncl - prepaid, 'BR-CO-16 PayableAmount = TaxInclusiveAmount - PrepaidAmount');

  const subtotals = all(taxTotal, 'cac:TaxSubtotal');
  rule(subtotals.length > 0, 'BR-CO-18 at least one VAT breakdown');
  rule(subtotals.reduce((s, st) => s + cents(value(st, 'cbc:TaxAmount')), 0) === taxAmount, 'BR-CO-14 TaxAmount = sum of VAT breakdowns');
  for (const st of subtotals) {
    const cat = between(st, 'cac:TaxCategory');
    const id = value(cat, 'cbc:ID');
    const percent = value(cat, 'cbc:Percent');
    const taxable = cents(value(st, 'cbc:TaxableAmount'));
    const amount = cents(value(st, 'cbc:TaxAmount'));
    const matching = lines.filter((l) => {
      const c = between(l, 'cac:ClassifiedTaxCategory');
      return value(c, 'cbc:ID') === id && value(c, 'cbc:Percent') === percent;
    });
    const sum = matching.reduce((s, l) => s + cents(value(l, 'cbc:LineExtensionAmount')), 0);
    rule(taxable === sum, `BR-S-08 ${id} ${percent} % taxable = sum of its lines`);
    // BR-CO-17 (Peppol allows 1.00 either way): we hold ourselves to one cent per line.
    const expected = Math.round((taxable * Number(percent)) / 100);
    rule(Math.abs(amount - expected) <= Math.max(1, matching.length), `BR-CO-17 ${id} ${percent} % VAT = taxable × rate`);
    if (id === 'S' || id === 'Z')
      rule(!!value(between(seller ?? '', 'cac:PartyTaxScheme'), 'cbc:CompanyID'), `BR-${id}-02 seller VAT identifier`);
  }
  return errors;
}

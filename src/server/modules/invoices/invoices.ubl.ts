import { DEFAULT_COUNTRY } from '../../../shared/limits.js';
import type { Lang } from '../../../shared/i18n.js';
import { ratePercent } from '../../../shared/vat.js';
import { shareText, type InvoiceDocument, type InvoiceLine, type PartyDetails } from './invoice-document.js';
import { invoiceText } from './invoices.messages.js';

/*
 * Peppol BIS Billing 3.0 documents (UBL 2.1 Invoice and CreditNote) of an issued invoice
 * (decision 036). Element order follows the UBL 2.1 schemas (tests validate every document with
 * them); the amounts come from the document, whose totals add up to the cent.
 */

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** Electronic address scheme of a Latvian registration number (ISO 6523 ICD 0218). */
export const LV_REGISTRATION_SCHEME = '0218';
/** Country of a party whose address names none (invoices issued before addresses had parts): the service runs in Latvia. */
const COUNTRY = DEFAULT_COUNTRY;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Cents as a UBL amount: "12.34" (always positive here: a credit note's amounts are what it credits). */
export function amount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
const money = (tag: string, cents: number, cur: string) => `<cbc:${tag} currencyID="${cur}">${amount(cents)}</cbc:${tag}>`;

/** VAT category: S (standard) with a rate, Z (zero rated) at 0 %. */
export const vatCategory = (rateBp: number) => (rateBp > 0 ? 'S' : 'Z');

function party(p: PartyDetails): string {
  const endpoint = p.registrationNumber || p.vatNumber;
  return [
    '<cac:Party>',
    `<cbc:EndpointID schemeID="${p.registrationNumber ? LV_REGISTRATION_SCHEME : '9939'}">${esc(endpoint)}</cbc:EndpointID>`,
    `<cac:PartyName><cbc:Name>${esc(p.name)}</cbc:Name></cac:PartyName>`,
    '<cac:PostalAddress>',
    // UBL 2.1 order: StreetName, CityName, PostalZone, …, Country (BT-35/50, BT-37/52, BT-38/53, BT-40/55).
    p.address ? `<cbc:StreetName>${esc(p.address)}</cbc:StreetName>` : '',
    p.city ? `<cbc:CityName>${esc(p.city)}</cbc:CityName>` : '',
    p.postalCode ? `<cbc:PostalZone>${esc(p.postalCode)}</cbc:PostalZone>` : '',
    `<cac:Country><cbc:IdentificationCode>${esc(p.country || COUNTRY)}</cbc:IdentificationCode></cac:Country>`,
    '</cac:PostalAddress>',
    p.vatNumber
      ? `<cac:PartyTaxScheme><cbc:CompanyID>${esc(p.vatNumber)}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    '<cac:PartyLegalEntity>',
    `<cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName>`,
    p.registrationNumber ? `<cbc:CompanyID>${esc(p.registrationNumber)}</cbc:CompanyID>` : '',
    '</cac:PartyLegalEntity>',
    p.email || p.phone
      ? `<cac:Contact>${p.phone ? `<cbc:Telephone>${esc(p.phone)}</cbc:Telephone>` : ''}${p.email ? `<cbc:ElectronicMail>${esc(p.email)}</cbc:ElectronicMail>` : ''}</cac:Contact>`
      : '',
    '</cac:Party>',
  ].join('');
}

/**
 * A line's item name and description: the location's subsidy, or a ledger correction with its
 * reason (in the issuing request's language, as the PDF).
 */
function lineItem(l: InvoiceLine, month: string, lang: Lang): { name: string; description: string } {
  const centre = l.costCentre ? `; ${invoiceText(lang, 'lineCostCentre', l.costCentre)}` : '';
  if (l.correction) {
    const text = invoiceText(lang, 'lineCorrection', { reason: l.correction.reason });
    return { name: text, description: `${l.locationTitle} ${month}: ${text}${centre}` };
  }
  if (l.share) {
    const text = shareText(l, month, lang);
    return { name: `${text}${l.costCentre ? ` ${l.costCentre.code}` : ''}`, description: `${text}${centre}` };
  }
  return {
    name: `${l.locationTitle} ${month}${l.costCentre ? ` ${l.costCentre.code}` : ''}`,
    description: `${l.orders} × ${l.locationTitle}${centre}`,
  };
}

/**
 * The UBL 2.1 XML of an invoice (Invoice, type 380) or credit note (CreditNote, type 381).
 *
 * A negative line (a correction of money out) has quantity -1 and a positive price: an item's net
 * price is never negative (BR-27), the line's net is quantity × price. An invoice whose corrections
 * exceed its subsidy is a negative invoice (Peppol BIS 3 allows the seller to reimburse the buyer
 * by a negative invoice); it has no due date and no payment means, which are only asked for an
 * amount due (BR-CO-25) and would ask the buyer to pay.
 */
export function ublXml(doc: InvoiceDocument, lang: Lang = 'lv'): string {
  const credit = doc.kind === 'credit_note';
  const due = !credit && doc.gross > 0;
  const root = credit ? 'CreditNote' : 'Invoice';
  const cur = doc.currency;
  const cat = vatCategory(doc.vatRateBp);
  const percent = ratePercent(doc.vatRateBp);
  const [y, m] = doc.month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`,
    `<cbc:CustomizationID>${CUSTOMIZATION_ID}</cbc:CustomizationID>`,
    `<cbc:ProfileID>${PROFILE_ID}</cbc:ProfileID>`,
    `<cbc:ID>${esc(doc.code)}</cbc:ID>`,
    `<cbc:IssueDate>${doc.issueDate}</cbc:IssueDate>`,
    due ? `<cbc:DueDate>${doc.dueDate}</cbc:DueDate>` : '',
    credit ? '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>' : '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
    `<cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>`,
    `<cbc:BuyerReference>${esc(doc.buyerReference)}</cbc:BuyerReference>`,
    `<cac:InvoicePeriod><cbc:StartDate>${doc.month}-01</cbc:StartDate><cbc:EndDate>${doc.month}-${String(lastDay).padStart(2, '0')}</cbc:EndDate></cac:InvoicePeriod>`,
    doc.credits
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${esc(doc.credits.code)}</cbc:ID><cbc:IssueDate>${doc.credits.issueDate}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    `<cac:AccountingSupplierParty>${party(doc.seller)}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party(doc.buyer)}</cac:AccountingCustomerParty>`,
    doc.seller.iban && (credit || due)
      ? `<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentID>${esc(doc.code)}</cbc:PaymentID><cac:PayeeFinancialAccount><cbc:ID>${esc(doc.seller.iban)}</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>`
      : '',
    '<cac:TaxTotal>',
    money('TaxAmount', doc.vat, cur),
    '<cac:TaxSubtotal>',
    money('TaxableAmount', doc.net, cur),
    money('TaxAmount', doc.vat, cur),
    `<cac:TaxCategory><cbc:ID>${cat}</cbc:ID><cbc:Percent>${percent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>`,
    '</cac:TaxSubtotal>',
    '</cac:TaxTotal>',
    '<cac:LegalMonetaryTotal>',
    money('LineExtensionAmount', doc.net, cur),
    money('TaxExclusiveAmount', doc.net, cur),
    money('TaxInclusiveAmount', doc.gross, cur),
    money('PrepaidAmount', 0, cur),
    money('PayableAmount', doc.gross, cur),
    '</cac:LegalMonetaryTotal>',
    ...doc.lines.map((l) => {
      const qty = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
      const item = lineItem(l, doc.month, lang);
      return [
        `<cac:${root}Line>`,
        `<cbc:ID>${l.id}</cbc:ID>`,
        `<cbc:${qty} unitCode="C62">${l.net < 0 ? -1 : 1}</cbc:${qty}>`,
        money('LineExtensionAmount', l.net, cur),
        // BT-133, the buyer's accounting reference of the line: the cost centre's code (decision 075).
        l.costCentre ? `<cbc:AccountingCost>${esc(l.costCentre.code)}</cbc:AccountingCost>` : '',
        '<cac:Item>',
        `<cbc:Description>${esc(item.description)}</cbc:Description>`,
        `<cbc:Name>${esc(item.name)}</cbc:Name>`,
        `<cac:ClassifiedTaxCategory><cbc:ID>${cat}</cbc:ID><cbc:Percent>${percent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>`,
        '</cac:Item>',
        `<cac:Price>${money('PriceAmount', Math.abs(l.net), cur)}</cac:Price>`,
        `</cac:${root}Line>`,
      ].join('');
    }),
    `</${root}>`,
  ];
  return parts.filter(Boolean).join('\n') + '\n';
}

import { ADMINS } from '../../../shared/roles.js';
import { idParams } from '../../../shared/schemas/ids.js';
import {
  invoice,
  invoiceList,
  invoiceListQuery,
  invoiceScopes as invoiceScopesSchema,
  issueInvoiceInput,
  payrollExportQuery,
  statement,
  statementExportQuery,
  statementQuery,
} from '../../../shared/schemas/invoices.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { fileResponse } from '../../lib/openapi.js';
import { sendFile } from '../../lib/download.js';
import { payrollCsv, payrollXlsx, statementCsv, statementXlsx } from './invoices.exports.js';
import { invoiceScopes, listInvoices, statementAnswer, storedInvoice } from './invoices.queries.js';
import { creditInvoice, issueInvoice } from './invoices.service.js';
import { payrollRows } from './payroll.js';
import { monthStatement, type Scope } from './statement.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const scopeOf = (q: { location_id?: number; company?: string }): Scope =>
  q.location_id !== undefined ? { locationId: q.location_id } : { company: q.company! };
/** ASCII file-name part of a scope. */
const scopeSlug = (q: { location_id?: number; company?: string }) =>
  q.location_id !== undefined ? `location-${q.location_id}` : `company-${q.company!.replace(/[^A-Za-z0-9]/g, '')}`;

/**
 * Invoices and exports for the employer (issue 16, decision 036): admins only, scoped to the
 * active provider (its menus' orders, its invoices). Downloads are fetched with the
 * Authorization header and saved from a blob (decision 012).
 */
export async function invoicesRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  app.get(
    '/invoices/scopes',
    { config: { access: ADMINS }, schema: { tags: ['invoices'], response: { 200: invoiceScopesSchema } } },
    async () => invoiceScopes(db),
  );

  app.get(
    '/invoices/statement',
    { config: { access: ADMINS }, schema: { tags: ['invoices'], querystring: statementQuery, response: { 200: statement } } },
    async (req) => statementAnswer(db, await req.provider(), scopeOf(req.query), req.query.month, deps.now()),
  );

  app.get(
    '/invoices/statement/export',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['invoices'],
        querystring: statementExportQuery,
        otherResponses: { 200: fileResponse('The month statement (CSV or XLSX)', 'text/csv', XLSX) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const s = await monthStatement(db, await req.provider(), scopeOf(q), q.month);
      const name = `statement-${scopeSlug(q)}-${q.month}.${q.format}`;
      return q.format === 'csv'
        ? sendFile(reply, statementCsv(s, req.lang), 'text/csv; charset=utf-8', name)
        : sendFile(reply, await statementXlsx(s, req.lang), XLSX, name);
    },
  );

  app.get(
    '/invoices/payroll/export',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['invoices'],
        querystring: payrollExportQuery,
        otherResponses: { 200: fileResponse('Payroll deduction per employee (CSV or XLSX)', 'text/csv', XLSX) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const rows = await payrollRows(db, await req.provider(), q.location_id, q.month);
      const name = `payroll-location-${q.location_id}-${q.month}.${q.format}`;
      return q.format === 'csv'
        ? sendFile(reply, payrollCsv(rows, q.month, req.lang), 'text/csv; charset=utf-8', name)
        : sendFile(reply, await payrollXlsx(rows, q.month, req.lang), XLSX, name);
    },
  );

  app.get(
    '/invoices',
    { config: { access: ADMINS }, schema: { tags: ['invoices'], querystring: invoiceListQuery, response: { 200: invoiceList } } },
    async (req) => ({ data: await listInvoices(db, await req.provider(), req.query.month) }),
  );

  app.post(
    '/invoices',
    { config: { access: ADMINS }, schema: { tags: ['invoices'], body: issueInvoiceInput, response: { 201: invoice } } },
    async (req, reply) => reply.status(201).send(await issueInvoice(userCtx(req), { input: req.body, who: req })),
  );

  app.post(
    '/invoices/:id/credit-note',
    {
      config: { access: ADMINS },
      schema: { tags: ['invoices'], params: idParams, response: { 201: invoice } },
    },
    async (req, reply) => reply.status(201).send(await creditInvoice(userCtx(req), { invoiceId: req.params.id, who: req })),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['invoices'],
        params: idParams,
        otherResponses: { 200: fileResponse('The issued invoice or credit note as PDF', 'application/pdf') },
      },
    },
    async (req, reply) => {
      const doc = await storedInvoice(db, await req.provider(), req.params.id);
      return sendFile(reply, doc.pdf, 'application/pdf', `${doc.kind === 'invoice' ? 'invoice' : 'credit-note'}-${doc.code}.pdf`);
    },
  );

  app.get(
    '/invoices/:id/xml',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['invoices'],
        params: idParams,
        otherResponses: { 200: fileResponse('The issued invoice or credit note as Peppol BIS Billing 3.0 UBL XML', 'application/xml') },
      },
    },
    async (req, reply) => {
      const doc = await storedInvoice(db, await req.provider(), req.params.id);
      return sendFile(
        reply,
        doc.xml,
        'application/xml; charset=utf-8',
        `${doc.kind === 'invoice' ? 'invoice' : 'credit-note'}-${doc.code}.xml`,
      );
    },
  );
}

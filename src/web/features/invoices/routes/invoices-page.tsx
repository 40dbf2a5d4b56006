import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { isApiError } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { formatEuros } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import '../invoices.css';
import { INVOICES_KEY, invoicesApi, scopeQuery, useInvoiceScopes, useInvoices, useStatement, type Invoice, type Statement } from '../api';

/** The month before today's, yyyy-mm: the one usually billed. */
function lastMonth(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

type Figures = Statement['totals'];
const FIGURES = [
  'orders',
  'gross',
  'subsidy',
  'bonus',
  'cash',
  'card',
  'bank',
  'refunds',
  'corrections',
] as const satisfies readonly (keyof Figures)[];

/**
 * /invoices (admins): a location or company and a month -> the statement (orders, food value,
 * the employer's subsidy share, what employees paid by cash, card and bank, refunds, ledger
 * corrections), its CSV and XLSX, the payroll-deduction list, and the invoices: issue (gap-free
 * number; only a month that has ended and that no open invoice bills yet, whatever its scope), PDF,
 * UBL XML, credit note (decision 036). Scoped to the active provider.
 */
export function Component() {
  const { t, i18n } = useTranslation('invoices');
  useDocumentTitle(t('title'));
  const lang = i18n.language;
  const scopeId = useId();
  const monthId = useId();
  const client = useQueryClient();
  const notice = usePageNotice();
  const scopes = useInvoiceScopes();
  const [scope, setScope] = useState('');
  const [month, setMonth] = useState(lastMonth());
  const statement = useStatement(scope, month);
  const list = useInvoices(month);
  const [confirm, setConfirm] = useState<'issue' | Invoice | null>(null);
  const eur = (v: number) => formatEuros(v, lang);
  const errorText = (e: unknown) => (isApiError(e) ? (Object.values(e.errors)[0]?.[0] ?? e.message) : t('failed'));

  const download = useMutation({
    mutationFn: async (what: { load: () => Promise<Blob | undefined>; name: string }) => {
      const blob = await what.load();
      if (blob) saveBlob(blob, what.name);
    },
    onError: () => notice.error(t('downloadFailed')),
  });
  const refresh = () => client.invalidateQueries({ queryKey: INVOICES_KEY });
  const issue = useMutation({
    mutationFn: () => invoicesApi.issue({ ...scopeQuery(scope), month }),
    onSuccess: (inv) => {
      setConfirm(null);
      notice.success(t('issued', { code: inv?.code ?? '' }));
      void refresh();
    },
  });
  const credit = useMutation({
    mutationFn: (inv: Invoice) => invoicesApi.credit(inv.id),
    onSuccess: (cn) => {
      setConfirm(null);
      notice.success(t('credited', { code: cn?.code ?? '' }));
      void refresh();
    },
  });

  const s = statement.data;
  const slug = scope.replace(':', '-');
  const locationId = scope.startsWith('l:') ? Number(scope.slice(2)) : null;
  const invoices = (list.data?.data ?? []).filter((i) => {
    const q = scopeQuery(scope);
    return q.location_id !== undefined ? i.location_id === q.location_id : i.company === q.company;
  });

  const rows: (Figures & { id: number | 'total'; title: string })[] = s
    ? [...s.locations, ...(s.locations.length > 1 ? [{ ...s.totals, id: 'total' as const, title: t('total') }] : [])]
    : [];
  const columns: Column<(typeof rows)[number]>[] = [
    { key: 'title', header: t('location'), cell: (r) => (r.id === 'total' ? <strong>{r.title}</strong> : r.title) },
    ...FIGURES.map((k) => ({
      key: k,
      header: t(`figures.${k}`),
      align: 'end' as const,
      cell: (r: (typeof rows)[number]) => (k === 'orders' ? r.orders : eur(r[k])),
    })),
  ];
  const invoiceColumns: Column<Invoice>[] = [
    { key: 'code', header: t('number'), cell: (i) => <span className="cell-strong">{i.code}</span> },
    { key: 'kind', header: t('kind'), cell: (i) => (i.kind === 'invoice' ? t('invoice') : t('creditNote')) },
    { key: 'issue_date', header: t('issueDate'), cell: (i) => i.issue_date.split('-').reverse().join('.') },
    { key: 'total', header: t('amount'), align: 'end', cell: (i) => eur(i.total) },
    {
      key: 'actions',
      header: t('actions'),
      cell: (i) => (
        <span className="inv-actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('pdfOf', { code: i.code })}
            onClick={() =>
              download.mutate({
                load: () => invoicesApi.document(i.id, 'pdf'),
                name: `${i.kind === 'invoice' ? 'invoice' : 'credit-note'}-${i.code}.pdf`,
              })
            }
          >
            PDF
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('xmlOf', { code: i.code })}
            onClick={() =>
              download.mutate({
                load: () => invoicesApi.document(i.id, 'xml'),
                name: `${i.kind === 'invoice' ? 'invoice' : 'credit-note'}-${i.code}.xml`,
              })
            }
          >
            {t('xml')}
          </Button>
          {i.kind === 'invoice' && i.credited_by_id === null && (
            <Button size="sm" variant="ghost" aria-label={t('creditOf', { code: i.code })} onClick={() => setConfirm(i)}>
              {t('credit')}
            </Button>
          )}
          {i.credited_by_id !== null && <span className="badge badge--off">{t('creditedBadge')}</span>}
        </span>
      ),
    },
  ];

  return (
    <ManagePage
      title={t('title')}
      tools={
        <>
          <div className="field mgmt__filter">
            <label className="field__label" htmlFor={scopeId}>
              {t('billTo')}
            </label>
            <select id={scopeId} className="input" value={scope} onChange={(e) => setScope(e.target.value)}>
              <option value="">{t('choose')}</option>
              <optgroup label={t('locations')}>
                {scopes.data?.locations.map((l) => (
                  <option key={l.id} value={`l:${l.id}`}>
                    {l.title}
                  </option>
                ))}
              </optgroup>
              {!!scopes.data?.companies.length && (
                <optgroup label={t('companies')}>
                  {scopes.data.companies.map((c) => (
                    <option key={c.registration_number} value={`c:${c.registration_number}`}>
                      {t('companyOption', { name: c.name, count: c.locations })}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </div>
          <div className="field mgmt__filter">
            <label className="field__label" htmlFor={monthId}>
              {t('month')}
            </label>
            <input id={monthId} className="input" type="month" value={month} required onChange={(e) => setMonth(e.target.value)} />
          </div>
        </>
      }
      notice={notice.current}
      loadError={scopes.isError ? scopes.error : statement.isError ? statement.error : null}
    >
      {!scope && <p className="muted">{t('pickHint')}</p>}
      {s && (
        <>
          <section aria-labelledby={`${scopeId}-statement`} className="inv-section">
            <h2 id={`${scopeId}-statement`} className="inv-heading">
              {t('statementOf', { title: s.scope.title, month: s.month })}
            </h2>
            <Table columns={columns} rows={rows} rowKey={(r) => r.id} />
            <dl className="inv-bill">
              <div>
                <dt>{t('billNet')}</dt>
                <dd>{eur(s.invoice.net)}</dd>
              </div>
              <div>
                <dt>{t('billVat', { rate: s.invoice.vat_rate })}</dt>
                <dd>{eur(s.invoice.vat)}</dd>
              </div>
              <div>
                <dt>{t('billTotal')}</dt>
                <dd>
                  <strong>{eur(s.invoice.total)}</strong>
                </dd>
              </div>
            </dl>
            <p className="muted">{t('billNote')}</p>
            {s.on_time.rate !== null && (
              <p>{t('onTime', { onTime: s.on_time.on_time, counted: s.on_time.on_time + s.on_time.late, rate: s.on_time.rate })}</p>
            )}
            {s.on_time.no_window > 0 && <p className="muted">{t('onTimeLeftOut', { count: s.on_time.no_window })}</p>}
            {s.corrections.length > 0 && (
              <>
                <h3 className="inv-subheading">{t('correctionsTitle')}</h3>
                <ul className="inv-corrections">
                  {s.corrections.map((c) => (
                    <li key={c.id}>
                      {t('correctionLine', {
                        location: s.locations.find((l) => l.id === c.location_id)?.title ?? '',
                        reason: c.reason,
                        amount: eur(c.amount),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <div className="inv-actions">
              <Button
                variant="secondary"
                onClick={() =>
                  download.mutate({ load: () => invoicesApi.statementFile(scope, month, 'csv'), name: `statement-${slug}-${month}.csv` })
                }
              >
                {t('statementCsv')}
              </Button>
              <Button
                variant="secondary"
                onClick={() =>
                  download.mutate({ load: () => invoicesApi.statementFile(scope, month, 'xlsx'), name: `statement-${slug}-${month}.xlsx` })
                }
              >
                {t('statementXlsx')}
              </Button>
              {locationId !== null && (
                <>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      download.mutate({
                        load: () => invoicesApi.payrollFile(locationId, month, 'csv'),
                        name: `payroll-${slug}-${month}.csv`,
                      })
                    }
                  >
                    {t('payrollCsv')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      download.mutate({
                        load: () => invoicesApi.payrollFile(locationId, month, 'xlsx'),
                        name: `payroll-${slug}-${month}.xlsx`,
                      })
                    }
                  >
                    {t('payrollXlsx')}
                  </Button>
                </>
              )}
            </div>
            {s.missing.length > 0 && (
              <Notice tone="warning">
                {t('missing', { fields: s.missing.map((f) => t(`fields.${f.replace('.', '_')}`)).join(', ') })}
              </Notice>
            )}
          </section>
          <section aria-labelledby={`${scopeId}-invoices`} className="inv-section">
            <header className="mgmt__head">
              <h2 id={`${scopeId}-invoices`} className="inv-heading">
                {t('invoices')}
              </h2>
              <Button
                variant="primary"
                disabled={s.missing.length > 0 || s.invoice.lines === 0 || !s.month_ended || s.billed_by !== null}
                onClick={() => setConfirm('issue')}
              >
                {t('issue')}
              </Button>
            </header>
            {s.billed_by ? (
              <p className="muted">{t('openHint', { code: s.billed_by.code })}</p>
            ) : (
              !s.month_ended && <p className="muted">{t('notEndedHint')}</p>
            )}
            <Table columns={invoiceColumns} rows={invoices} rowKey={(i) => i.id} loading={list.isPending} emptyText={t('noInvoices')} />
          </section>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        tone="primary"
        title={confirm === 'issue' ? t('issueTitle') : t('creditTitle')}
        message={
          confirm === 'issue'
            ? t('issueMessage', { title: s?.scope.title ?? '', month, total: eur(s?.invoice.total ?? 0) })
            : confirm
              ? t('creditMessage', { code: confirm.code })
              : ''
        }
        confirmLabel={confirm === 'issue' ? t('issue') : t('credit')}
        busy={issue.isPending || credit.isPending}
        error={issue.isError ? errorText(issue.error) : credit.isError ? errorText(credit.error) : null}
        onConfirm={() => (confirm === 'issue' ? issue.mutate() : confirm && credit.mutate(confirm))}
        onCancel={() => {
          setConfirm(null);
          issue.reset();
          credit.reset();
        }}
      />
    </ManagePage>
  );
}

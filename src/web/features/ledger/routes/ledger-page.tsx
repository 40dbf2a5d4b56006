import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toCents } from '../../../../shared/money';
import { LEDGER_KIND_NAMES, MAX_CORRECTION_CENTS } from '../../../../shared/schemas/ledger';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { FilterBar, useFilterValues, type FilterSpec } from '../../../components/manage/filter-bar';
import { PagedTable } from '../../../components/manage/manage-table';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, TextAreaField, TextField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { isApiError } from '../../../lib/api';
import { formatCents, formatDateTime } from '../../../lib/format';
import { eurosFromInput } from '../../../lib/price';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { LEDGER_KEY, ledgerApi, useCorrectionLocations, useLedger, type LedgerEntry } from '../api';

/**
 * /ledger (admins): every money movement of the active provider, newest first, filtered by kind,
 * order, location and days, with the sum of what the filters match; and a manual correction with
 * its reason (decision 038). Entries are never changed: a mistake is corrected by another entry.
 */
export function Component() {
  const { t, i18n } = useTranslation('ledger');
  useDocumentTitle(t('title'));
  const lang = i18n.language;
  const client = useQueryClient();
  const notice = usePageNotice();
  const table = useTableState({ perPage: 50 });
  const [filter, setFilter] = useFilterValues({ kind: '', order_id: '', from: '', to: '' }, () => table.setPage(1));
  const query = {
    page: table.page,
    per_page: table.perPage,
    filter: { ...filter, order_id: /^\d+$/.test(filter.order_id) ? filter.order_id : '' },
  };
  const list = useLedger(query);
  const [correcting, setCorrecting] = useState(false);

  const columns: Column<LedgerEntry>[] = [
    { key: 'at', header: t('columns.at'), className: 'cell-nowrap', cell: (e) => formatDateTime(e.at, lang) },
    {
      key: 'kind',
      header: t('columns.kind'),
      cell: (e) => (
        <div className="dish-cell">
          <span className="cell-strong">{t(`kinds.${e.kind}`)}</span>
          {e.reversal && <span className="muted pick-row__meta">{t('reversal')}</span>}
          {e.reason && <span className="pick-row__meta">{e.reason}</span>}
        </div>
      ),
    },
    { key: 'amount', header: t('columns.amount'), align: 'end', className: 'cell-nowrap', cell: (e) => formatCents(e.amount_cents, lang) },
    { key: 'order', header: t('columns.order'), align: 'end', cell: (e) => e.order_id ?? '—' },
    { key: 'location', header: t('columns.location'), cell: (e) => e.location?.title ?? '—' },
    { key: 'user', header: t('columns.user'), cell: (e) => e.user?.name ?? '—' },
    { key: 'actor', header: t('columns.actor'), cell: (e) => e.actor?.name ?? <span className="muted">{t('automatic')}</span> },
  ];

  const filters: FilterSpec<keyof typeof filter>[] = [
    {
      key: 'kind',
      label: t('filters.kind'),
      type: 'select',
      any: t('filters.any'),
      options: LEDGER_KIND_NAMES.map((k) => [k, t(`kinds.${k}`)]),
    },
    { key: 'order_id', label: t('filters.order'), type: 'number', maxLength: 10 },
    { key: 'from', label: t('filters.from'), type: 'date' },
    { key: 'to', label: t('filters.to'), type: 'date' },
  ];

  return (
    <ManagePage
      title={t('title')}
      providerScoped
      actions={
        <Button variant="primary" onClick={() => setCorrecting(true)}>
          {t('correction.open')}
        </Button>
      }
      tools={<FilterBar filters={filters} values={filter} onChange={setFilter} />}
      notice={notice.current}
      loadError={list.isError ? list.error : null}
    >
      {list.data && (
        <p className="ledger-sum" role="status">
          {t('sum', { count: list.data.total, sum: formatCents(list.data.sum_cents, lang) })}
        </p>
      )}
      <PagedTable query={list} columns={columns} rowKey={(e) => e.id} />
      <CorrectionDialog
        open={correcting}
        onClose={() => setCorrecting(false)}
        onDone={(cents) => {
          notice.success(t('correction.done', { amount: formatCents(cents, lang) }));
          void client.invalidateQueries({ queryKey: LEDGER_KEY });
        }}
      />
    </ManagePage>
  );
}

function CorrectionDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(cents: number): void }) {
  const { t } = useTranslation('ledger');
  const id = useId();
  const empty = { direction: 'in' as 'in' | 'out', amount: '', reason: '', order: '', location: '' };
  const locations = useCorrectionLocations(open);
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setForm(empty);
    setErrors({});
    setFailure(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const euros = eurosFromInput(form.amount);
    const local: Record<string, string | undefined> = {};
    if (typeof euros !== 'number' || euros === 0 || toCents(euros) > MAX_CORRECTION_CENTS) local.amount_cents = t('correction.badAmount');
    if (!form.reason.trim()) local.reason = t('correction.reasonRequired');
    if (form.order.trim() && !/^\d+$/.test(form.order.trim())) local.order_id = t('correction.badOrder');
    // A correction reaches the statement and invoice of its location: it names one, or an order (whose location it takes).
    if (!form.order.trim() && !form.location) local.location_id = t('correction.locationRequired');
    setErrors(local);
    if (Object.values(local).some(Boolean) || typeof euros !== 'number') return;
    const cents = toCents(euros) * (form.direction === 'out' ? -1 : 1);
    setBusy(true);
    setFailure(null);
    try {
      await ledgerApi.correct({
        amount_cents: cents,
        reason: form.reason.trim(),
        ...(form.order.trim() ? { order_id: Number(form.order.trim()) } : {}),
        ...(form.location ? { location_id: Number(form.location) } : {}),
      });
      setBusy(false);
      onDone(cents);
      setForm(empty);
      onClose();
    } catch (err) {
      setBusy(false);
      setFailure(err);
      if (isApiError(err)) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
    }
  };
  return (
    <Dialog
      open={open}
      title={t('correction.title')}
      onClose={close}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('correction.cancel')}
          </Button>
          <Button type="submit" variant="primary" form={`${id}-form`} loading={busy}>
            {t('correction.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="ledger-correction" onSubmit={(e) => void submit(e)} noValidate>
        <FormErrorNotice
          error={failure}
          isShown={(k) => ['amount_cents', 'reason', 'order_id', 'location_id'].includes(k)}
          fallback={t('correction.failed')}
        />
        <p className="muted">{t('correction.intro')}</p>
        <fieldset className="ledger-correction__direction">
          <legend className="field__label">{t('correction.direction')}</legend>
          {(['in', 'out'] as const).map((d) => (
            <label key={d} className="ledger-correction__option">
              <input
                type="radio"
                name={`${id}-direction`}
                checked={form.direction === d}
                onChange={() => setForm((f) => ({ ...f, direction: d }))}
              />{' '}
              {t(`correction.${d}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('correction.amount')}
          inputMode="decimal"
          required
          value={form.amount}
          onChange={(e) => setForm((f) => ({ ...f, amount: e.target.value }))}
          error={errors.amount_cents}
        />
        <TextAreaField
          label={t('correction.reason')}
          required
          maxLength={500}
          rows={3}
          value={form.reason}
          onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))}
          error={errors.reason}
        />
        <TextField
          label={t('correction.order')}
          hint={t('correction.orderHint')}
          inputMode="numeric"
          maxLength={10}
          value={form.order}
          onChange={(e) => setForm((f) => ({ ...f, order: e.target.value }))}
          error={errors.order_id}
        />
        <Field label={t('correction.location')} hint={t('correction.locationHint')} error={errors.location_id}>
          {(wiring) => (
            <select
              className="input"
              value={form.location}
              onChange={(e) => setForm((f) => ({ ...f, location: e.target.value }))}
              {...wiring}
            >
              <option value="">{t('correction.locationNone')}</option>
              {locations.data?.data.map((l) => (
                <option key={l.id} value={String(l.id)}>
                  {l.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
    </Dialog>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { LEDGER_KIND_NAMES } from '../../../../shared/schemas/ledger';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { FilterBar, useFilterValues, type FilterSpec } from '../../../components/manage/filter-bar';
import { PagedTable } from '../../../components/manage/manage-table';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatCents, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { LEDGER_KEY, useLedger, type LedgerEntry } from '../api';
import { CorrectionDialog } from '../components/correction-dialog';

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

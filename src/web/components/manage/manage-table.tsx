import type { Key, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Table, type Column } from '../ui/table';

/** The part of a paged list query (`{ data, last_page }` answer) the table needs. */
export interface PagedQuery<T> {
  data?: { data: readonly T[]; last_page: number };
  isPending: boolean;
  isFetching: boolean;
}

/**
 * A server-paged table fed by a list query; page and sort come from the address
 * (read them for the request with useTableState().listQuery).
 */
export function PagedTable<T>({ query, columns, rowKey }: { query: PagedQuery<T>; columns: Column<T>[]; rowKey(row: T): Key }) {
  return (
    <Table
      columns={columns}
      rows={query.data?.data ?? []}
      rowKey={rowKey}
      loading={query.isPending || query.isFetching}
      server={{ lastPage: query.data?.last_page ?? 1 }}
    />
  );
}

function ActionsHeader() {
  const { t } = useTranslation('common');
  return <span className="visually-hidden">{t('manage.actions')}</span>;
}

/** The last column with a row's buttons (RowActions); its header is read by screen readers only. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): Column<T> {
  return { key: 'actions', header: <ActionsHeader />, align: 'end', className: 'cell-actions', cell };
}

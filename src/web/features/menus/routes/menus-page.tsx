import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorNotice, errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/catalogue.css';
import { useProviderZone } from '../../../lib/provider-zone';
import { MENUS_KEY, menusApi, useMenus, type MenuSummary } from '../api';

/** /menu: menus of the active provider with status, times and links to edit, copy, balance, delete. */
export function Component() {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  useDocumentTitle(t('list.title'));
  const { zone } = useProviderZone();
  const client = useQueryClient();
  const table = useTableState();
  const list = useMenus(table.listQuery);
  const [deleting, setDeleting] = useState<MenuSummary | null>(null);
  const [notice, setNotice] = useState('');

  const remove = useMutation({
    mutationFn: (m: MenuSummary) => menusApi.remove(m.id),
    onSuccess: (_answer, m) => {
      setDeleting(null);
      setNotice(t('list.deleted', { title: m.title }));
      void client.invalidateQueries({ queryKey: MENUS_KEY });
    },
  });

  const columns: Column<MenuSummary>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      sortable: true,
      cell: (m) => (
        <Link className="cell-strong" to={`/menu/${m.id}`}>
          {m.title}
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      cell: (m) => <span className={`badge ${m.status ? 'badge--ok' : 'badge--off'}`}>{m.status ? t('status.published') : t('status.draft')}</span>,
    },
    { key: 'from', header: t('fields.from'), sortable: true, className: 'cell-nowrap', cell: (m) => formatDateTime(m.from, lang, zone) },
    { key: 'to', header: t('columns.to'), sortable: true, className: 'cell-nowrap', cell: (m) => formatDateTime(m.to, lang, zone) },
    { key: 'dishes_count', header: t('list.dishes'), align: 'end', cell: (m) => m.dishes_count },
    { key: 'orders_count', header: t('list.orders'), align: 'end', cell: (m) => m.orders_count },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('actions.label')}</span>,
      align: 'end',
      className: 'cell-actions',
      cell: (m) => (
        <div className="row-actions row-actions--wrap">
          <Link className="btn btn--sm btn--secondary" to={`/menu/${m.id}`} aria-label={t('actions.editNamed', { title: m.title })}>
            {t('actions.edit')}
          </Link>
          <Link className="btn btn--sm btn--ghost" to={`/menu/${m.id}?duplicate=true`} aria-label={t('actions.duplicateNamed', { title: m.title })}>
            {t('actions.duplicate')}
          </Link>
          <Link className="btn btn--sm btn--ghost" to={`/menu/${m.id}/balance`} aria-label={t('actions.balanceNamed', { title: m.title })}>
            {t('actions.balance')}
          </Link>
          <Button
            size="sm"
            variant="ghost"
            className="btn--danger-text"
            onClick={() => {
              remove.reset();
              setDeleting(m);
            }}
            aria-label={t('actions.deleteNamed', { title: m.title })}
          >
            {t('actions.delete')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{t('list.title')}</h1>
        <Link className="btn btn--primary" to="/menu/new">
          {t('list.new')}
        </Link>
      </header>
      {notice && <Notice tone="success">{notice}</Notice>}
      <LoadErrorNotice error={list.isError ? list.error : null} fallback={t('errors.loadFailed')} />
      <Table
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(m) => m.id}
        loading={list.isPending || list.isFetching}
        server={{ lastPage: list.data?.last_page ?? 1 }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.deleteTitle')}
        message={t('list.deleteConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t('errors.deleteFailed')) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}

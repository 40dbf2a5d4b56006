import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { DeleteConfirm, useDeleteConfirm } from '../../../components/manage/delete-confirm';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { PagedTable, actionsColumn } from '../../../components/manage/manage-table';
import { DeleteButton, RowActions } from '../../../components/manage/row-actions';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { useProviderZone } from '../../../lib/provider-zone';
import { MENUS_KEY, menusApi, useMenus, type MenuSummary } from '../api';
import { CopyMenuDialog } from '../components/copy-menu-dialog';

/** /menu: menus of the active provider with status, times and links to edit, copy, balance, delete. */
export function Component() {
  const { t, i18n } = useTranslation('menus');
  const lang = i18n.language;
  useDocumentTitle(t('list.title'));
  const { zone } = useProviderZone();
  const client = useQueryClient();
  const table = useTableState();
  const list = useMenus(table.listQuery);
  const notice = usePageNotice();
  const [copying, setCopying] = useState<MenuSummary | null>(null);

  const remove = useDeleteConfirm(
    (m: MenuSummary) => menusApi.remove(m.id),
    (m) => {
      notice.success(t('list.deleted', { title: m.title }));
      void client.invalidateQueries({ queryKey: MENUS_KEY });
    },
  );

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
      cell: (m) => (
        <span className={`badge ${m.status ? 'badge--ok' : 'badge--off'}`}>{m.status ? t('status.published') : t('status.draft')}</span>
      ),
    },
    { key: 'from', header: t('fields.from'), sortable: true, className: 'cell-nowrap', cell: (m) => formatDateTime(m.from, lang, zone) },
    { key: 'to', header: t('columns.to'), sortable: true, className: 'cell-nowrap', cell: (m) => formatDateTime(m.to, lang, zone) },
    { key: 'dishes_count', header: t('list.dishes'), align: 'end', cell: (m) => m.dishes_count },
    { key: 'orders_count', header: t('list.orders'), align: 'end', cell: (m) => m.orders_count },
    actionsColumn((m) => (
      <RowActions layout="wrap">
        <Link className="btn btn--sm btn--secondary" to={`/menu/${m.id}`} aria-label={t('actions.editNamed', { title: m.title })}>
          {t('actions.edit')}
        </Link>
        <Link
          className="btn btn--sm btn--ghost"
          to={`/menu/${m.id}?duplicate=true`}
          aria-label={t('actions.duplicateNamed', { title: m.title })}
        >
          {t('actions.duplicate')}
        </Link>
        <button
          type="button"
          className="btn btn--sm btn--ghost"
          onClick={() => setCopying(m)}
          aria-label={t('copy.openNamed', { title: m.title })}
        >
          {t('copy.open')}
        </button>
        <Link className="btn btn--sm btn--ghost" to={`/menu/${m.id}/balance`} aria-label={t('actions.balanceNamed', { title: m.title })}>
          {t('actions.balance')}
        </Link>
        <DeleteButton name={m.title} onClick={() => remove.ask(m)} />
      </RowActions>
    )),
  ];

  return (
    <ManagePage
      providerScoped
      title={t('list.title')}
      actions={
        <Link className="btn btn--primary" to="/menu/new">
          {t('list.new')}
        </Link>
      }
      notice={notice.current}
      loadError={list.isError ? list.error : null}
      loadErrorText={t('errors.loadFailed')}
    >
      <PagedTable query={list} columns={columns} rowKey={(m) => m.id} />
      <CopyMenuDialog
        menu={copying}
        zone={zone}
        onClose={() => setCopying(null)}
        onCopied={(copies) => {
          notice.success(t('copy.done', { count: copies.length, days: copies.map((c) => formatDate(c.from, lang, zone)).join(', ') }));
          void client.invalidateQueries({ queryKey: MENUS_KEY });
        }}
      />
      <DeleteConfirm state={remove} title={t('list.deleteTitle')} message={(m) => t('list.deleteConfirm', { title: m.title })} />
    </ManagePage>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useDeleteConfirm, DeleteConfirm } from '../../../components/manage/delete-confirm';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { PagedTable, actionsColumn } from '../../../components/manage/manage-table';
import { DeleteButton, EditButton, RowActions } from '../../../components/manage/row-actions';
import { Button } from '../../../components/ui/button';
import { SearchBox, useUrlSearch } from '../../../components/ui/search-box';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatDate } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { CATEGORIES_KEY, DISHES_KEY, catalogueApi, useCategories, type Category } from '../api';
import { CategoryEditor } from '../components/category-editor';
import { StatusBadge } from '../components/status-badge';
import { pickText } from '../../../lib/translated-text';
import { CATALOGUE_MANAGERS, hasRole } from '../../../../shared/roles';

/** /categories: categories of the active provider, server-paged, with editor and delete. */
export function Component() {
  const { t, i18n } = useTranslation('catalogue');
  const lang = i18n.language;
  useDocumentTitle(t('categories.title'));
  const me = useMe();
  const canManage = hasRole(me.data?.role, CATALOGUE_MANAGERS);
  const client = useQueryClient();
  const table = useTableState();
  const [search, setSearch] = useUrlSearch();
  const list = useCategories({ ...table.listQuery, search: search || undefined });
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const notice = usePageNotice();

  const remove = useDeleteConfirm(
    (c: Category) => catalogueApi.deleteCategory(c.id),
    (c) => {
      notice.success(t('categories.deleted', { title: pickText(c.title, lang) }));
      void client.invalidateQueries({ queryKey: CATEGORIES_KEY });
    },
  );

  const columns: Column<Category>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      sortable: true,
      cell: (c) => <span className="cell-strong">{pickText(c.title, lang)}</span>,
    },
    { key: 'group_name', header: t('fields.groupName'), cell: (c) => c.group_name || <span className="muted">—</span> },
    { key: 'simple', header: t('fields.simple'), cell: (c) => (c.simple ? t('common.yes') : t('common.no')) },
    { key: 'dishes_count', header: t('categories.dishesCount'), align: 'end', cell: (c) => c.dishes_count },
    { key: 'status', header: t('fields.status'), sortable: true, cell: (c) => <StatusBadge active={c.status} /> },
    { key: 'created_at', header: t('fields.createdAt'), sortable: true, cell: (c) => formatDate(c.created_at, lang) },
  ];
  if (canManage) {
    columns.push(
      actionsColumn((c) => (
        <RowActions>
          <EditButton name={pickText(c.title, lang)} onClick={() => setEditing(c)} />
          <DeleteButton name={pickText(c.title, lang)} onClick={() => remove.ask(c)} />
        </RowActions>
      )),
    );
  }

  return (
    <ManagePage
      providerScoped
      title={t('categories.title')}
      actions={
        canManage && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('categories.new')}
          </Button>
        )
      }
      tools={<SearchBox value={search} onSearch={setSearch} label={t('categories.search')} placeholder={t('categories.search')} />}
      notice={notice.current}
      loadError={list.isError ? list.error : null}
    >
      <PagedTable query={list} columns={columns} rowKey={(c) => c.id} />
      {editing && (
        <CategoryEditor
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notice.success(t('categories.saved', { title: pickText(saved.title, lang) }));
            void client.invalidateQueries({ queryKey: CATEGORIES_KEY });
            void client.invalidateQueries({ queryKey: DISHES_KEY });
          }}
        />
      )}
      <DeleteConfirm
        state={remove}
        title={t('categories.deleteTitle')}
        message={(c) => t('categories.deleteConfirm', { title: pickText(c.title, lang) })}
      />
    </ManagePage>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorNotice, errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { SearchBox, useUrlSearch } from '../../../components/ui/search-box';
import { Table, type Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatDate } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/catalogue.css';
import { CATEGORIES_KEY, DISHES_KEY, catalogueApi, useCategories, type Category } from '../api';
import { EditDeleteActions } from '../components/edit-delete-actions';
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
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [notice, setNotice] = useState('');

  const remove = useMutation({
    mutationFn: (c: Category) => catalogueApi.deleteCategory(c.id),
    onSuccess: (_answer, c) => {
      setDeleting(null);
      setNotice(t('categories.deleted', { title: pickText(c.title, lang) }));
      void client.invalidateQueries({ queryKey: CATEGORIES_KEY });
    },
  });

  const columns: Column<Category>[] = [
    { key: 'title', header: t('fields.title'), sortable: true, cell: (c) => <span className="cell-strong">{pickText(c.title, lang)}</span> },
    { key: 'group_name', header: t('fields.groupName'), cell: (c) => c.group_name || <span className="muted">—</span> },
    { key: 'simple', header: t('fields.simple'), cell: (c) => (c.simple ? t('common.yes') : t('common.no')) },
    { key: 'dishes_count', header: t('categories.dishesCount'), align: 'end', cell: (c) => c.dishes_count },
    { key: 'status', header: t('fields.status'), sortable: true, cell: (c) => <StatusBadge active={c.status} /> },
    { key: 'created_at', header: t('fields.createdAt'), sortable: true, cell: (c) => formatDate(c.created_at, lang) },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">{t('actions.label')}</span>,
      align: 'end',
      className: 'cell-actions',
      cell: (c) => {
        const name = pickText(c.title, lang);
        return (
          <EditDeleteActions
            name={name}
            onEdit={() => setEditing(c)}
            onDelete={() => {
              remove.reset();
              setDeleting(c);
            }}
          />
        );
      },
    });
  }

  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{t('categories.title')}</h1>
        {canManage && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('categories.new')}
          </Button>
        )}
      </header>
      <div className="mgmt__tools">
        <SearchBox value={search} onSearch={setSearch} label={t('categories.search')} placeholder={t('categories.search')} />
      </div>
      {notice && <Notice tone="success">{notice}</Notice>}
      <LoadErrorNotice error={list.isError ? list.error : null} fallback={t('errors.loadFailed')} />
      <Table
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(c) => c.id}
        loading={list.isPending || list.isFetching}
        server={{ lastPage: list.data?.last_page ?? 1 }}
      />
      {editing && (
        <CategoryEditor
          category={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(t('categories.saved', { title: pickText(saved.title, lang) }));
            void client.invalidateQueries({ queryKey: CATEGORIES_KEY });
            void client.invalidateQueries({ queryKey: DISHES_KEY });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('categories.deleteTitle')}
        message={t('categories.deleteConfirm', { title: deleting ? pickText(deleting.title, lang) : '' })}
        confirmLabel={t('actions.delete')}
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error, t('errors.deleteFailed')) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}


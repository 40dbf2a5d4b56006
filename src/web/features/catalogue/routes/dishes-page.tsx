import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { DeleteConfirm, useDeleteConfirm } from '../../../components/manage/delete-confirm';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { PagedTable, actionsColumn } from '../../../components/manage/manage-table';
import { DeleteButton, EditButton, RowActions } from '../../../components/manage/row-actions';
import { Button } from '../../../components/ui/button';
import { SearchBox, useUrlSearch } from '../../../components/ui/search-box';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatEuros } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { DISHES_KEY, THUMB_SIZE, catalogueApi, dishImageUrl, useAllCategories, useDishes, type Dish } from '../api';
import { DishEditor } from '../components/dish-editor';
import { StatusBadge } from '../components/status-badge';
import { isBlankText, pickText } from '../../../lib/translated-text';
import { CATALOGUE_MANAGERS, hasRole } from '../../../../shared/roles';

type Editing = { dish: Dish | null; kind: 'simple' | 'complex' };

const isComplex = (d: Pick<Dish, 'type'>) => d.type !== 'simple';

/** /dishes: dishes and complex dishes of the active provider, server-paged, with editors and images. */
export function Component() {
  const { t, i18n } = useTranslation('catalogue');
  const lang = i18n.language;
  useDocumentTitle(t('dishes.title'));
  const me = useMe();
  const canManage = hasRole(me.data?.role, CATALOGUE_MANAGERS);
  const client = useQueryClient();
  const table = useTableState();
  const [search, setSearch] = useUrlSearch();
  const [params, setParams] = useSearchParams();
  const categoryFilter = params.get('category') ?? '';
  const typeFilter = params.get('type') ?? '';
  const categories = useAllCategories();
  const list = useDishes({
    ...table.listQuery,
    search: search || undefined,
    filter: { category_id: categoryFilter || undefined },
    initial: typeFilter === 'complex' ? 1 : typeFilter === 'simple' ? 0 : undefined,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const notice = usePageNotice();

  const setFilter = (key: string, value: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value) p.set(key, value);
        else p.delete(key);
        p.delete('page');
        return p;
      },
      { replace: true },
    );

  const refresh = () => client.invalidateQueries({ queryKey: DISHES_KEY });

  const remove = useDeleteConfirm(
    (d: Dish) => catalogueApi.deleteDish(d.id),
    (d) => {
      notice.success(t('dishes.deleted', { name: pickText(d.title, lang) }));
      void refresh();
    },
  );

  const columns: Column<Dish>[] = [
    {
      key: 'image',
      header: <span className="visually-hidden">{t('fields.image')}</span>,
      className: 'cell-thumb',
      // A display only: the picture is changed in the dish editor (issue 24).
      cell: (d) =>
        d.has_image ? (
          <img
            src={dishImageUrl(d, { width: THUMB_SIZE, height: THUMB_SIZE })}
            width={THUMB_SIZE}
            height={THUMB_SIZE}
            alt=""
            loading="lazy"
            className="thumb"
          />
        ) : (
          <span className="thumb thumb--empty" aria-hidden="true" />
        ),
    },
    {
      key: 'title',
      header: t('fields.title'),
      sortable: true,
      cell: (d) => (
        <div className="dish-cell">
          <span className="cell-strong">{pickText(d.title, lang)}</span>
          {(isBlankText(d.summary) || (!isComplex(d) && d.allergens.length === 0)) && (
            <span className="dish-cell__warnings">
              {!isComplex(d) && d.allergens.length === 0 && <span className="badge badge--warn">{t('dishes.noAllergens')}</span>}
              {!isComplex(d) && !d.allergens_confirmed && <span className="badge badge--warn">{t('dishes.allergensUnconfirmed')}</span>}
              {isBlankText(d.summary) && <span className="badge badge--warn">{t('dishes.noSummary')}</span>}
            </span>
          )}
        </div>
      ),
    },
    { key: 'code', header: t('fields.code'), sortable: true, cell: (d) => d.code || <span className="muted">—</span> },
    { key: 'category', header: t('fields.category'), cell: (d) => pickText(d.category?.title, lang) },
    { key: 'type', header: t('fields.type'), cell: (d) => t(`types.${d.type}`) },
    {
      key: 'price',
      header: t('columns.price'),
      sortable: true,
      align: 'end',
      className: 'cell-nowrap',
      cell: (d) => (isComplex(d) ? t('dishes.priceFrom', { price: formatEuros(d.priceFrom, lang) }) : formatEuros(d.price, lang)),
    },
    { key: 'status', header: t('fields.status'), sortable: true, cell: (d) => <StatusBadge active={d.status} /> },
  ];
  if (canManage) {
    columns.push(
      actionsColumn((d) => (
        <RowActions>
          <EditButton name={pickText(d.title, lang)} onClick={() => setEditing({ dish: d, kind: isComplex(d) ? 'complex' : 'simple' })} />
          <DeleteButton name={pickText(d.title, lang)} onClick={() => remove.ask(d)} />
        </RowActions>
      )),
    );
  }

  return (
    <ManagePage
      providerScoped
      title={t('dishes.title')}
      actions={
        canManage && (
          <div className="mgmt__head-actions">
            <Button variant="primary" onClick={() => setEditing({ dish: null, kind: 'simple' })}>
              {t('dishes.new')}
            </Button>
            <Button onClick={() => setEditing({ dish: null, kind: 'complex' })}>{t('dishes.newComplex')}</Button>
          </div>
        )
      }
      notice={notice.current}
      loadError={list.isError ? list.error : null}
      tools={
        <>
          <SearchBox value={search} onSearch={setSearch} label={t('dishes.search')} placeholder={t('dishes.searchPlaceholder')} />
          <label className="mgmt__filter">
            <span className="visually-hidden">{t('dishes.filterCategory')}</span>
            <select className="input" value={categoryFilter} onChange={(e) => setFilter('category', e.target.value)}>
              <option value="">{t('dishes.allCategories')}</option>
              {(categories.data?.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {pickText(c.title, lang)}
                </option>
              ))}
            </select>
          </label>
          <label className="mgmt__filter">
            <span className="visually-hidden">{t('dishes.filterType')}</span>
            <select className="input" value={typeFilter} onChange={(e) => setFilter('type', e.target.value)}>
              <option value="">{t('dishes.allTypes')}</option>
              <option value="simple">{t('dishes.onlySimple')}</option>
              <option value="complex">{t('dishes.onlyComplex')}</option>
            </select>
          </label>
        </>
      }
    >
      <PagedTable query={list} columns={columns} rowKey={(d) => d.id} />
      {editing && (
        <DishEditor
          dish={editing.dish}
          kind={editing.kind}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notice.success(t('dishes.saved', { name: pickText(saved.title, lang) }));
            void refresh();
          }}
          onImageChanged={() => void refresh()}
        />
      )}
      <DeleteConfirm
        state={remove}
        title={t('dishes.deleteTitle')}
        message={(d) => t('dishes.deleteConfirm', { name: pickText(d.title, lang) })}
      />
    </ManagePage>
  );
}

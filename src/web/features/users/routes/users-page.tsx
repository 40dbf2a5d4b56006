import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { ROLES } from '../../../../shared/roles';
import { FilterBar, type FilterSpec } from '../../../components/manage/filter-bar';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { PagedTable, actionsColumn } from '../../../components/manage/manage-table';
import { EditButton, RowActions } from '../../../components/manage/row-actions';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { SearchBox, useUrlSearch } from '../../../components/ui/search-box';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { USERS_KEY, useAdminUsers, useLocationChoices, usersApi, type AdminUser } from '../api';
import { UserEditor } from '../components/user-editor';
import { UserOrders } from '../components/user-orders';

const FILTERS = ['role', 'active', 'is_location_manager', 'location_id'] as const;

/** /users: the administrator's list of every user: search, filters, edit, (de)activate, invite, orders. */
export function Component() {
  const { t } = useTranslation('users');
  useDocumentTitle(t('title'));
  const me = useMe();
  const client = useQueryClient();
  const table = useTableState();
  const [search, setSearch] = useUrlSearch();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<(typeof FILTERS)[number], string>;
  const list = useAdminUsers({ ...table.listQuery, search: search || undefined, filter });
  const locations = useLocationChoices();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [ordersOf, setOrdersOf] = useState<AdminUser | null>(null);
  const notice = usePageNotice();
  const refresh = () => void client.invalidateQueries({ queryKey: USERS_KEY });

  const setFilter = (name: (typeof FILTERS)[number], value: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (value) p.set(name, value);
      else p.delete(name);
      p.delete('page');
      return p;
    });

  const act = useMutation({
    mutationFn: ({ user, action }: { user: AdminUser; action: 'activate' | 'deactivate' | 'invite' }) => usersApi[action](user.id),
    onSuccess: (answer) => {
      if (answer) notice.success(answer.message);
      refresh();
    },
    onError: (error) => notice.error(errorMessage(error, t('errors.actionFailed'))),
  });

  const name = (u: AdminUser) => u.first_name || u.email;
  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      cell: (u) => (
        <div className="dish-cell">
          <span className="cell-strong">{u.first_name || '—'}</span>
          <span className="muted pick-row__meta">{u.email}</span>
          {u.phone && <span className="muted pick-row__meta">{u.phone}</span>}
        </div>
      ),
    },
    {
      key: 'location',
      header: t('fields.location'),
      cell: (u) => (
        <div className="dish-cell">
          <span>{u.location?.title ?? <span className="muted">{t('noLocation')}</span>}</span>
          {u.is_location_manager && <span className="badge badge--info">{t('manager')}</span>}
        </div>
      ),
    },
    { key: 'role', header: t('fields.role'), cell: (u) => t(`roles.${u.role}`) },
    {
      key: 'status',
      header: t('fields.status'),
      cell: (u) => (
        <div className="stack-actions">
          <span className={`badge ${u.active ? 'badge--ok' : 'badge--off'}`}>{u.active ? t('active') : t('inactive')}</span>
          {!u.has_password && <span className="badge badge--warn">{t('invited')}</span>}
        </div>
      ),
    },
    actionsColumn((u) => {
      const self = u.id === me.data?.id;
      const busy = act.isPending && act.variables?.user.id === u.id;
      return (
        <RowActions layout="stack">
          <EditButton name={name(u)} onClick={() => setEditing(u)} />
          <Button size="sm" variant="ghost" onClick={() => setOrdersOf(u)} aria-label={t('orders.buttonNamed', { name: name(u) })}>
            {t('orders.button')}
          </Button>
          {!self &&
            (u.active ? (
              <Button
                size="sm"
                variant="ghost"
                className="btn--danger-text"
                loading={busy && act.variables?.action === 'deactivate'}
                aria-label={t('deactivateNamed', { name: name(u) })}
                onClick={() => {
                  if (window.confirm(t('deactivateConfirm', { name: name(u) }))) act.mutate({ user: u, action: 'deactivate' });
                }}
              >
                {t('deactivate')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                loading={busy && act.variables?.action === 'activate'}
                aria-label={t('activateNamed', { name: name(u) })}
                onClick={() => act.mutate({ user: u, action: 'activate' })}
              >
                {t('activate')}
              </Button>
            ))}
          {!u.has_password && u.active && (
            <Button
              size="sm"
              variant="ghost"
              loading={busy && act.variables?.action === 'invite'}
              aria-label={t('inviteNamed', { name: name(u) })}
              onClick={() => act.mutate({ user: u, action: 'invite' })}
            >
              {t('invite')}
            </Button>
          )}
        </RowActions>
      );
    }),
  ];

  const filters: FilterSpec<(typeof FILTERS)[number]>[] = [
    { key: 'role', label: t('fields.role'), type: 'select', any: t('filters.any'), options: ROLES.map((r) => [r, t(`roles.${r}`)]) },
    {
      key: 'active',
      label: t('fields.status'),
      type: 'select',
      any: t('filters.any'),
      options: [
        ['1', t('active')],
        ['0', t('inactive')],
      ],
    },
    {
      key: 'is_location_manager',
      label: t('manager'),
      type: 'select',
      any: t('filters.any'),
      options: [
        ['1', t('filters.yes')],
        ['0', t('filters.no')],
      ],
    },
    {
      key: 'location_id',
      label: t('fields.location'),
      type: 'select',
      any: t('filters.any'),
      options: (locations.data?.data ?? []).map((l) => [l.id, l.title]),
    },
  ];

  return (
    <ManagePage
      title={t('title')}
      tools={
        <div className="users-tools">
          <SearchBox value={search} onSearch={setSearch} label={t('search')} placeholder={t('searchPlaceholder')} />
          <FilterBar filters={filters} values={filter} onChange={setFilter} />
        </div>
      }
      notice={notice.current}
      loadError={list.isError ? list.error : null}
    >
      <PagedTable query={list} columns={columns} rowKey={(u) => u.id} />
      {editing && (
        <UserEditor
          user={editing}
          locations={locations.data?.data ?? []}
          onClose={() => setEditing(null)}
          onCostCentreSaved={refresh}
          onSaved={(result) => {
            setEditing(null);
            notice.success(result.message);
            refresh();
          }}
        />
      )}
      {ordersOf && <UserOrders user={ordersOf} onClose={() => setOrdersOf(null)} />}
    </ManagePage>
  );
}

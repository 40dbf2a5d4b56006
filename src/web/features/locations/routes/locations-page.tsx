import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { PagedTable, actionsColumn } from '../../../components/manage/manage-table';
import { EditButton, RowActions } from '../../../components/manage/row-actions';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Modal } from '../../../components/ui/modal';
import { SearchBox, useUrlSearch } from '../../../components/ui/search-box';
import type { Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatEuros } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { LOCATIONS_KEY, locationsApi, useLocations, type Location } from '../api';
import { CopyLink } from '../../../components/ui/copy-link';
import { LocationEditor } from '../components/location-editor';
import { addressLine } from '../../../../shared/address';
import { ADMINS, hasRole } from '../../../../shared/roles';

/** /locations: customer sites, server-paged with search; editor, reconfirm and invite link. */
export function Component() {
  const { t, i18n } = useTranslation('locations');
  const lang = i18n.language;
  useDocumentTitle(t('title'));
  const me = useMe();
  const canManage = hasRole(me.data?.role, ADMINS);
  const client = useQueryClient();
  const table = useTableState();
  const [search, setSearch] = useUrlSearch();
  const list = useLocations({ ...table.listQuery, search: search || undefined });
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [inviteOf, setInviteOf] = useState<Location | null>(null);
  const notice = usePageNotice();

  const reconfirm = useMutation({
    mutationFn: (l: Location) => locationsApi.reconfirm(l.id),
    onSuccess: (saved, l) => {
      notice.success(t('reconfirmed', { title: saved?.title ?? l.title }));
      void client.invalidateQueries({ queryKey: LOCATIONS_KEY });
    },
    onError: (error) => notice.error(errorMessage(error, t('errors.reconfirmFailed'))),
  });

  const regenerate = useMutation({
    mutationFn: (l: Location) => locationsApi.update(l.id, { regenerate_token: true }),
    onSuccess: (saved) => {
      if (saved) setInviteOf(saved);
      void client.invalidateQueries({ queryKey: LOCATIONS_KEY });
    },
    onError: (error) => notice.error(errorMessage(error, t('errors.regenerateFailed'))),
  });

  const columns: Column<Location>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      sortable: true,
      cell: (l) => (
        <div className="dish-cell">
          <span className="cell-strong">{l.title}</span>
          {l.address && <span className="muted pick-row__meta">{addressLine({ ...l, postalCode: l.postal_code })}</span>}
          {/* The member count rides with the title: a column of its own made the table too wide at 1280 px. */}
          <span className="muted pick-row__meta">
            {t('usersCount')}: {l.users_count}
          </span>
        </div>
      ),
    },
    {
      key: 'contact',
      header: t('fields.contact'),
      cell: (l) =>
        l.contact_name || l.contact_email || l.contact_phone ? (
          <div className="dish-cell">
            {l.contact_name && <span>{l.contact_name}</span>}
            {l.contact_email && <a href={`mailto:${l.contact_email}`}>{l.contact_email}</a>}
            {l.contact_phone && <a href={`tel:${l.contact_phone}`}>{l.contact_phone}</a>}
          </div>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'subsidy',
      header: t('columns.subsidy'),
      align: 'end',
      cell: (l) => (l.full_subsidy ? <span className="badge badge--info">{t('fullSubsidy')}</span> : formatEuros(l.subsidy, lang)),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      cell: (l) => (
        <div className="stack-actions">
          <span className={`badge ${l.status ? 'badge--ok' : 'badge--off'}`}>{l.status ? t('active') : t('inactive')}</span>
          {l.unconfirmed ? (
            <>
              <span className="badge badge--warn">{t('unconfirmed')}</span>
              {canManage && (
                <Button
                  size="sm"
                  loading={reconfirm.isPending && reconfirm.variables?.id === l.id}
                  onClick={() => reconfirm.mutate(l)}
                  aria-label={t('reconfirmNamed', { title: l.title })}
                >
                  {t('reconfirm')}
                </Button>
              )}
            </>
          ) : (
            <span className="badge badge--ok">{t('confirmed')}</span>
          )}
        </div>
      ),
    },
  ];
  if (canManage) {
    columns.push(
      actionsColumn((l) => (
        <RowActions layout="stack">
          <EditButton name={l.title} onClick={() => setEditing(l)} />
          <Button size="sm" variant="ghost" onClick={() => setInviteOf(l)} aria-label={t('invite.buttonNamed', { title: l.title })}>
            {t('invite.button')}
          </Button>
          <Link
            className="btn btn--ghost btn--sm"
            to={`/locations/${l.id}/closed-days`}
            aria-label={t('closedDaysNamed', { title: l.title })}
          >
            {t('closedDays')}
          </Link>
          <Link className="btn btn--ghost btn--sm" to={`/locations/${l.id}/budgets`} aria-label={t('budgetsNamed', { title: l.title })}>
            {t('budgets')}
          </Link>
        </RowActions>
      )),
    );
  }

  return (
    <ManagePage
      title={t('title')}
      actions={
        canManage && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('new')}
          </Button>
        )
      }
      tools={<SearchBox value={search} onSearch={setSearch} label={t('search')} placeholder={t('searchPlaceholder')} />}
      notice={notice.current}
      loadError={list.isError ? list.error : null}
    >
      <PagedTable query={list} columns={columns} rowKey={(l) => l.id} />
      {editing && (
        <LocationEditor
          location={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notice.success(t('saved', { title: saved.title }));
            void client.invalidateQueries({ queryKey: LOCATIONS_KEY });
          }}
        />
      )}
      {inviteOf && (
        <Modal
          open
          title={t('invite.title', { title: inviteOf.title })}
          onClose={() => setInviteOf(null)}
          footer={
            <>
              <Button
                variant="ghost"
                loading={regenerate.isPending}
                onClick={() => {
                  // The old link stops working: ask first.
                  if (window.confirm(t('invite.regenerateConfirm'))) regenerate.mutate(inviteOf);
                }}
              >
                {t('invite.regenerate')}
              </Button>
              <Button onClick={() => setInviteOf(null)}>{t('actions.close')}</Button>
            </>
          }
        >
          <p>{t('invite.text')}</p>
          <CopyLink className="copy-link" label={t('invite.label')} url={inviteOf.invite_url} />
        </Modal>
      )}
    </ManagePage>
  );
}

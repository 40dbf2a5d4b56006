import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LoadErrorNotice, errorMessage } from '../../../components/ui/form-error-notice';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { SearchBox, useUrlSearch } from '../../../components/ui/search-box';
import { Table, type Column } from '../../../components/ui/table';
import { useTableState } from '../../../components/ui/use-table-state';
import { formatEuros } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/catalogue.css';
import { LOCATIONS_KEY, locationsApi, useLocations, type Location } from '../api';
import { CopyField } from '../components/copy-field';
import { LocationEditor } from '../components/location-editor';
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
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const reconfirm = useMutation({
    mutationFn: (l: Location) => locationsApi.reconfirm(l.id),
    onSuccess: (saved, l) => {
      setNotice({ tone: 'success', text: t('reconfirmed', { title: saved?.title ?? l.title }) });
      void client.invalidateQueries({ queryKey: LOCATIONS_KEY });
    },
    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, t('errors.reconfirmFailed')) }),
  });

  const regenerate = useMutation({
    mutationFn: (l: Location) => locationsApi.update(l.id, { regenerate_token: true }),
    onSuccess: (saved) => {
      if (saved) setInviteOf(saved);
      void client.invalidateQueries({ queryKey: LOCATIONS_KEY });
    },
    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, t('errors.regenerateFailed')) }),
  });

  const columns: Column<Location>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      sortable: true,
      cell: (l) => (
        <div className="dish-cell">
          <span className="cell-strong">{l.title}</span>
          {l.address && <span className="muted pick-row__meta">{l.address}</span>}
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
    columns.push({
      key: 'actions',
      header: <span className="visually-hidden">{t('actions.label')}</span>,
      align: 'end',
      className: 'cell-actions',
      cell: (l) => (
        <div className="row-actions row-actions--stack">
          <Button size="sm" onClick={() => setEditing(l)} aria-label={t('actions.editNamed', { title: l.title })}>
            {t('actions.edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setInviteOf(l)} aria-label={t('invite.buttonNamed', { title: l.title })}>
            {t('invite.button')}
          </Button>
        </div>
      ),
    });
  }

  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{t('title')}</h1>
        {canManage && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('new')}
          </Button>
        )}
      </header>
      <div className="mgmt__tools">
        <SearchBox value={search} onSearch={setSearch} label={t('search')} placeholder={t('searchPlaceholder')} />
      </div>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      <LoadErrorNotice error={list.isError ? list.error : null} fallback={t('errors.loadFailed')} />
      <Table
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(l) => l.id}
        loading={list.isPending || list.isFetching}
        server={{ lastPage: list.data?.last_page ?? 1 }}
      />
      {editing && (
        <LocationEditor
          location={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice({ tone: 'success', text: t('saved', { title: saved.title }) });
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
          <CopyField label={t('invite.label')} value={inviteOf.invite_url} />
        </Modal>
      )}
    </section>
  );
}

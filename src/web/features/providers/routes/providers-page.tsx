import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ManagePage, usePageNotice } from '../../../components/manage/manage-page';
import { actionsColumn } from '../../../components/manage/manage-table';
import { EditButton, RowActions } from '../../../components/manage/row-actions';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { useMe } from '../../../lib/me';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { PROVIDERS_KEY, useProviders, type Provider } from '../api';
import { ProviderEditor } from '../components/provider-editor';
import { ADMINS, hasRole } from '../../../../shared/roles';

/**
 * /providers: the food vendors, the choice of the active provider (every call carries it as
 * provider_id; categories, dishes and menus follow it), and the editor.
 */
export function Component() {
  const { t } = useTranslation('providers');
  useDocumentTitle(t('title'));
  const selectId = useId();
  const me = useMe();
  const canManage = hasRole(me.data?.role, ADMINS);
  const client = useQueryClient();
  const list = useProviders();
  const chosenId = useSession((s) => s.activeProviderId);
  const setActive = useSession((s) => s.setActiveProviderId);
  const [editing, setEditing] = useState<Provider | 'new' | null>(null);
  const notice = usePageNotice();
  const providers = list.data?.data ?? [];
  // The session's choice, else what the server scoped this answer to (the first active one).
  const activeId = chosenId ?? list.data?.active_provider_id ?? null;
  const active = providers.find((p) => p.id === activeId);

  const choose = (id: number) => {
    setActive(id);
    const chosen = providers.find((p) => p.id === id);
    if (chosen) notice.success(t('activated', { title: chosen.title }));
  };

  const columns: Column<Provider>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      sortable: true,
      cell: (p) => (
        <span className="cell-strong">
          {p.title}
          {p.id === activeId && <span className="badge badge--info">{t('current')}</span>}
        </span>
      ),
    },
    {
      key: 'phone',
      header: t('fields.phone'),
      cell: (p) => (p.phone ? <a href={`tel:${p.phone}`}>{p.phone}</a> : <span className="muted">—</span>),
    },
    {
      key: 'email',
      header: t('fields.email'),
      cell: (p) => (p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : <span className="muted">—</span>),
    },
    { key: 'timezone', header: t('fields.timezone'), cell: (p) => p.timezone },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      cell: (p) => <span className={`badge ${p.status ? 'badge--ok' : 'badge--off'}`}>{p.status ? t('active') : t('inactive')}</span>,
    },
    actionsColumn((p) => (
      <RowActions>
        {p.id !== activeId && (
          <Button size="sm" variant="ghost" onClick={() => choose(p.id)} aria-label={t('makeActiveNamed', { title: p.title })}>
            {t('makeActive')}
          </Button>
        )}
        {canManage && <EditButton name={p.title} onClick={() => setEditing(p)} />}
      </RowActions>
    )),
  ];

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
      tools={
        <div className="field mgmt__filter">
          <label className="field__label" htmlFor={selectId}>
            {t('activeProvider')}
          </label>
          <select
            id={selectId}
            className="input"
            value={activeId ?? ''}
            disabled={providers.length === 0}
            onChange={(e) => choose(Number(e.target.value))}
            aria-describedby={`${selectId}-hint`}
          >
            {activeId === null && <option value="">{t('none')}</option>}
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.status ? '' : ` (${t('inactive')})`}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${selectId}-hint`}>
            {t('activeHint')}
          </p>
        </div>
      }
      notice={notice.current}
      loadError={list.isError ? list.error : null}
    >
      {active && !active.status && <Notice tone="warning">{t('activeInactive')}</Notice>}
      <Table columns={columns} rows={providers} rowKey={(p) => p.id} loading={list.isPending} />
      {editing && (
        <ProviderEditor
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notice.success(t('saved', { title: saved.title }));
            void client.invalidateQueries({ queryKey: PROVIDERS_KEY });
          }}
        />
      )}
    </ManagePage>
  );
}

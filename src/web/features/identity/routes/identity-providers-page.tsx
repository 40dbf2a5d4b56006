import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import { IdentityProviderEditor } from '../components/identity-provider-editor';
import { IDENTITY_PROVIDERS_KEY, identityApi, useIdentityProviders, type IdentityProvider } from '../api';

/**
 * /company-sign-in (administrators): the OpenID Connect identity providers behind "Sign in with
 * your company account" (decision 022). The client secret can be replaced, never read back.
 */
export function Component() {
  const { t } = useTranslation('identity');
  useDocumentTitle(t('title'));
  const client = useQueryClient();
  const list = useIdentityProviders();
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const [removing, setRemoving] = useState<IdentityProvider | null>(null);
  const [notice, setNotice] = useState('');
  const refresh = () => void client.invalidateQueries({ queryKey: IDENTITY_PROVIDERS_KEY });
  const remove = useMutation({
    mutationFn: (p: IdentityProvider) => identityApi.remove(p.id),
    onSuccess: (_answer, p) => {
      setRemoving(null);
      setNotice(t('removed', { name: p.name }));
      refresh();
    },
  });

  const columns: Column<IdentityProvider>[] = [
    { key: 'name', header: t('fields.name'), cell: (p) => <span className="cell-strong">{p.name}</span> },
    { key: 'issuer', header: t('fields.issuer'), cell: (p) => <code>{p.issuer}</code> },
    { key: 'domains', header: t('fields.domains'), cell: (p) => p.allowed_domains.join(', ') },
    {
      key: 'enabled',
      header: t('fields.status'),
      cell: (p) => <span className={`badge ${p.enabled ? 'badge--ok' : 'badge--off'}`}>{p.enabled ? t('enabled') : t('disabled')}</span>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('actions.label')}</span>,
      align: 'end',
      className: 'cell-actions',
      cell: (p) => (
        <div className="row-actions">
          <Button size="sm" onClick={() => setEditing(p)} aria-label={t('actions.editNamed', { name: p.name })}>
            {t('actions.edit')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRemoving(p)} aria-label={t('actions.removeNamed', { name: p.name })}>
            {t('actions.remove')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className="page mgmt">
      <header className="mgmt__head">
        <h1 className="page__title">{t('title')}</h1>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('new')}
        </Button>
      </header>
      <p>{t('intro')}</p>
      {list.data && (
        <p>
          {t('redirectUri')} <code>{list.data.redirect_uri}</code>
        </p>
      )}
      {notice && <Notice tone="success">{notice}</Notice>}
      <LoadErrorNotice error={list.isError ? list.error : null} fallback={t('errors.loadFailed')} />
      <Table columns={columns} rows={list.data?.data ?? []} rowKey={(p) => p.id} loading={list.isPending} emptyText={t('empty')} />
      {editing && (
        <IdentityProviderEditor
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setNotice(t('saved', { name: saved.name }));
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('removeTitle')}
        message={t('removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('actions.remove')}
        busy={remove.isPending}
        error={remove.error ? t('errors.saveFailed') : undefined}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

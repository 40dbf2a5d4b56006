import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import { FormErrorNotice, LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Modal } from '../../../components/ui/modal';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { useFieldErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/manage.css';
import {
  IDENTITY_PROVIDERS_KEY,
  identityApi,
  useIdentityProviders,
  useLocationChoices,
  type CreateIdentityProviderInput,
  type IdentityProvider,
} from '../api';

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
        <ProviderEditor
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

const SHOWN = /^(name|issuer|client_id|client_secret|allowed_domains(\.\d+)?|location_id|enabled)$/;

function ProviderEditor({
  provider,
  onClose,
  onSaved,
}: {
  provider: IdentityProvider | null;
  onClose(): void;
  onSaved(p: IdentityProvider): void;
}) {
  const { t } = useTranslation('identity');
  const formId = useId();
  const locations = useLocationChoices();
  const [name, setName] = useState(provider?.name ?? '');
  const [issuer, setIssuer] = useState(provider?.issuer ?? 'https://');
  const [clientId, setClientId] = useState(provider?.client_id ?? '');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState(provider?.allowed_domains.join(', ') ?? '');
  const [locationId, setLocationId] = useState<number | ''>(provider?.location_id ?? '');
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const fieldErrors = useFieldErrors();
  const { first, clear } = fieldErrors;
  const domainError = () =>
    first('allowed_domains') ??
    Object.keys(fieldErrors.errors)
      .filter((k) => k.startsWith('allowed_domains.'))
      .map((k) => first(k))[0];

  const save = useMutation({
    mutationFn: (input: CreateIdentityProviderInput) => {
      if (!provider) return identityApi.create(input);
      // An empty secret field keeps the stored secret.
      const { client_secret, ...rest } = input;
      return identityApi.update(provider.id, client_secret ? input : rest);
    },
    onSuccess: (saved) => {
      if (saved) onSaved(saved);
    },
    onError: fieldErrors.fromError,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    save.mutate({
      name: name.trim(),
      issuer: issuer.trim(),
      client_id: clientId.trim(),
      client_secret: secret,
      allowed_domains: domains
        .split(/[\s,;]+/)
        .map((d) => d.trim().replace(/^@/, ''))
        .filter(Boolean),
      location_id: Number(locationId),
      enabled,
    });
  };

  return (
    <Modal
      open
      title={provider ? t('editor.editTitle', { name: provider.name }) : t('editor.newTitle')}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" form={formId} variant="primary" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit}>
        <FormErrorNotice error={save.error} isShown={(k) => SHOWN.test(k)} fallback={t('errors.saveFailed')} />
        <TextField
          label={t('fields.name')}
          hint={t('editor.nameHint')}
          required
          maxLength={100}
          value={name}
          error={first('name')}
          onChange={(e) => {
            setName(e.target.value);
            clear('name');
          }}
        />
        <TextField
          label={t('fields.issuer')}
          hint={t('editor.issuerHint')}
          required
          type="url"
          maxLength={500}
          value={issuer}
          error={first('issuer')}
          onChange={(e) => {
            setIssuer(e.target.value);
            clear('issuer');
          }}
        />
        <TextField
          label={t('fields.clientId')}
          required
          maxLength={500}
          autoComplete="off"
          value={clientId}
          error={first('client_id')}
          onChange={(e) => {
            setClientId(e.target.value);
            clear('client_id');
          }}
        />
        <TextField
          label={t('fields.clientSecret')}
          hint={provider ? t('editor.secretKeep') : t('editor.secretHint')}
          required={!provider}
          type="password"
          autoComplete="new-password"
          maxLength={2000}
          value={secret}
          error={first('client_secret')}
          onChange={(e) => {
            setSecret(e.target.value);
            clear('client_secret');
          }}
        />
        <TextField
          label={t('fields.domains')}
          hint={t('editor.domainsHint')}
          required
          value={domains}
          error={domainError()}
          onChange={(e) => {
            setDomains(e.target.value);
            clear('allowed_domains');
          }}
        />
        <Field label={t('fields.location')} hint={t('editor.locationHint')} required error={first('location_id')}>
          {(control) => (
            <select
              {...control}
              className="input"
              required
              value={locationId}
              onChange={(e) => {
                setLocationId(e.target.value ? Number(e.target.value) : '');
                clear('location_id');
              }}
            >
              <option value="">{t('editor.chooseLocation')}</option>
              {(locations.data?.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <CheckboxField label={t('fields.enabled')} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
      </form>
    </Modal>
  );
}

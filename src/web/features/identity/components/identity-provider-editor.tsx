import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { createIdentityProviderInput, updateIdentityProviderInput } from '../../../../shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import { Modal } from '../../../components/ui/modal';
import { errorAt, fieldBinder, firstErrorUnder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { identityApi, useLocationChoices, type IdentityProvider, type UpdateIdentityProviderInput } from '../api';

const SHOWN = /^(name|issuer|client_id|client_secret|allowed_domains(\.\d+)?|location_id|enabled)$/;

/** What the editor holds: the request's fields, the domains as one text, the location as its select holds it. */
interface ProviderValues {
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  allowed_domains: string;
  location_id: string;
  enabled: boolean;
}

/**
 * The request schema reached from what the editor holds: the domains split on spaces, commas or
 * semicolons (a leading @ dropped); when editing, an empty secret field keeps the stored secret.
 */
const providerForm = (editing: boolean) =>
  z
    .custom<ProviderValues>()
    .transform(({ client_secret, allowed_domains, location_id, ...rest }): z.input<typeof updateIdentityProviderInput> => ({
      ...rest,
      ...(editing && !client_secret ? {} : { client_secret }),
      allowed_domains: allowed_domains
        .split(/[\s,;]+/)
        .map((d) => d.trim().replace(/^@/, ''))
        .filter(Boolean),
      location_id: Number(location_id),
    }))
    .pipe(
      // A new provider needs every field (the secret included); an edit checks the same rules.
      (editing ? updateIdentityProviderInput : createIdentityProviderInput) as typeof updateIdentityProviderInput,
    );

export function IdentityProviderEditor({
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
  const schema = useMemo(() => providerForm(provider !== null), [provider]);
  const form = useSchemaForm(schema, {
    defaultValues: {
      name: provider?.name ?? '',
      issuer: provider?.issuer ?? 'https://',
      client_id: provider?.client_id ?? '',
      client_secret: '',
      allowed_domains: provider?.allowed_domains.join(', ') ?? '',
      location_id: provider ? String(provider.location_id) : '',
      enabled: provider?.enabled ?? true,
    },
  });
  const field = fieldBinder(form);
  const errors = form.formState.errors;

  const save = useMutation({
    mutationFn: (input: UpdateIdentityProviderInput) =>
      provider ? identityApi.update(provider.id, input) : identityApi.create(input as Parameters<typeof identityApi.create>[0]),
    onSuccess: (saved) => {
      if (saved) onSaved(saved);
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });

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
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={form.handleSubmit((body) => {
          if (!save.isPending) save.mutate(body);
        })}
      >
        <FormErrorNotice error={save.error} isShown={(k) => SHOWN.test(k)} fallback={t('errors.saveFailed')} />
        <TextField label={t('fields.name')} hint={t('editor.nameHint')} required maxLength={100} {...field('name')} />
        <TextField label={t('fields.issuer')} hint={t('editor.issuerHint')} required type="url" maxLength={500} {...field('issuer')} />
        <TextField label={t('fields.clientId')} required maxLength={500} autoComplete="off" {...field('client_id')} />
        <TextField
          label={t('fields.clientSecret')}
          hint={provider ? t('editor.secretKeep') : t('editor.secretHint')}
          required={!provider}
          type="password"
          autoComplete="new-password"
          maxLength={2000}
          {...field('client_secret')}
        />
        <TextField
          label={t('fields.domains')}
          hint={t('editor.domainsHint')}
          required
          {...form.register('allowed_domains')}
          error={firstErrorUnder(errors, 'allowed_domains')}
        />
        <Field label={t('fields.location')} hint={t('editor.locationHint')} required error={errorAt(errors, 'location_id')}>
          {(control) => (
            <select {...control} className="input" required {...form.register('location_id')}>
              <option value="">{t('editor.chooseLocation')}</option>
              {(locations.data?.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <CheckboxField label={t('fields.enabled')} {...form.register('enabled')} />
      </form>
    </Modal>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { updateProfileInput, type Profile, type UpdateProfileInput } from '../../../../shared/schemas/account';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { api, isApiError } from '../../../lib/api';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { ME_KEY } from '../../../lib/me';
import { changedFields, editableOf, type EditableProfile } from '../model/profile-edits';

/** The fields the form shows: a server error on one lands under it. */
const SHOWN = /^(first_name|phone)$/;

/**
 * The request schema reached from what the form holds: only the fields that differ from the
 * stored profile are sent; an empty name keeps its own text ("First name is required.").
 */
const profileForm = (stored: Profile) =>
  z
    .custom<EditableProfile>()
    .superRefine((v, ctx) => {
      if (!v.first_name.trim()) ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'account:info.firstNameRequired' });
    })
    .transform((v) => changedFields(stored, v))
    .pipe(updateProfileInput);

/** Save and Cancel start again from the stored profile (the form's own reset keeps the edits). */
const DISCARD = { keepDirtyValues: false };

/** Basic information (spec 4, Profile form): Save and Cancel light up only for real changes. */
export function InfoForm({ stored }: { stored: Profile }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const values = useMemo(() => editableOf(stored), [stored]);
  const schema = useMemo(() => profileForm(stored), [stored]);
  // A stored profile changed elsewhere (the diet form's save) keeps the unsaved edits on top.
  const form = useSchemaForm(schema, { values, resetOptions: { keepDirtyValues: true }, mode: 'onChange' });
  const field = fieldBinder(form);
  const name = form.watch('first_name');

  const save = useMutation({
    mutationFn: (body: UpdateProfileInput) => api.post<Profile>('/app/me', body),
    onSuccess: (profile) => {
      // The answer replaces the profile everywhere (header name included).
      if (profile) {
        client.setQueriesData<Profile>({ queryKey: ME_KEY }, profile);
        form.reset(editableOf(profile), DISCARD);
      }
      setSaved(true);
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });

  // Editing a field after a save hides the "saved" notice.
  useEffect(() => {
    const watching = form.watch((_, { type }) => {
      if (type === 'change') setSaved(false);
    });
    return () => watching.unsubscribe();
  }, [form]);

  const changed = form.formState.isDirty;
  // Field errors show under their fields; anything else gets one message above the form.
  const failed = save.isError && (!isApiError(save.error) || !Object.keys(fieldErrorsOf(save.error)).length) ? t('saveFailed') : null;

  return (
    <form
      className="card profile-form"
      onSubmit={form.handleSubmit((body) => {
        if (Object.keys(body).length) save.mutate(body);
      })}
      noValidate
      aria-labelledby="profile-info-title"
    >
      <h2 id="profile-info-title" className="card__title">
        {t('info.title')}
      </h2>
      {saved && <Notice tone="success">{t('info.saved')}</Notice>}
      {failed && <Notice tone="error">{failed}</Notice>}
      <TextField label={t('fields.email')} type="email" value={stored.email} readOnly aria-readonly="true" />
      <TextField label={t('fields.firstName')} required autoComplete="given-name" {...field('first_name')} />
      <TextField label={t('fields.phone')} type="tel" autoComplete="tel" {...field('phone')} />
      <fieldset className="profile-form__flags">
        <legend>{t('info.notifications')}</legend>
        <CheckboxField label={t('fields.remind')} {...form.register('remind_to_make_order')} />
        <CheckboxField label={t('fields.notifyOnTheWay')} {...form.register('notify_on_the_way')} />
        <CheckboxField label={t('fields.notify')} {...form.register('notify_on_delivery')} />
      </fieldset>
      <div className="form-actions">
        <Button type="submit" loading={save.isPending} disabled={!changed || name.trim() === ''}>
          {t('info.save')}
        </Button>
        <Button type="button" variant="ghost" disabled={!changed || save.isPending} onClick={() => form.reset(values, DISCARD)}>
          {t('info.cancel')}
        </Button>
      </div>
    </form>
  );
}

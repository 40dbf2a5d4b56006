import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/schemas/account';
import { changePasswordInput, type ChangePasswordInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { api, isApiError } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/form-errors';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { ME_KEY, useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/account.css';
import { disablePush, enablePush, pushState, type PushState } from '../model/push';
import { DietProfileForm } from '../components/diet-profile-form';
import { editProfile, hasEdits, passwordFormReady, shownProfile, type EditableProfile, type ProfileEdits } from '../model/profile-edits';

/** /profile: basic information and password change (spec 2, 4, 5). */
export function Component() {
  const { t } = useTranslation('account');
  const me = useMe();
  useDocumentTitle(t('title'));
  return (
    <section className="page profile-page">
      <h1 className="page__title">{t('title')}</h1>
      {me.isPending ? (
        <Spinner block />
      ) : me.data ? (
        <div className="profile-page__forms">
          <InfoForm stored={me.data} />
          <PushCard />
          <DietProfileForm stored={me.data} />
          <PasswordForm />
        </div>
      ) : (
        <Notice tone="error">{t('loadFailed')}</Notice>
      )}
    </section>
  );
}

function InfoForm({ stored }: { stored: Profile }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const [edits, setEdits] = useState<ProfileEdits>({});
  const [saved, setSaved] = useState(false);
  const fieldErrors = useFieldErrors();
  const shown = shownProfile(stored, edits);

  const save = useMutation({
    mutationFn: (body: ProfileEdits) => api.post<Profile>('/app/me', body),
    onSuccess: (profile) => {
      // The answer replaces the profile everywhere (header name included).
      if (profile) client.setQueriesData<Profile>({ queryKey: ME_KEY }, profile);
      setEdits({});
      setSaved(true);
    },
    onError: (error) => fieldErrors.fromError(error),
  });

  const edit = <K extends keyof EditableProfile>(field: K, value: EditableProfile[K]) => {
    setEdits((prev) => editProfile(stored, prev, field, value));
    fieldErrors.clear(field);
    setSaved(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!hasEdits(edits)) return;
    save.mutate(edits);
  };

  const changed = hasEdits(edits);
  // Field errors show under their fields; anything else gets one message above the form.
  const failed = save.isError && (!isApiError(save.error) || !Object.keys(fieldErrors.errors).length) ? t('saveFailed') : null;

  return (
    <form className="card profile-form" onSubmit={submit} noValidate aria-labelledby="profile-info-title">
      <h2 id="profile-info-title" className="card__title">
        {t('info.title')}
      </h2>
      {saved && <Notice tone="success">{t('info.saved')}</Notice>}
      {failed && <Notice tone="error">{failed}</Notice>}
      <TextField label={t('fields.email')} type="email" value={stored.email} readOnly aria-readonly="true" />
      <TextField
        label={t('fields.firstName')}
        required
        value={shown.first_name}
        onChange={(e) => edit('first_name', e.target.value)}
        error={fieldErrors.first('first_name') ?? (shown.first_name.trim() === '' ? t('info.firstNameRequired') : undefined)}
        autoComplete="given-name"
      />
      <TextField
        label={t('fields.phone')}
        type="tel"
        value={shown.phone}
        onChange={(e) => edit('phone', e.target.value)}
        error={fieldErrors.first('phone')}
        autoComplete="tel"
      />
      <fieldset className="profile-form__flags">
        <legend>{t('info.notifications')}</legend>
        <CheckboxField
          label={t('fields.remind')}
          checked={shown.remind_to_make_order}
          onChange={(e) => edit('remind_to_make_order', e.target.checked)}
        />
        <CheckboxField
          label={t('fields.notify')}
          checked={shown.notify_on_delivery}
          onChange={(e) => edit('notify_on_delivery', e.target.checked)}
        />
      </fieldset>
      <div className="form-actions">
        <Button type="submit" loading={save.isPending} disabled={!changed || shown.first_name.trim() === ''}>
          {t('info.save')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={!changed || save.isPending}
          onClick={() => {
            setEdits({});
            fieldErrors.reset();
          }}
        >
          {t('info.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Reminders as notifications in this browser (web push, decision 033): on or off at once, no Save. */
function PushCard() {
  const { t } = useTranslation('account');
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const hintId = useId();
  useEffect(() => {
    let live = true;
    pushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await (on ? enablePush() : disablePush()));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const note = state === 'unsupported' ? t('push.unsupported') : state === 'denied' ? t('push.denied') : t('push.hint');
  return (
    <section className="card profile-form" aria-labelledby="profile-push-title">
      <h2 id="profile-push-title" className="card__title">
        {t('push.title')}
      </h2>
      {failed && <Notice tone="error">{t('push.failed')}</Notice>}
      {state === 'checking' ? (
        <Spinner block />
      ) : (
        <>
          <CheckboxField
            label={t('push.toggle')}
            aria-describedby={hintId}
            checked={state === 'on'}
            disabled={busy || state === 'unsupported' || state === 'denied'}
            onChange={(e) => void toggle(e.target.checked)}
          />
          <p className="field__hint" id={hintId}>
            {note}
          </p>
        </>
      )}
    </section>
  );
}

const EMPTY: ChangePasswordInput = { old_password: '', password: '', password_confirmation: '' };
/** The fields the password form shows: a server error on one lands under it. */
const PASSWORD_FIELDS = /^(old_password|password|password_confirmation)$/;

/** Password change: validated with the server's own schema (changePasswordInput, decision 048). */
function PasswordForm() {
  const { t } = useTranslation('account');
  const [done, setDone] = useState(false);
  const form = useSchemaForm(changePasswordInput, { defaultValues: EMPTY });
  const field = fieldBinder(form);
  const values = form.watch();

  const change = useMutation({
    // A 429 (too many wrong current passwords) is shown at the field, not ignored: ignoring it
    // would read as success (decision 010).
    mutationFn: (body: ChangePasswordInput) => api.post<{ message: string }>('/app/me/password/change', body, { rateLimitError: true }),
    onSuccess: () => {
      form.reset(EMPTY);
      setDone(true);
    },
    onError: (error) => setServerErrors(form, error, PASSWORD_FIELDS),
  });

  // Editing a field after a change hides the "changed" notice.
  useEffect(() => {
    const watching = form.watch((_, { type }) => {
      if (type === 'change') setDone(false);
    });
    return () => watching.unsubscribe();
  }, [form]);

  const generalError = change.isError && !Object.keys(form.formState.errors).length ? t('password.failed') : null;

  return (
    <form
      className="card profile-form"
      noValidate
      aria-labelledby="profile-password-title"
      onSubmit={form.handleSubmit((body) => {
        if (passwordFormReady(body)) change.mutate(body);
      })}
    >
      <h2 id="profile-password-title" className="card__title">
        {t('password.title')}
      </h2>
      {done && <Notice tone="success">{t('password.changed')}</Notice>}
      {generalError && <Notice tone="error">{generalError}</Notice>}
      <TextField label={t('fields.oldPassword')} type="password" autoComplete="current-password" {...field('old_password')} />
      <TextField label={t('fields.newPassword')} type="password" autoComplete="new-password" {...field('password')} />
      <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...field('password_confirmation')} />
      <div className="form-actions">
        <Button type="submit" loading={change.isPending} disabled={!passwordFormReady(values)}>
          {t('password.update')}
        </Button>
      </div>
    </form>
  );
}

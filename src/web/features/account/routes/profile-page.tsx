import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/schemas/account';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { api, isApiError } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/form-errors';
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

const EMPTY = { old_password: '', password: '', password_confirmation: '' };

function PasswordForm() {
  const { t } = useTranslation('account');
  const [form, setForm] = useState(EMPTY);
  const [done, setDone] = useState(false);
  const fieldErrors = useFieldErrors();

  const change = useMutation({
    // A 429 (too many wrong current passwords) is shown at the field, not ignored: ignoring it
    // would read as success (decision 010).
    mutationFn: (body: typeof EMPTY) => api.post<{ message: string }>('/app/me/password/change', body, { rateLimitError: true }),
    onSuccess: () => {
      setForm(EMPTY);
      setDone(true);
    },
    onError: (error) => fieldErrors.fromError(error),
  });

  const set = (field: keyof typeof EMPTY, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    fieldErrors.clear(field);
    setDone(false);
  };

  const generalError = change.isError && !Object.keys(fieldErrors.errors).length ? t('password.failed') : null;

  return (
    <form
      className="card profile-form"
      noValidate
      aria-labelledby="profile-password-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (passwordFormReady(form)) change.mutate(form);
      }}
    >
      <h2 id="profile-password-title" className="card__title">
        {t('password.title')}
      </h2>
      {done && <Notice tone="success">{t('password.changed')}</Notice>}
      {generalError && <Notice tone="error">{generalError}</Notice>}
      <TextField
        label={t('fields.oldPassword')}
        type="password"
        value={form.old_password}
        onChange={(e) => set('old_password', e.target.value)}
        error={fieldErrors.first('old_password')}
        autoComplete="current-password"
      />
      <TextField
        label={t('fields.newPassword')}
        type="password"
        value={form.password}
        onChange={(e) => set('password', e.target.value)}
        error={fieldErrors.first('password')}
        autoComplete="new-password"
      />
      <TextField
        label={t('fields.confirmPassword')}
        type="password"
        value={form.password_confirmation}
        onChange={(e) => set('password_confirmation', e.target.value)}
        error={fieldErrors.first('password_confirmation')}
        autoComplete="new-password"
      />
      <div className="form-actions">
        <Button type="submit" loading={change.isPending} disabled={!passwordFormReady(form)}>
          {t('password.update')}
        </Button>
      </div>
    </form>
  );
}

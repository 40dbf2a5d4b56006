import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { changePasswordInput, type ChangePasswordInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { api } from '../../../lib/api';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/account.css';
import { disablePush, enablePush, pushState, type PushState } from '../model/push';
import { DietProfileForm } from '../components/diet-profile-form';
import { passwordFormReady } from '../model/profile-edits';
import { InfoForm } from '../components/info-form';
import { MyCostCentre } from '../../../components/cost-centres/my-cost-centre';

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
          <section className="card profile-form" aria-labelledby="profile-plan-title">
            <h2 id="profile-plan-title" className="card__title">
              {t('plan.title')}
            </h2>
            <p>{t('plan.text')}</p>
            <Link to="/plan-ahead">{t('plan.link')}</Link>
          </section>
          <MyCostCentre />
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

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { passwordCreateInput } from '../../../../shared/schemas/auth';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { isDeadLink } from '../components/link-check';
import { NewPasswordFields } from '../components/new-password-fields';
import { useSignInOrLogin, useTokenForm } from '../components/use-token-form';

const FIELDS = ['password', 'password_confirmation'] as const;

export function Component() {
  const { t } = useTranslation('auth');
  const { hash = '' } = useParams();
  const done = useSignInOrLogin();
  const form = useTokenForm({
    schema: passwordCreateInput,
    fields: FIELDS,
    initial: { password: '', password_confirmation: '' },
    token: hash,
    send: authApi.createPassword,
    onDone: done,
    watchLink: true,
  });

  // Spec 7: GET /user/token/{hash} answers the e-mail the link belongs to; an unknown or used
  // link answers with an error and the page says so before the visitor types anything.
  const check = useQuery({
    queryKey: ['auth', 'token-email', hash],
    queryFn: ({ signal }) => authApi.tokenEmail(hash, signal),
    retry: false,
    staleTime: Infinity,
  });

  const footer = (
    <Link className="link" to="/login">
      {t('backToLogin')}
    </Link>
  );

  if (check.isPending) {
    return (
      <AuthCard title={t('create.title')}>
        <Spinner block />
      </AuthCard>
    );
  }

  if (form.deadLink || isDeadLink(check.error)) {
    return (
      <AuthCard title={t('create.title')} footer={footer}>
        <Notice tone="error">{t('create.invalid')}</Notice>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('create.title')} footer={footer}>
      {check.data?.email && <p className="muted">{t('create.account', { email: check.data.email })}</p>}
      {form.failure && <Notice tone="error">{form.failure}</Notice>}
      <form className="form" onSubmit={form.submit}>
        {/* Lets password managers store the new password under the right account. */}
        {check.data?.email && <input type="email" name="email" autoComplete="username" value={check.data.email} readOnly hidden />}
        <NewPasswordFields field={form.field} labels={{ password: t('create.password'), confirm: t('create.confirm') }} />
        <Button type="submit" variant="primary" className="btn--block" loading={form.pending}>
          {t('create.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

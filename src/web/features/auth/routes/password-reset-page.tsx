import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { passwordResetInput } from '../../../../shared/schemas/auth';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { useTokenForm } from '../components/use-token-form';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;

export function Component() {
  const { t } = useTranslation('auth');
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  // The e-mailed link carries ?email=, so the visitor only types the new password.
  const [params] = useSearchParams();
  const form = useTokenForm({
    schema: passwordResetInput,
    fields: FIELDS,
    initial: { email: params.get('email') ?? '', password: '', password_confirmation: '' },
    token: hash,
    send: authApi.resetPassword,
    onDone: () => navigate('/login?reset=1', { replace: true }),
  });

  return (
    <AuthCard
      title={t('reset.title')}
      footer={
        <Link className="link" to="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      {form.failure && <Notice tone="error">{form.failure}</Notice>}
      <form className="form" onSubmit={form.submit}>
        <TextField label={t('reset.email')} type="email" autoComplete="username" required {...form.field('email')} />
        <NewPasswordFields field={form.field} labels={{ password: t('reset.password'), confirm: t('reset.confirm') }} />
        <Button type="submit" variant="primary" className="btn--block" loading={form.pending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

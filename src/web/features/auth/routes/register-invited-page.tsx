import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { registerInvitedInput } from '../../../../shared/schemas/auth';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { useTokenForm } from '../components/use-token-form';

const FIELDS = ['name', 'email', 'phone', 'password', 'password_confirmation'] as const;
type FieldName = (typeof FIELDS)[number];

const AUTOCOMPLETE: Record<FieldName, string> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  password: 'new-password',
  password_confirmation: 'new-password',
};
const TYPES: Record<FieldName, string> = {
  name: 'text',
  email: 'email',
  phone: 'tel',
  password: 'password',
  password_confirmation: 'password',
};
const LABEL_KEYS: Record<FieldName, string> = {
  name: 'register.name',
  email: 'register.email',
  phone: 'register.phone',
  password: 'register.password',
  password_confirmation: 'register.confirm',
};

export function Component() {
  const { t } = useTranslation('auth');
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  // The answer is the same whether or not the address had an account (it must not tell), so
  // nobody is signed in here: on to the login page, which says an e-mail was sent.
  const done = () => navigate('/login?registered', { replace: true });
  const form = useTokenForm({
    schema: registerInvitedInput,
    fields: FIELDS,
    initial: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
    token: hash,
    send: authApi.registerInvited,
    onDone: done,
    watchLink: true,
  });

  // The link carries a location's invitation token (spec: "create an account at the location the
  // link belongs to"); GET /locations/token/{hash} names the location. Only a nicety: whether the
  // link is valid is decided by the submit (errors.token), so a failed look-up keeps the form.
  const location = useQuery({
    queryKey: ['auth', 'location-token', hash],
    queryFn: ({ signal }) => authApi.locationByToken(hash, signal),
    retry: false,
    staleTime: Infinity,
  });
  const locationTitle = location.data?.title ?? location.data?.location?.title;

  const footer = (
    <p>
      {t('register.haveAccount')}{' '}
      <Link className="link" to="/login">
        {t('register.login')}
      </Link>
    </p>
  );

  if (form.deadLink) {
    return (
      <AuthCard title={t('register.title')} footer={footer}>
        <Notice tone="error">{form.deadLinkMessage ?? t('register.invalid')}</Notice>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} footer={footer}>
      {locationTitle && <p className="muted">{t('register.location', { location: locationTitle })}</p>}
      {form.failure && <Notice tone="error">{form.failure}</Notice>}
      <form className="form" onSubmit={form.submit}>
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(LABEL_KEYS[name])}
            type={TYPES[name]}
            autoComplete={AUTOCOMPLETE[name]}
            required
            {...form.field(name)}
          />
        ))}
        <Button type="submit" variant="primary" className="btn--block" loading={form.pending}>
          {t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { useFieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { splitFailure } from '../components/form-failure';
import { isTokenFailure } from '../components/link-check';

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
  const setToken = useSession((s) => s.setToken);
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const fields = useFieldErrors();

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

  const register = useMutation({
    mutationFn: authApi.registerInvited,
    onSuccess: (answer) => {
      if (answer === undefined) return; // 429: ignored
      if (typeof answer.token === 'string' && answer.token) {
        setToken(answer.token);
        navigate('/', { replace: true });
      } else {
        navigate('/login', { replace: true });
      }
    },
    onError: (e) => {
      if (isTokenFailure(e)) {
        setDeadLink(true);
        return;
      }
      const { fieldErrors, message } = splitFailure(e, FIELDS);
      fields.setErrors(fieldErrors);
      setFailure(message);
    },
  });

  const set = (name: FieldName) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    fields.clear(name);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    register.mutate({ ...values, token: hash });
  };

  const footer = (
    <p>
      {t('register.haveAccount')}{' '}
      <Link className="link" to="/login">
        {t('register.login')}
      </Link>
    </p>
  );

  if (deadLink) {
    return (
      <AuthCard title={t('register.title')} footer={footer}>
        <Notice tone="error">{t('register.invalid')}</Notice>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} footer={footer}>
      {locationTitle && <p className="muted">{t('register.location', { location: locationTitle })}</p>}
      {failure && <Notice tone="error">{failure}</Notice>}
      <form className="form" onSubmit={submit}>
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={t(LABEL_KEYS[name])}
            type={TYPES[name]}
            name={name}
            autoComplete={AUTOCOMPLETE[name]}
            value={values[name]}
            onChange={set(name)}
            error={fields.first(name)}
            required
          />
        ))}
        <Button type="submit" variant="primary" className="btn--block" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

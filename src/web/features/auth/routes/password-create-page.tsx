import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useFieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-store';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { splitFailure } from '../components/form-failure';
import { isDeadLink, isTokenFailure } from '../components/link-check';

const FIELDS = ['password', 'password_confirmation'] as const;
type FieldName = (typeof FIELDS)[number];

export function Component() {
  const { t } = useTranslation('auth');
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const setToken = useSession((s) => s.setToken);
  const [values, setValues] = useState<Record<FieldName, string>>({ password: '', password_confirmation: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const fields = useFieldErrors();

  // Spec 7: GET /user/token/{hash} answers the e-mail the link belongs to; an unknown or used
  // link answers with an error and the page says so before the visitor types anything.
  const check = useQuery({
    queryKey: ['auth', 'token-email', hash],
    queryFn: ({ signal }) => authApi.tokenEmail(hash, signal),
    retry: false,
    staleTime: Infinity,
  });

  const create = useMutation({
    mutationFn: authApi.createPassword,
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
    create.mutate({ ...values, token: hash });
  };

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

  if (deadLink || isDeadLink(check.error)) {
    return (
      <AuthCard title={t('create.title')} footer={footer}>
        <Notice tone="error">{t('create.invalid')}</Notice>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('create.title')} footer={footer}>
      {check.data?.email && <p className="muted">{t('create.account', { email: check.data.email })}</p>}
      {failure && <Notice tone="error">{failure}</Notice>}
      <form className="form" onSubmit={submit}>
        {/* Lets password managers store the new password under the right account. */}
        {check.data?.email && (
          <input type="email" name="email" autoComplete="username" value={check.data.email} readOnly hidden />
        )}
        <TextField
          label={t('create.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={fields.first('password')}
          required
        />
        <TextField
          label={t('create.confirm')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={fields.first('password_confirmation')}
          required
        />
        <Button type="submit" variant="primary" className="btn--block" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { useFieldErrors } from '../../../lib/form-errors';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { splitFailure } from '../components/form-failure';

const FIELDS = ['email', 'password', 'password_confirmation'] as const;
type FieldName = (typeof FIELDS)[number];

export function Component() {
  const { t } = useTranslation('auth');
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  // The e-mailed link carries ?email=, so the visitor only types the new password.
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<FieldName, string>>({
    email: params.get('email') ?? '',
    password: '',
    password_confirmation: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const fields = useFieldErrors();

  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: (answer) => {
      if (answer === undefined) return; // 429: ignored
      navigate('/login?reset=1', { replace: true });
    },
    onError: (e) => {
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
    reset.mutate({ ...values, token: hash });
  };

  return (
    <AuthCard
      title={t('reset.title')}
      footer={
        <Link className="link" to="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      {failure && <Notice tone="error">{failure}</Notice>}
      <form className="form" onSubmit={submit}>
        <TextField
          label={t('reset.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={values.email}
          onChange={set('email')}
          error={fields.first('email')}
          required
        />
        <TextField
          label={t('reset.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={fields.first('password')}
          required
        />
        <TextField
          label={t('reset.confirm')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={fields.first('password_confirmation')}
          required
        />
        <Button type="submit" variant="primary" className="btn--block" loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

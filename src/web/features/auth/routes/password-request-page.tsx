import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { useFieldErrors } from '../../../lib/form-errors';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { splitFailure } from '../components/form-failure';

export function Component() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fields = useFieldErrors();

  const request = useMutation({
    mutationFn: authApi.requestPasswordLink,
    onSuccess: (answer) => {
      if (answer === undefined) return; // 429: ignored
      setSent(true);
    },
    onError: (e) => {
      const { fieldErrors, message } = splitFailure(e, ['email']);
      fields.setErrors(fieldErrors);
      setFailure(message);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    fields.reset();
    setSent(false);
    request.mutate(email);
  };

  return (
    <AuthCard
      title={t('request.title')}
      footer={
        <Link className="link" to="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      {sent ? (
        <Notice tone="success">{t('request.sent')}</Notice>
      ) : (
        <>
          <p className="muted">{t('request.intro')}</p>
          {failure && <Notice tone="error">{failure}</Notice>}
          <form className="form" onSubmit={submit}>
            <TextField
              label={t('request.email')}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              error={fields.first('email')}
              onChange={(e) => {
                setEmail(e.target.value);
                fields.clear('email');
              }}
              required
            />
            <Button type="submit" variant="primary" className="btn--block" loading={request.isPending}>
              {t('request.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { passwordEmailInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';
import { splitFailure } from '../components/form-failure';

export function Component() {
  const { t } = useTranslation('auth');
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The request's schema (decision 048): an address it refuses shows the server's text, unsent.
  const form = useSchemaForm(passwordEmailInput, { defaultValues: { email: '' } });
  const field = fieldBinder(form);

  const request = useMutation({
    mutationFn: authApi.requestPasswordLink,
    onSuccess: (answer) => {
      if (answer === undefined) return; // 429: ignored
      setSent(true);
    },
    onError: (e) => {
      setServerErrors(form, e, /^email$/);
      setFailure(splitFailure(e, ['email']).message);
    },
  });

  const submit = form.handleSubmit(
    ({ email }) => {
      setFailure(null);
      setSent(false);
      if (!request.isPending) request.mutate(email);
    },
    () => setFailure(null),
  );

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
          <form className="form" onSubmit={(e) => void submit(e)}>
            <TextField label={t('request.email')} type="email" autoComplete="email" required {...field('email')} />
            <Button type="submit" variant="primary" className="btn--block" loading={request.isPending}>
              {t('request.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { useSession } from '../../../lib/session-store';
import { authApi, type LoginAnswer } from '../api';
import { AuthCard } from '../components/auth-card';
import { formFailureMessage } from '../components/form-failure';

/** Where RequireAuth sent the visitor from, so login can return them there. */
function returnPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

export function Component() {
  const { t } = useTranslation('auth');
  const token = useSession((s) => s.token);
  const setToken = useSession((s) => s.setToken);
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberme, setRememberme] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // A refused company sign-in comes back as /login#sso_error=<reason> (decision 022).
  const ssoError = /^#sso_error=(domain|unverified|inactive|expired|failed)$/.exec(location.hash)?.[1];
  const companies = useQuery({
    queryKey: ['company-sign-in'],
    queryFn: ({ signal }) => authApi.companyProviders(signal),
    staleTime: 60_000,
  });
  const company = useMutation({
    mutationFn: (id: number) => authApi.startCompanySignIn(id, rememberme),
    onSuccess: (answer) => {
      if (answer?.url) window.location.assign(answer.url);
    },
    onError: (e) => setError(formFailureMessage(e, 'email')),
  });

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: (answer) => {
      // A 429 resolves to nothing: ignored silently (spec 7).
      if (!answer) return;
      if (answer.token) {
        setToken(answer.token);
        return;
      }
      // Spec 7: the answer may be "errors with errors.email[0]" instead of a token.
      const errors = (answer as LoginAnswer & { errors?: Record<string, string[]> }).errors;
      setError(errors?.email?.[0] ?? Object.values(errors ?? {})[0]?.[0] ?? null);
    },
    // Too many attempts: say so (and for how long) rather than ignore the click.
    onError: (e) => setError(isApiError(e) && e.status === 429 ? (e.first('email') ?? e.message) : formFailureMessage(e, 'email')),
  });

  if (token) return <Navigate to={returnPath(location.state)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    login.mutate({ email, password, rememberme });
  };

  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <Link className="link" to="/password/request">
          {t('login.forgot')}
        </Link>
      }
    >
      {params.has('reset') && <Notice tone="success">{t('login.resetDone')}</Notice>}
      {params.has('registered') && <Notice tone="success">{t('login.registered')}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      {!error && ssoError && <Notice tone="error">{t(`company.error.${ssoError}`)}</Notice>}
      <form className="form" onSubmit={submit}>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <CheckboxField
          label={t('login.rememberMe')}
          name="rememberme"
          checked={rememberme}
          onChange={(e) => setRememberme(e.target.checked)}
        />
        <Button type="submit" variant="primary" className="btn--block" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
      {(companies.data?.data.length ?? 0) > 0 && (
        <div className="form company-sign-in">
          <p className="company-sign-in__or">{t('company.or')}</p>
          {companies.data!.data.map((p) => (
            <Button
              key={p.id}
              type="button"
              className="btn--block"
              loading={company.isPending && company.variables === p.id}
              onClick={() => {
                setError(null);
                company.mutate(p.id);
              }}
            >
              {companies.data!.data.length > 1 ? t('company.signInWith', { name: p.name }) : t('company.signIn')}
            </Button>
          ))}
        </div>
      )}
    </AuthCard>
  );
}

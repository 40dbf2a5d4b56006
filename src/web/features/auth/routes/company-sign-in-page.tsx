import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, Navigate } from 'react-router';
import { Notice } from '../../../components/ui/notice';
import { useSession } from '../../../lib/session-store';
import { authApi } from '../api';
import { AuthCard } from '../components/auth-card';

/**
 * Where a company sign-in lands: /login/company#code=<one-time code>. The code is traded once by
 * POST for the session token, kept like a password login's; the fragment is wiped from the
 * address bar and history first (decision 022).
 */
export function Component() {
  const { t } = useTranslation('auth');
  const token = useSession((s) => s.token);
  const setToken = useSession((s) => s.setToken);
  // Read once: the fragment is wiped from the address bar and history right after.
  const [code] = useState(() => /^#code=([\w-]+)$/.exec(window.location.hash)?.[1] ?? null);
  const [failed, setFailed] = useState(code === null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!code) return;
    authApi.exchangeCompanyCode(code).then(
      (answer) => (answer?.token ? setToken(answer.token) : setFailed(true)),
      () => setFailed(true),
    );
  }, [code, setToken]);

  if (token) return <Navigate to="/" replace />;
  return (
    <AuthCard
      title={t('company.title')}
      footer={
        <Link className="link" to="/login">
          {t('backToLogin')}
        </Link>
      }
    >
      {failed ? <Notice tone="error">{t('company.error.expired')}</Notice> : <p role="status">{t('company.signingIn')}</p>}
    </AuthCard>
  );
}

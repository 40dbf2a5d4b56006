import { Suspense } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link, Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { LanguageMenu } from './shell/language-menu';
import { Logo } from './shell/logo';

/** Frame for pages reachable without signing in: logo, language, the page, the accessibility link. */
export function PublicLayout() {
  const { t } = useTranslation('content');
  return (
    <div className="public-layout">
      <header className="public-header">
        <Logo />
        <LanguageMenu />
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <Suspense fallback={<Spinner block size="lg" />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="public-footer">
        <Link to="/accessibility">{t('accessibilityLink')}</Link>
      </footer>
    </div>
  );
}

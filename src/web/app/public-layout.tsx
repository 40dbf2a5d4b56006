import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { LanguageMenu } from './shell/language-menu';
import { Logo } from './shell/logo';

/** Frame for pages reachable without signing in: logo, language, the page. */
export function PublicLayout() {
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
    </div>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Spinner } from '../../components/ui/spinner';
import { Header } from './header';
import { SideNav } from './side-nav';
import { DRAWER_QUERY, useMediaQuery } from './use-media-query';
import { isFocusable } from '../../lib/focus';

const ReviewModal = lazy(() => import('./review-modal').then((m) => ({ default: m.ReviewModal })));

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Header + side navigation + page, for signed-in routes. */
export function AppShell() {
  const { t } = useTranslation('shell');
  const drawer = useMediaQuery(DRAWER_QUERY);
  // The wide sidebar starts open, the phone drawer closed; each remembers its own state.
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navOpen = drawer ? drawerOpen : sidebarOpen;
  const setNavOpen = drawer ? setDrawerOpen : setSidebarOpen;
  const [reviewOpen, setReviewOpen] = useState(false);
  const [toast, setToast] = useState('');
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // The open drawer behaves like a dialog: focus goes in, Escape closes it.
  useEffect(() => {
    if (!drawer || !navOpen) return;
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawerOpen(false);
        toggleRef.current?.focus();
        return;
      }
      // Tab cycles through the drawer and its toggle; the page under the curtain is inert.
      if (e.key !== 'Tab' || !navRef.current || !toggleRef.current) return;
      const items = [toggleRef.current, ...navRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isFocusable);
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : (index + 1) % items.length;
      e.preventDefault();
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer, navOpen]);

  useEffect(() => {
    if (!toast) return;
    const id = setTimeout(() => setToast(''), 4000);
    return () => clearTimeout(id);
  }, [toast]);

  const openReview = () => {
    setDrawerOpen(false);
    setReviewOpen(true);
  };

  return (
    <div className={`app-shell ${navOpen ? 'nav-open' : 'nav-closed'}`}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header navOpen={navOpen} onToggleNav={() => setNavOpen((o) => !o)} onLeaveReview={openReview} toggleRef={toggleRef} />
      <div className="app-body">
        <SideNav ref={navRef} open={navOpen} drawer={drawer} onNavigate={() => setDrawerOpen(false)} onLeaveReview={openReview} />
        {drawer && navOpen && <div className="nav-curtain" aria-hidden="true" onClick={() => setDrawerOpen(false)} />}
        <main id="main" ref={mainRef} tabIndex={-1} className="app-main" inert={drawer && navOpen}>
          <ErrorBoundary name="Page" resetKey={location.pathname}>
            <Suspense fallback={<Spinner block size="lg" />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      {/* Loaded when first opened (decision 039): the dialog and form code stay out of the first page load. */}
      {reviewOpen && (
        <Suspense fallback={null}>
          <ReviewModal open onClose={() => setReviewOpen(false)} onSent={() => setToast(t('review.thanks'))} />
        </Suspense>
      )}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && <div className="toast">{toast}</div>}
      </div>
    </div>
  );
}

import type { Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { LanguageSwitcher } from './language-menu';
import { NavFooter } from './nav-footer';
import { pagePath, useNavigationData, useNewOrdersCount } from './shell-api';

interface SideNavProps {
  open: boolean;
  drawer: boolean;
  onNavigate(): void;
  onLeaveReview(): void;
  ref?: Ref<HTMLElement>;
}

/** Grouped links from GET /app/navigation, a Leave Review button, languages and the footer. */
export function SideNav({ open, drawer, onNavigate, onLeaveReview, ref }: SideNavProps) {
  const { t } = useTranslation('shell');
  const navigation = useNavigationData();
  const hasOrders = navigation.data?.groups?.some((g) => g.pages?.some((p) => p.page === 'orders')) ?? false;
  const newOrders = useNewOrdersCount(hasOrders);

  return (
    <aside
      id="side-nav"
      ref={ref}
      className={`side-nav ${open ? 'is-open' : ''} ${drawer ? 'side-nav--drawer' : ''}`}
      // Closed, it is neither visible nor reachable by Tab or screen readers.
      inert={!open}
      tabIndex={-1}
      aria-label={t('sidePanel')}
    >
      <nav className="side-nav__links" aria-label={t('mainNav')}>
        {navigation.isPending ? (
          <div className="side-nav__skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
          </div>
        ) : navigation.isError && !navigation.data ? (
          <div className="side-nav__error">
            <p>{t('nav.loadFailed')}</p>
            <Button size="sm" onClick={() => void navigation.refetch()}>
              {t('nav.retry')}
            </Button>
          </div>
        ) : (
          navigation.data?.groups?.map((group, gi) => (
            <section key={`${group.title}-${gi}`} className="side-nav__group" aria-labelledby={`nav-group-${gi}`}>
              <h2 id={`nav-group-${gi}`} className="side-nav__group-title">
                {group.title}
              </h2>
              <ul>
                {group.pages?.map((p) => (
                  <li key={p.page}>
                    <NavLink to={pagePath(p.page)} end={pagePath(p.page) === '/'} className="side-nav__link" onClick={onNavigate}>
                      {p.title}
                      {p.page === 'orders' && newOrders > 0 && (
                        <span className="side-nav__count">
                          <span aria-hidden="true">{newOrders}</span>
                          <span className="visually-hidden">, {t('nav.newOrders', { count: newOrders })}</span>
                        </span>
                      )}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </nav>
      <div className="side-nav__actions">
        <Button className="btn--block" onClick={onLeaveReview} icon={<ReviewIcon />}>
          {t('leaveReview')}
        </Button>
        <LanguageSwitcher />
      </div>
      <NavFooter />
    </aside>
  );
}

export function ReviewIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M8 9.5h8M8 12.5h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

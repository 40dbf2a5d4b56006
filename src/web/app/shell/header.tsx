import { lazy, Suspense, type Ref } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../../components/ui/button';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { ProfileMenu } from './profile-menu';
import { ReviewIcon } from './side-nav';

// Only development builds reference the switcher; production bundles leave it out entirely.
const DevRoleSwitcher = import.meta.env.DEV ? lazy(() => import('./dev-role-switcher')) : null;

interface HeaderProps {
  navOpen: boolean;
  onToggleNav(): void;
  onLeaveReview(): void;
  toggleRef?: Ref<HTMLButtonElement>;
}

export function Header({ navOpen, onToggleNav, onLeaveReview, toggleRef }: HeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <header className="app-header">
      <button
        ref={toggleRef}
        type="button"
        className="icon-btn nav-toggle"
        aria-expanded={navOpen}
        aria-controls="side-nav"
        aria-label={navOpen ? t('closeNav') : t('openNav')}
        onClick={onToggleNav}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <Logo />
      <div className="app-header__spacer" />
      {DevRoleSwitcher && (
        <Suspense fallback={null}>
          <DevRoleSwitcher />
        </Suspense>
      )}
      <Button className="app-header__review" variant="ghost" onClick={onLeaveReview} icon={<ReviewIcon />}>
        <span className="btn__text">{t('leaveReview')}</span>
      </Button>
      <LanguageMenu />
      <ProfileMenu />
    </header>
  );
}

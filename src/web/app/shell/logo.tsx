import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { APP_NAME } from '../../lib/use-document-title';

/** Brand mark: a bowl with steam, and the name. Links home (spec 2). */
export function Logo() {
  const { t } = useTranslation('shell');
  return (
    <Link to="/" className="logo" aria-label={`${APP_NAME} – ${t('home')}`}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
        <path d="M6 16h20a10 10 0 0 1-20 0z" fill="#fff" />
        <path d="M12 7c0 2 2 2 2 4M18 6c0 2 2 2 2 4" fill="none" stroke="var(--color-accent)" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="logo__text">{APP_NAME}</span>
    </Link>
  );
}

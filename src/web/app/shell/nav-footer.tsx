import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MaestroLogo, MastercardLogo, VisaLogo } from './card-logos';

/** Legal details and accepted cards at the bottom of the side navigation. */
export function NavFooter() {
  const { t } = useTranslation(['shell', 'content']);
  return (
    <footer className="nav-footer">
      <p className="nav-footer__legal">{t('shell:footer.legal')}</p>
      <p className="nav-footer__links">
        <Link to="/privacy">{t('content:privacy')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/terms-and-conditions">{t('content:terms')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/accessibility">{t('content:accessibilityLink')}</Link>
      </p>
      <div className="nav-footer__cards">
        <span className="visually-hidden">{t('shell:footer.payments')}:</span>
        <ul className="card-logos">
          <li>
            <MastercardLogo />
          </li>
          <li>
            <MaestroLogo />
          </li>
          <li>
            <VisaLogo />
          </li>
        </ul>
      </div>
    </footer>
  );
}

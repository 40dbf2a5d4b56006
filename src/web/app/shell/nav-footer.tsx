import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { MaestroLogo, MastercardLogo, VisaLogo } from './card-logos';

/** Legal details and accepted cards at the bottom of the side navigation. */
export function NavFooter() {
  // Only the preloaded 'shell' texts: the footer is on every page (decision 039).
  const { t } = useTranslation('shell');
  return (
    <footer className="nav-footer">
      <p className="nav-footer__legal">{t('footer.legal')}</p>
      <p className="nav-footer__links">
        <Link to="/privacy">{t('footer.privacy')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/terms-and-conditions">{t('footer.terms')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/accessibility">{t('footer.accessibility')}</Link>
      </p>
      <div className="nav-footer__cards">
        <span className="visually-hidden">{t('footer.payments')}:</span>
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

import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';

interface StatusPageProps {
  kind: 'denied' | 'notFound';
}

/**
 * A whole page that says why there is nothing to show: the route is not for the user's role
 * (decided by the router before the page loads), or the object the address names does not exist.
 * One page for each, on every route.
 */
export function StatusPage({ kind }: StatusPageProps) {
  const { t } = useTranslation('common');
  return (
    <section className="page status-page" data-status={kind}>
      <div className="card status-page__card">
        <h1 className="page__title">{t(`status.${kind}.title`)}</h1>
        <p>{t(`status.${kind}.text`)}</p>
        <p>
          <Link className="btn btn--primary" to="/">
            {t('errors.goHome')}
          </Link>
        </p>
      </div>
    </section>
  );
}

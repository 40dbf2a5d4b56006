import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLapMenu, useLaps } from '../api';
import { PdfButton } from '../components/pdf-button';
import { parseId } from '../helpers';
import '../../../styles/catalogue.css';
import '../laps.css';
import { StatusPage } from '../../../components/ui/status-page';

/** /menu-laps/{menuId}: the active laps with View and PDF for this menu (spec 2). */
export function Component() {
  const { t } = useTranslation('laps');
  const { menuId: rawId } = useParams();
  const menuId = parseId(rawId);
  const menu = useLapMenu(menuId);
  const laps = useLaps();
  const title = menu.data?.title;
  useDocumentTitle(title ? t('menu.heading', { title }) : t('menu.title'));

  if (menuId === null || (!menu.data && isNotFound(menu.error))) return <StatusPage kind="notFound" />;
  let body;
  if (menu.isPending || laps.isPending) {
    body = <Spinner block />;
  } else if (!menu.data || !laps.data) {
    body = (
      <>
        <LoadErrorNotice error={menu.error ?? laps.error} fallback={t('errors.loadFailed')} />
        <Button
          size="sm"
          onClick={() => {
            void menu.refetch();
            void laps.refetch();
          }}
        >
          {t('retry')}
        </Button>
      </>
    );
  } else {
    const active = laps.data.data.filter((l) => l.active);
    const m = menu.data;
    body =
      active.length === 0 ? (
        <div className="laps-empty">
          <p>{t('menu.none')}</p>
          <Link className="link" to="/laps">
            {t('menu.manage')}
          </Link>
        </div>
      ) : (
        <ul className="laps-menu-list">
          {active.map((lap) => (
            <li key={lap.id} className="card laps-menu-item">
              <div>
                <h2 className="laps-card__title">{lap.title}</h2>
                <p className="muted laps-card__meta">
                  {t('lap.locationsCount', { count: lap.locations_count })}
                  {lap.stops.length > 0 && ` — ${lap.stops.map((s) => s.title).join(', ')}`}
                </p>
              </div>
              <div className="laps-card__actions">
                <Link
                  className="btn btn--primary btn--sm"
                  to={`/menu-laps/${m.id}/${lap.id}`}
                  aria-label={t('menu.viewNamed', { title: lap.title })}
                >
                  {t('menu.view')}
                </Link>
                <PdfButton
                  lapId={lap.id}
                  menuId={m.id}
                  lapTitle={lap.title}
                  menuTitle={m.title}
                  label={t('menu.pdf')}
                  ariaLabel={t('menu.pdfNamed', { title: lap.title })}
                />
              </div>
            </li>
          ))}
        </ul>
      );
  }

  return (
    <section className="page laps-page" aria-labelledby="menu-laps-title">
      <h1 className="page__title" id="menu-laps-title">
        {title ? t('menu.heading', { title }) : t('menu.title')}
      </h1>
      {body}
    </section>
  );
}

import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDayCash, useDayPlan, useLapMenu, useLaps, type DayCash } from '../api';
import { LapDayPlanView } from '../components/lap-day-plan';
import { formatEuros } from '../../../lib/format';
import { PdfButton } from '../components/pdf-button';
import { parseId } from '../helpers';
import '../../../styles/manage.css';
import '../laps.css';
import { StatusPage } from '../../../components/ui/status-page';

/** /menu-laps/{menuId}: the active laps with View and PDF for this menu (spec 2). */
export function Component() {
  const { t } = useTranslation('laps');
  const { menuId: rawId } = useParams();
  const menuId = parseId(rawId);
  const menu = useLapMenu(menuId);
  const laps = useLaps();
  const cash = useDayCash(menuId);
  const plans = useDayPlan(menuId);
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
                <LapStatuses row={cash.data?.laps.find((c) => c.id === lap.id)} />
                {plans.data?.laps
                  .filter((p) => p.id === lap.id)
                  .map((p) => (
                    <LapDayPlanView key={p.id} menuId={m.id} plan={p} drivers={plans.data.drivers} zone={plans.data.timezone} />
                  ))}
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
      {menu.data && laps.data && <DayCashView cash={cash.data} error={cash.error} pending={cash.isPending} />}
    </section>
  );
}

/** "Delivery: delivered 1 of 3, loaded 2, problems 0" for one lap of the menu (issue 14). */
function LapStatuses({ row }: { row: DayCash['laps'][number] | undefined }) {
  const { t } = useTranslation('laps');
  if (!row || row.stops === 0) return null;
  return (
    <p className="laps-card__meta">
      <strong>{t('cash.delivery')}:</strong> {t('cash.statuses', { ...row.statuses, stops: row.stops })}
    </p>
  );
}

/** The day's cash across all laps (issue 13): expected, collected, difference, stops not recorded. */
function DayCashView({ cash, error, pending }: { cash: DayCash | undefined; error: unknown; pending: boolean }) {
  const { t, i18n } = useTranslation('laps');
  const money = (euros: number) => formatEuros(euros, i18n.language);
  let content;
  if (pending) content = <Spinner block />;
  else if (!cash) content = <LoadErrorNotice error={error} fallback={t('errors.cashFailed')} />;
  else if (cash.laps.length === 0 || (cash.totals.expected === 0 && cash.totals.collected === 0))
    content = <p className="muted">{t('cash.empty')}</p>;
  else {
    const cells = (r: DayCash['totals']) => (
      <>
        <td className="laps-num">{money(r.expected)}</td>
        <td className="laps-num">{money(r.collected)}</td>
        <td className={`laps-num${r.difference < 0 ? ' laps-short' : ''}`}>{money(r.difference)}</td>
        <td className="laps-num">{r.missing}</td>
      </>
    );
    content = (
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="laps-day-cash">
        <table className="table laps-cash-table">
          <thead>
            <tr>
              <th scope="col">{t('cash.lap')}</th>
              <th scope="col" className="laps-num">
                {t('cash.stops')}
              </th>
              <th scope="col" className="laps-num">
                {t('cash.expected')}
              </th>
              <th scope="col" className="laps-num">
                {t('cash.collected')}
              </th>
              <th scope="col" className="laps-num">
                {t('cash.difference')}
              </th>
              <th scope="col" className="laps-num">
                {t('cash.missing')}
              </th>
            </tr>
          </thead>
          <tbody>
            {cash.laps.map((r) => (
              <tr key={r.id ?? 'none'}>
                <th scope="row">{r.title}</th>
                <td className="laps-num">{r.stops}</td>
                {cells(r)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('cash.total')}</th>
              <td className="laps-num">{cash.laps.reduce((n, r) => n + r.stops, 0)}</td>
              {cells(cash.totals)}
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }
  return (
    <section className="card laps-day-cash">
      <h2 className="laps-card__title" id="laps-day-cash">
        {t('cash.heading')}
      </h2>
      {content}
    </section>
  );
}

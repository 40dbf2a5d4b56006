import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../../../lib/api';
import { formatDate, formatEuros, formatTime, isoDayIn } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLapReport, type LapReport } from '../api';
import { CashEntry } from '../components/cash-entry';
import { StopStatusControl } from '../components/stop-status';
import { PdfButton } from '../components/pdf-button';
import { parseId } from '../helpers';
import '../../../styles/manage.css';
import '../laps.css';
import { StatusPage } from '../../../components/ui/status-page';

/** /menu-laps/{menuId}/{lapId}: what to load, and per location the money and the cash collected (spec 2, 3). */
export function Component() {
  const { t } = useTranslation('laps');
  const params = useParams();
  const menuId = parseId(params.menuId);
  const lapId = parseId(params.lapId);
  const report = useLapReport(lapId, menuId);
  const r = report.data;
  useDocumentTitle(r ? `${t('report.title')}: ${r.lap.title}` : t('report.title'));

  if (menuId === null || lapId === null || (!r && isNotFound(report.error))) return <StatusPage kind="notFound" />;
  let body;
  if (report.isPending) {
    body = <Spinner block />;
  } else if (!r) {
    body = (
      <>
        <LoadErrorNotice error={report.error} fallback={t('errors.reportFailed')} />
        <Button size="sm" onClick={() => void report.refetch()}>
          {t('retry')}
        </Button>
      </>
    );
  } else {
    body = <Report report={r} />;
  }

  return (
    <section className="page laps-page" aria-labelledby="lap-report-title">
      <header className="laps-report-head">
        <div>
          <h1 className="page__title" id="lap-report-title">
            {r ? `${t('report.title')}: ${r.lap.title}` : t('report.title')}
          </h1>
          {r && <p className="muted">{t('report.menu', { title: r.dishlist.title })}</p>}
        </div>
        {r && menuId !== null && lapId !== null && (
          <PdfButton
            lapId={lapId}
            menuId={menuId}
            lapTitle={r.lap.title}
            menuTitle={r.dishlist.title}
            label={t('report.pdf')}
            variant="primary"
            size="md"
          />
        )}
      </header>
      {menuId !== null && (
        <p>
          <Link className="link" to={`/menu-laps/${menuId}`}>
            ← {t('report.back')}
          </Link>
        </p>
      )}
      {body}
    </section>
  );
}

function Report({ report: r }: { report: LapReport }) {
  const { t, i18n } = useTranslation('laps');
  const lang = i18n.language;
  const money = (euros: number) => formatEuros(euros, lang);
  const groups = r.dishes.filter((g) => g.data.length > 0);
  const day = formatDate(r.dishlist.from, lang, r.dishlist.timezone);
  const time = (iso: string) => formatTime(iso, lang, r.dishlist.timezone);
  return (
    <>
      <section className="card laps-load" aria-labelledby="lap-load">
        <h2 className="laps-card__title" id="lap-load">
          {t('report.toLoad')} <span className="muted laps-day">{day}</span>
        </h2>
        <p className="laps-card__meta">
          <strong>{t('day.departure')}:</strong> {r.lap.departs_at ? time(r.lap.departs_at) : t('day.noDeparture')}
        </p>
        {groups.length === 0 && r.initials.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <div className="laps-load__groups">
            {groups.map((g) => (
              <table key={g.key} className="table laps-load__table">
                <caption className="laps-load__caption">{g.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('report.dish')}</th>
                    <th scope="col" className="laps-num">
                      {t('report.qty')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {g.data.map((d) => (
                    <tr key={d.id}>
                      <td>{d.title}</td>
                      <td className="laps-num">
                        <strong>{d.qty}</strong>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
            {r.initials.length > 0 && (
              <p className="laps-sets">
                <strong>{t('report.setMeals')}:</strong> {r.initials.map((s) => `${s.title} × ${s.qty}`).join(', ')}
              </p>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="lap-stops" className="laps-stops-section">
        <h2 className="laps-section-title" id="lap-stops">
          {t('report.locations')}
        </h2>
        {r.locations.length === 0 ? (
          <p className="muted">{t('report.noLocations')}</p>
        ) : (
          <ol className="laps-report-list">
            {r.locations.map((l, i) => (
              <li key={l.id} className="card laps-report-stop" aria-labelledby={`stop-${l.id}`}>
                <h3 className="laps-report-stop__title" id={`stop-${l.id}`}>
                  <span className="laps-stop__no">{i + 1}.</span> {l.title}
                </h3>
                {l.address && <p className="muted laps-stop__address">{l.address}</p>}
                <dl className="laps-sheet">
                  <div>
                    <dt>{t('stop.window')}</dt>
                    <dd>
                      {l.delivery.window_from && l.delivery.window_to
                        ? t('stop.windowValue', { from: time(l.delivery.window_from), to: time(l.delivery.window_to) })
                        : t('day.noWindow')}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('stop.contact')}</dt>
                    <dd>
                      {l.contact_name || '—'}
                      {l.contact_phone && (
                        <>
                          {' · '}
                          <a className="link" href={`tel:${l.contact_phone.replace(/[^+\d]/g, '')}`}>
                            {l.contact_phone}
                          </a>
                        </>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('stop.bags')}</dt>
                    <dd>{l.bags}</dd>
                  </div>
                  <div>
                    <dt>{t('stop.handOver')}</dt>
                    <dd>{l.hand_over.length ? l.hand_over.map((h) => `${h.title} × ${h.qty}`).join(', ') : '—'}</dd>
                  </div>
                  {l.portions > 0 && (
                    <div>
                      <dt>{t('stop.handedOver')}</dt>
                      <dd>{t('stop.handedOverValue', { handed: l.handed_over, portions: l.portions })}</dd>
                    </div>
                  )}
                </dl>
                <StopStatusControl
                  menuId={r.dishlist.id}
                  locationId={l.id}
                  locationTitle={l.title}
                  status={l.status}
                  zone={r.dishlist.timezone}
                  day={isoDayIn(r.dishlist.from, r.dishlist.timezone)}
                />
                <dl className="laps-sums">
                  <div>
                    <dt>{t('report.orders')}</dt>
                    <dd>{l.totals.count}</dd>
                  </div>
                  <div>
                    <dt>{t('report.total')}</dt>
                    <dd>{money(l.totals.total)}</dd>
                  </div>
                  <div>
                    <dt>{t('report.card')}</dt>
                    <dd>{money(l.totals.card)}</dd>
                  </div>
                  <div>
                    <dt>{t('report.subsidyBonus')}</dt>
                    <dd>{money(l.totals.subsidy + l.totals.bonus)}</dd>
                  </div>
                  <div className="laps-sums__cash">
                    <dt>{t('report.cashToCollect')}</dt>
                    <dd>{money(l.cash_to_collect)}</dd>
                  </div>
                  <div>
                    <dt>{t('report.cashBalance')}</dt>
                    <dd>{l.cash_balance === null ? <span className="muted">{t('report.notRecorded')}</span> : money(l.cash_balance)}</dd>
                  </div>
                  <div>
                    <dt>{t('report.currentPayment')}</dt>
                    <dd>{money(l.current_payment)}</dd>
                  </div>
                </dl>
                <CashEntry key={l.id} menuId={r.dishlist.id} locationId={l.id} locationTitle={l.title} recorded={l.cash_balance} />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card laps-totals" aria-labelledby="lap-totals">
        <h2 className="laps-card__title" id="lap-totals">
          {t('report.totals')}
        </h2>
        <dl className="laps-sums">
          <div>
            <dt>{t('report.orders')}</dt>
            <dd>{r.totals.count}</dd>
          </div>
          <div>
            <dt>{t('report.total')}</dt>
            <dd>{money(r.totals.total)}</dd>
          </div>
          <div>
            <dt>{t('report.card')}</dt>
            <dd>{money(r.totals.card)}</dd>
          </div>
          <div>
            <dt>{t('report.subsidyBonus')}</dt>
            <dd>{money(r.totals.subsidy + r.totals.bonus)}</dd>
          </div>
          <div className="laps-sums__cash">
            <dt>{t('report.cashToCollect')}</dt>
            <dd>{money(r.totals.cash_to_collect)}</dd>
          </div>
          <div>
            <dt>{t('report.cashBalance')}</dt>
            <dd>{money(r.totals.cash_balance)}</dd>
          </div>
          <div>
            <dt>{t('report.currentPayment')}</dt>
            <dd>{money(r.totals.current_payment)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { localeFor } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useMonthRatings, type MonthRatings } from '../api';

/** "Best and worst rated this month" (decision 080): top and bottom three with a minimum count, as lists. */
export function RatedCard() {
  const { t, i18n } = useTranslation('dashboard');
  const id = useId();
  const month = useMonthRatings();
  const avg = new Intl.NumberFormat(localeFor(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const m = month.data;
  const list = (title: string, rows: MonthRatings['best']) => (
    <div className="dash-rated__list">
      <h3 className="dash-rated__title">{title}</h3>
      <ol>
        {rows.map((r) => (
          <li key={r.dish_id}>{t('rated.line', { dish: r.title, avg: avg.format(r.average), n: r.count })}</li>
        ))}
      </ol>
    </div>
  );
  return (
    <section className="dash-card" aria-labelledby={id}>
      <header className="dash-card__head">
        <h2 id={id} className="dash-card__title">
          {t('rated.title')}
        </h2>
      </header>
      {month.isPending && <Spinner block />}
      {month.isError && <p className="dash-card__empty">{t('rated.failed')}</p>}
      {m && <p className="dash-card__note">{t('rated.note', { min: m.min_count })}</p>}
      {m && m.best.length === 0 && <p className="dash-card__empty">{t('rated.empty')}</p>}
      {m && m.best.length > 0 && (
        <div className="dash-rated">
          {list(t('rated.best'), m.best)}
          {m.worst.length > 0 && list(t('rated.worst'), m.worst)}
        </div>
      )}
    </section>
  );
}

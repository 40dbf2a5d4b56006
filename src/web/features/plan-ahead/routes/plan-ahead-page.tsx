import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { StandingOrder } from '../../../../shared/schemas/plan-ahead';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../../../styles/plan-ahead.css';
import { STANDING_KEY, useStandingOrders } from '../api';
import { AwayDays } from '../components/away-days';
import { StandingForm } from '../components/standing-form';

/** /plan-ahead: standing orders and away days (issue 27). */
export function Component() {
  const { t } = useTranslation('plan-ahead');
  const me = useMe();
  useDocumentTitle(t('title'));
  const customer = me.data?.role === 'customer';
  return (
    <section className="page plan-page">
      <h1 className="page__title">{t('title')}</h1>
      <div className="plan-page__cards">
        {customer && <StandingOrders />}
        <AwayDays />
      </div>
    </section>
  );
}

function StandingOrders() {
  const { t, i18n } = useTranslation('plan-ahead');
  const client = useQueryClient();
  const list = useStandingOrders();
  const [editing, setEditing] = useState<StandingOrder | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/app/standing-orders/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: STANDING_KEY }),
  });
  const days = (s: StandingOrder) => s.weekdays.map((d) => t(`daysShort.${d}`)).join(', ');

  return (
    <section className="card plan-standing" aria-labelledby="standing-title">
      <h2 id="standing-title" className="card__title">
        {t('standing.title')}
      </h2>
      <p>{t('standing.intro')}</p>
      {list.isPending ? (
        <Spinner block />
      ) : list.isError ? (
        <Notice tone="error">{t('loadFailed')}</Notice>
      ) : list.data.data.length === 0 ? (
        <p>{t('standing.none')}</p>
      ) : (
        <ul className="plan-list" aria-label={t('standing.listLabel')}>
          {list.data.data.map((s) => (
            <li key={s.id} className="plan-list__item">
              <div>
                <strong>
                  {s.dish_title} × {s.qty}
                </strong>
                <div>
                  {days(s)}
                  {s.ends_on ? ` · ${t('standing.until', { day: formatDate(s.ends_on, i18n.language) })}` : ''} ·{' '}
                  {t(`payment.${s.payment_type}`)}
                  {!s.active ? ` · ${t('standing.paused')}` : ''}
                </div>
                {s.runs[0] && (
                  <div className="plan-list__run">
                    {t(`run.${s.runs[0].outcome}`, { day: formatDate(s.runs[0].day, i18n.language) })}
                    {s.runs[0].reason ? ` (${t(`reason.${s.runs[0].reason}`)})` : ''}
                    {s.runs[0].outcome === 'prepared' && (
                      <>
                        {' '}
                        <Link className="link" to={`/order?dishlist=${s.runs[0].menu_id}`}>
                          {t('standing.payPrepared')}
                          <span className="visually-hidden"> ({formatDate(s.runs[0].day, i18n.language)})</span>
                        </Link>
                      </>
                    )}
                  </div>
                )}
              </div>
              <div className="plan-list__actions">
                <Button size="sm" onClick={() => setEditing(s)} aria-label={t('standing.editOne', { dish: s.dish_title })}>
                  {t('standing.editShort')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => remove.mutate(s.id)}
                  aria-label={t('standing.removeOne', { dish: s.dish_title })}
                >
                  {t('standing.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <StandingForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('standing.add')}
        </Button>
      )}
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WithdrawnChoiceResult, WithdrawnNotice, WithdrawnNotices } from '../../../../shared/schemas/withdrawals';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { api } from '../../../lib/api';
import { formatDateTime, formatEuros } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useApiQuery } from '../../../lib/query';
import { ORDER_KEYS } from '../api';

/**
 * A dish withdrawn from this order's menu after it was ordered (decision 083): what became of it
 * and, while the substitute may still be turned down, the eater's choice (keep it or the refund).
 */
export function WithdrawnDishes({ orderId, zone }: { orderId: number; zone: string }) {
  const key = [...ORDER_KEYS.order(String(orderId)), 'withdrawn'];
  const notices = useApiQuery<WithdrawnNotices>(key, `/app/order/${orderId}/withdrawn`);
  if (!notices.data || notices.data.data.length === 0) return null;
  return (
    <div className="card" aria-live="polite">
      {notices.data.data.map((n) => (
        <WithdrawnDish key={n.withdrawal_id} orderId={orderId} notice={n} zone={zone} />
      ))}
    </div>
  );
}

function WithdrawnDish({ orderId, notice, zone }: { orderId: number; notice: WithdrawnNotice; zone: string }) {
  const { t, i18n } = useTranslation('ordering');
  const client = useQueryClient();
  const [busy, setBusy] = useState<'substitute' | 'refund' | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const money = (euros: number) => formatEuros(euros, i18n.language);
  const r = notice.refund;
  const back = r.subsidy + r.budget + r.bonus + r.company + r.cash + r.paid;
  const choose = async (choice: 'substitute' | 'refund') => {
    setBusy(choice);
    setFailed(null);
    try {
      await api.post<WithdrawnChoiceResult>(`/app/order/${orderId}/withdrawn/${notice.withdrawal_id}`, { choice });
      await client.invalidateQueries({ queryKey: ORDER_KEYS.order(String(orderId)) });
    } catch (err) {
      setFailed(err);
    }
    setBusy(null);
  };
  const done = notice.status === 'refunded' || notice.status === 'cancelled';
  return (
    <section className="order-withdrawn">
      <h2 className="card__title">{t('withdrawn.title', { dish: notice.dish })}</h2>
      <p>
        {done && t(`withdrawn.${notice.status}`, { amount: money(back) })}
        {!done && t(`withdrawn.${notice.status}`, { substitute: notice.substitute ?? '' })}
      </p>
      {done && r.paid > 0 && <p className="muted">{t('withdrawn.toCard', { amount: money(r.paid) })}</p>}
      {notice.choose_until && (
        <>
          <p className="muted">
            {t('withdrawn.chooseUntil', { until: formatDateTime(notice.choose_until, i18n.language, zone), amount: money(notice.amount) })}
          </p>
          <p className="order-details__actions">
            <Button onClick={() => void choose('substitute')} loading={busy === 'substitute'} disabled={busy !== null}>
              {t('withdrawn.keep', { substitute: notice.substitute ?? '' })}
            </Button>
            <Button variant="secondary" onClick={() => void choose('refund')} loading={busy === 'refund'} disabled={busy !== null}>
              {t('withdrawn.refund')}
            </Button>
          </p>
        </>
      )}
      {failed !== null && <Notice tone="error">{t('withdrawn.failed')}</Notice>}
    </section>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { awayRangeInput, type AwayDaysResult, type AwayRangeInput } from '../../../../shared/schemas/plan-ahead';
import { CancelOrderButton } from '../../../components/orders/cancel-order';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { formatDate, formatDeadline } from '../../../lib/format';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { AWAY_KEY, STANDING_KEY, useAwayDays } from '../api';

/** Away days: mark a day or a range, remove one, and cancel an order already placed for such a day. */
export function AwayDays() {
  const { t, i18n } = useTranslation('plan-ahead');
  const client = useQueryClient();
  const away = useAwayDays();
  const form = useSchemaForm(awayRangeInput, { defaultValues: { from: '', to: '', note: '' } });
  const field = fieldBinder(form);
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: AWAY_KEY }), client.invalidateQueries({ queryKey: STANDING_KEY })]);
  const add = useMutation({
    mutationFn: (body: AwayRangeInput) => api.post('/app/away-days', body),
    onSuccess: async () => {
      form.reset({ from: '', to: '', note: '' });
      await refresh();
    },
    onError: (error) => setServerErrors(form, error, /^(from|to|note)$/),
  });
  const remove = useMutation({ mutationFn: (id: number) => api.delete(`/app/away-days/${id}`), onSuccess: refresh });
  const data: AwayDaysResult | undefined = away.data;

  return (
    <section className="card plan-away" aria-labelledby="away-title">
      <h2 id="away-title" className="card__title">
        {t('away.title')}
      </h2>
      <p className="plan-away__intro">{t('away.intro')}</p>
      {data && data.orders.length > 0 && (
        <Notice tone="warning">
          <p>{t('away.ordersIntro')}</p>
          <ul className="plan-away__orders">
            {data.orders.map((o) => (
              <li key={o.order_id}>
                {t('away.order', {
                  day: formatDate(o.day, i18n.language),
                  menu: o.menu_title,
                  deadline: formatDeadline(o.deadline, i18n.language),
                })}{' '}
                <CancelOrderButton order={{ id: o.order_id }} onCancelled={() => void refresh()} />
              </li>
            ))}
          </ul>
        </Notice>
      )}
      {remove.isError && <Notice tone="error">{errorMessage(remove.error, t('saveFailed'))}</Notice>}
      <form className="plan-away__form" noValidate onSubmit={form.handleSubmit((body) => add.mutate(body))}>
        <TextField label={t('away.from')} type="date" required {...field('from')} />
        <TextField label={t('away.to')} type="date" required hint={t('away.toHint')} {...field('to')} />
        <TextField label={t('away.note')} maxLength={200} {...field('note')} />
        <div className="form-actions">
          <Button type="submit" variant="primary" loading={add.isPending}>
            {t('away.add')}
          </Button>
        </div>
      </form>
      {away.isPending ? (
        <Spinner block />
      ) : away.isError ? (
        <Notice tone="error">{t('loadFailed')}</Notice>
      ) : data && data.data.length === 0 ? (
        <p>{t('away.none')}</p>
      ) : (
        <ul className="plan-list" aria-label={t('away.listLabel')}>
          {data?.data.map((d) => (
            <li key={d.id} className="plan-list__item">
              <span>
                {formatDate(d.day, i18n.language)}
                {d.note ? ` · ${d.note}` : ''}
                {d.kind === 'location' ? ` · ${t('away.officeClosed')}` : ''}
              </span>
              {d.kind === 'user' && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('away.removeDay', { day: formatDate(d.day, i18n.language) })}
                  onClick={() => remove.mutate(d.id)}
                >
                  {t('away.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useTranslation } from '../../../lib/i18n';
import type { OrderTotals } from '../../../../shared/schemas/orders';
import { formatEuros } from '../../../lib/format';

/** Cash, card, subsidy and bonus sums (with the total and the count) of a group of orders. */
export function LocationTotals({ totals }: { totals: OrderTotals }) {
  const { t, i18n } = useTranslation('orders');
  const money = (euros: number) => formatEuros(euros, i18n.language);
  return (
    <dl className="ord-totals" aria-label={t('totals.label')}>
      <div>
        <dt>{t('totals.cash')}</dt>
        <dd>{money(totals.cash)}</dd>
      </div>
      <div>
        <dt>{t('totals.card')}</dt>
        <dd>{money(totals.card)}</dd>
      </div>
      <div>
        <dt>{t('totals.subsidy')}</dt>
        <dd>{money(totals.subsidy)}</dd>
      </div>
      <div>
        <dt>{t('totals.bonus')}</dt>
        <dd>{money(totals.bonus)}</dd>
      </div>
      <div className="ord-totals__total">
        <dt>{t('totals.total')}</dt>
        <dd>{money(totals.total)}</dd>
      </div>
      <div>
        <dt>{t('totals.count')}</dt>
        <dd>{totals.count}</dd>
      </div>
    </dl>
  );
}

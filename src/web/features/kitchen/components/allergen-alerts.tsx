import { useTranslation } from '../../../lib/i18n';
import type { KitchenResult } from '../../../../shared/schemas/kitchen';
import '../../../styles/dietary.css';

/**
 * Orders whose eater avoids an allergen that is in what they ordered (decision 034), above the
 * board: who, where, which dishes, which allergens, in words.
 */
export function AllergenAlerts({ alerts }: { alerts: KitchenResult['allergen_alerts'] }) {
  const { t } = useTranslation('kitchen');
  if (alerts.length === 0) return null;
  return (
    <section className="kds-tile kds-alerts" aria-labelledby="kds-alerts">
      <h2 className="kds-tile__title" id="kds-alerts">
        <span>
          <span aria-hidden="true">⚠ </span>
          {t('alerts.title')}
        </span>
      </h2>
      <ul className="kds-list">
        {alerts.map((a) => (
          <li key={a.order_id} className="dietary__warning">
            <strong>{t('alerts.order', { id: a.order_id, name: a.name })}</strong>
            {a.location ? ` (${a.location})` : ''}: {a.dishes.join(', ')} — {t('alerts.avoids', { list: a.allergens.join(', ') })}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { CostCentreChoices } from '../../../shared/schemas/cost-centres';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useApiQuery } from '../../lib/query';
import { Notice } from '../ui/notice';
import { CostCentreSelect, costCentreChoicesKey } from './cost-centre-select';

/**
 * The profile's card of the user's default cost centre (decision 075): shown only when the user's
 * company has cost centres; a choice is saved at once (PUT /app/me/cost-centre).
 */
export function MyCostCentre() {
  const { t } = useTranslation('cost-centres');
  const client = useQueryClient();
  const choices = useApiQuery<CostCentreChoices>(costCentreChoicesKey(), '/app/cost-centres/choices', { staleTime: 60_000 });
  const [value, setValue] = useState<number | null | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  const onChange = useCallback(
    (id: number | null) => {
      setValue(id);
      if (choices.data && id === choices.data.default_id) return;
      setSaved(false);
      void api.put('/app/me/cost-centre', { cost_centre_id: id }).then(() => {
        setSaved(true);
        void client.invalidateQueries({ queryKey: ['cost-centres'] });
      });
    },
    [choices.data, client],
  );
  if (!choices.data || choices.data.data.length === 0) return null;
  return (
    <section className="card profile-form" aria-labelledby="profile-cost-centre-title">
      <h2 id="profile-cost-centre-title" className="card__title">
        {t('mine.title')}
      </h2>
      <CostCentreSelect value={value} onChange={onChange} />
      <div role="status">{saved && <Notice tone="success">{t('mine.saved')}</Notice>}</div>
    </section>
  );
}

import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { Notice } from '../ui/notice';
import { CostCentreSelect } from './cost-centre-select';

/**
 * A user's default cost centre as their manager (team list) or an administrator sets it
 * (decision 075): saved at once (PUT /app/users/{id}/cost-centre); the choices are those of the
 * user's location's company. Shows nothing when that company has no cost centres.
 */
export function UserCostCentre({
  userId,
  locationId,
  value,
  onSaved,
}: {
  userId: number;
  locationId: number;
  value: number | null;
  /** Called once the server saved the change (e.g. to refresh a list that shows it). */
  onSaved?(): void;
}) {
  const { t } = useTranslation('cost-centres');
  const [current, setCurrent] = useState<number | null>(value);
  const [error, setError] = useState<string | null>(null);
  const change = (id: number | null) => {
    const before = current;
    setCurrent(id);
    setError(null);
    api
      .put(`/app/users/${userId}/cost-centre`, { cost_centre_id: id })
      .then(() => onSaved?.())
      .catch((e: unknown) => {
        setCurrent(before);
        setError(isApiError(e) && e.message ? e.message : t('saveFailed'));
      });
  };
  return (
    <>
      <CostCentreSelect value={current} onChange={change} locationId={locationId} />
      {error && <Notice tone="error">{error}</Notice>}
    </>
  );
}

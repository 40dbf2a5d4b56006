import { useEffect } from 'react';
import type { CostCentreChoices } from '../../../shared/schemas/cost-centres';
import { Field } from '../ui/field';
import { useTranslation } from '../../lib/i18n';
import { useApiQuery } from '../../lib/query';

export interface CostCentreSelectProps {
  /** The chosen cost centre: null for none; undefined until the choices load (then the default is chosen). */
  value: number | null | undefined;
  onChange(id: number | null): void;
  /** An order for this location (meetings, staff on behalf): its company's cost centres; else the signed-in user's. */
  locationId?: number;
  disabled?: boolean;
  /** The server's error for the field. */
  error?: string;
}

/** The query key of the choices (GET /app/cost-centres/choices). */
export const costCentreChoicesKey = (locationId?: number) => ['cost-centres', 'choices', locationId ?? null] as const;

/**
 * The cost centre an order is booked to (issue 29, decision 075): the active cost centres of the
 * company and the user's default, loaded when the select is first shown (at checkout, never with
 * the menu). Shows nothing when the company has no cost centres. Until the choices load `value`
 * is undefined; once they do, the user's default is chosen (onChange), so the order carries it.
 */
export function CostCentreSelect({ value, onChange, locationId, disabled, error }: CostCentreSelectProps) {
  const { t } = useTranslation('cost-centres');
  const choices = useApiQuery<CostCentreChoices>(costCentreChoicesKey(locationId), '/app/cost-centres/choices', {
    query: locationId === undefined ? undefined : { location_id: locationId },
    staleTime: 60_000,
  });
  const data = choices.data;
  useEffect(() => {
    if (data && value === undefined && data.data.length > 0) onChange(data.default_id);
  }, [data, value, onChange]);
  if (!data || data.data.length === 0) return null;
  return (
    <Field label={t('select.label')} error={error} hint={t('select.hint')}>
      {(wiring) => (
        <select
          {...wiring}
          className="input"
          disabled={disabled}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{t('select.none')}</option>
          {data.data.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code} · {c.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

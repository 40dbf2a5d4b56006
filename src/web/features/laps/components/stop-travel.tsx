import { useId, useState, type FormEvent } from 'react';
import { TRAVEL_MINUTES_MAX } from '../../../../shared/schemas/lap-plans';
import { Button } from '../../../components/ui/button';
import { useTranslation } from '../../../lib/i18n';

interface StopTravelProps {
  title: string;
  /** The stop's own minutes; null: the provider's default. */
  minutes: number | null;
  busy: boolean;
  save(minutes: number | null): void;
}

/**
 * A stop's travel minutes from the previous stop (the kitchen for the first), which place its
 * promised window (issue 28); empty: the provider's minutes between stops. Keyed by the saved
 * minutes where it is used, so a saved value starts it afresh.
 */
export function StopTravel({ title, minutes, busy, save }: StopTravelProps) {
  const { t } = useTranslation('laps');
  const id = useId();
  const [value, setValue] = useState(minutes === null ? '' : String(minutes));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    save(typed === '' ? null : Number(typed));
  };
  return (
    <form className="laps-stop__travel" onSubmit={submit} noValidate>
      <label htmlFor={id} className="laps-stop__travel-label">
        {t('lap.travel')}
      </label>
      <input
        id={id}
        className="input laps-stop__travel-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={TRAVEL_MINUTES_MAX}
        step={1}
        placeholder={t('lap.travelDefault')}
        aria-label={t('lap.travelNamed', { title })}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={t('lap.travelSaveNamed', { title })}>
        {t('lap.travelSave')}
      </Button>
    </form>
  );
}

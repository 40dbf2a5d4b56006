import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { LocationOption } from '../api';

interface LocationPickerProps {
  locations: readonly LocationOption[];
  value: number | null;
  onChange(id: number): void;
}

/** Staff: the location whose history is shown. */
export function LocationPicker({ locations, value, onChange }: LocationPickerProps) {
  const { t } = useTranslation('history');
  const id = useId();
  if (locations.length === 0) return null;
  return (
    <div className="hist-location field">
      <label className="field__label" htmlFor={id}>
        {t('location')}
      </label>
      <select id={id} className="input hist-select" value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
        {locations.map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
      </select>
    </div>
  );
}

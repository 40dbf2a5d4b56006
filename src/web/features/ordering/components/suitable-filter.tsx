import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../../../styles/dietary.css';
import type { Eater } from './allergen-labels';

interface SuitableFilterProps {
  checked: boolean;
  onChange(checked: boolean): void;
  eater: Eater;
  /** Dishes the filter hides now (announced with the switch). */
  hidden: number;
}

/** "Suitable for me": hides dishes that conflict with the eater's profile (decision 034). */
export function SuitableFilter({ checked, onChange, eater, hidden }: SuitableFilterProps) {
  const { t } = useTranslation('ordering');
  const hintId = useId();
  return (
    <div className="suitable-filter">
      <label className="ord-choice">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hintId} />
        <span>{eater.self ? t('dietary.suitableForMe') : t('dietary.suitableFor', { name: eater.name })}</span>
      </label>
      <span id={hintId} className="muted" aria-live="polite">
        {checked && hidden > 0 ? t('dietary.hidden', { count: hidden }) : ''}
      </span>
    </div>
  );
}

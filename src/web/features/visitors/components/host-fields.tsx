import { useId } from 'react';
import { formatWeekdayDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLocationChoices, useOpenMenus } from '../api';

interface SelectProps {
  value: number | null;
  onChange(id: number | null): void;
  error?: string;
}

/** The visitor's day: one of the menus open for ordering. */
export function MenuSelect({ value, onChange, error }: SelectProps) {
  const { t, i18n } = useTranslation('visitors');
  const id = useId();
  const menus = useOpenMenus();
  const list = menus.data?.dishlists ?? [];
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('fields.menu')}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        className="input"
        required
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{menus.isPending ? t('loading') : list.length ? t('fields.menuPick') : t('fields.noMenus')}</option>
        {list.map((m) => (
          <option key={m.id} value={m.id}>
            {formatWeekdayDate(m.from, i18n.language, m.timezone)} · {m.title}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Staff name the visitor's location; a manager's is their own (no field). */
export function LocationSelect({ value, onChange, error }: SelectProps) {
  const { t } = useTranslation('visitors');
  const id = useId();
  const locations = useLocationChoices(true);
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t('fields.location')}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        className="input"
        required
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('fields.locationPick')}</option>
        {(locations.data?.data ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

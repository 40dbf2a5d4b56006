import { useId, type ReactNode } from 'react';
import type { BoundField } from '../../../lib/forms';
import { formatWeekdayDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLocationChoices, useOpenMenus } from '../api';

/** A required select wired to its form field (react-hook-form's register and the field's error). */
function SelectField({ label, field, disabled, children }: { label: string; field: BoundField; disabled?: boolean; children: ReactNode }) {
  const id = useId();
  const { error, ...control } = field;
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        className="input"
        required
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...control}
      >
        {children}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The visitor's day: one of the menus open for ordering. */
export function MenuSelect({ field }: { field: BoundField }) {
  const { t, i18n } = useTranslation('visitors');
  const menus = useOpenMenus();
  const list = menus.data?.dishlists ?? [];
  return (
    <SelectField label={t('fields.menu')} field={field}>
      <option value="">{menus.isPending ? t('loading') : list.length ? t('fields.menuPick') : t('fields.noMenus')}</option>
      {list.map((m) => (
        <option key={m.id} value={m.id}>
          {formatWeekdayDate(m.from, i18n.language, m.timezone)} · {m.title}
        </option>
      ))}
    </SelectField>
  );
}

/** Staff name the visitor's location; a manager's is their own (no field). */
export function LocationSelect({ field }: { field: BoundField }) {
  const { t } = useTranslation('visitors');
  const locations = useLocationChoices(true);
  return (
    <SelectField label={t('fields.location')} field={field}>
      <option value="">{t('fields.locationPick')}</option>
      {(locations.data?.data ?? []).map((l) => (
        <option key={l.id} value={l.id}>
          {l.title}
        </option>
      ))}
    </SelectField>
  );
}

/** One dish of the chosen menu (plain dishes; a set meal's choices are the visitor page's job). */
export function DishSelect({
  field,
  dishes,
}: {
  field: BoundField;
  dishes: { id: number; title: string; qty: number | null; allergens: { title: string }[] }[];
}) {
  const { t } = useTranslation('visitors');
  return (
    <SelectField label={t('fields.dish')} field={field} disabled={dishes.length === 0}>
      <option value="">{t('fields.dishPick')}</option>
      {dishes.map((d) => (
        <option key={d.id} value={d.id} disabled={d.qty === 0}>
          {d.title}
          {d.allergens.length ? ` (${d.allergens.map((a) => a.title).join(', ')})` : ''}
        </option>
      ))}
    </SelectField>
  );
}

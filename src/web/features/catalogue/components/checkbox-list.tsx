import { useId, type ReactNode } from 'react';

interface CheckboxListProps<T extends string | number> {
  legend: ReactNode;
  items: readonly { value: T; label: ReactNode }[];
  selected: readonly T[];
  onChange(selected: T[]): void;
  error?: string;
  /** Shown in place of the list while its items load. */
  loading?: ReactNode;
}

/** A fieldset of checkboxes choosing several values (a dish's allergens, its diet tags). */
export function CheckboxList<T extends string | number>({ legend, items, selected, onChange, error, loading }: CheckboxListProps<T>) {
  const baseId = useId();
  return (
    <fieldset className="allergen-picker">
      <legend className="field__label">{legend}</legend>
      {error && <p className="field__error">{error}</p>}
      {loading ? (
        <p className="muted">{loading}</p>
      ) : (
        <ul className="allergen-picker__list">
          {items.map((item) => {
            const id = `${baseId}-${item.value}`;
            return (
              <li key={item.value}>
                <input
                  id={id}
                  type="checkbox"
                  className="checkbox"
                  checked={selected.includes(item.value)}
                  onChange={(e) => onChange(e.target.checked ? [...selected, item.value] : selected.filter((x) => x !== item.value))}
                />
                <label htmlFor={id}>{item.label}</label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

import { useId, useState } from 'react';

/** One filter of a FilterBar: a select (its first option means "any"), a number typed as text, or a day. */
export type FilterSpec<K extends string> = { key: K; label: string } & (
  | { type: 'select'; any: string; options: readonly (readonly [value: string | number, label: string])[] }
  | { type: 'number'; maxLength: number }
  | { type: 'date' }
);

/**
 * A list's filter values (all strings, '' = any); changing one calls `onChange` (e.g. back to
 * the first page).
 */
export function useFilterValues<F extends Record<string, string>>(initial: F, onChange: () => void) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof F & string, value: string) => {
    setValues((f) => ({ ...f, [key]: value }));
    onChange();
  };
  return [values, set] as const;
}

interface FilterBarProps<F extends Record<string, string>> {
  filters: readonly FilterSpec<keyof F & string>[];
  values: F;
  onChange(key: keyof F & string, value: string): void;
}

/** The filters above a management list (the audit log, the ledger): labelled controls in a row. */
export function FilterBar<F extends Record<string, string>>({ filters, values, onChange }: FilterBarProps<F>) {
  const id = useId();
  return filters.map((f) => {
    const controlId = `${id}-${f.key}`;
    const common = {
      id: controlId,
      className: 'input',
      value: values[f.key],
      onChange: (e: { target: { value: string } }) => onChange(f.key, e.target.value),
    };
    return (
      <div className="field mgmt__filter" key={f.key}>
        <label className="field__label" htmlFor={controlId}>
          {f.label}
        </label>
        {f.type === 'select' ? (
          <select {...common}>
            <option value="">{f.any}</option>
            {f.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        ) : f.type === 'number' ? (
          <input {...common} inputMode="numeric" maxLength={f.maxLength} />
        ) : (
          <input {...common} type="date" />
        )}
      </div>
    );
  });
}

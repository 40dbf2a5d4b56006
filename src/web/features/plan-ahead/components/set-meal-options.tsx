import { useTranslation } from '../../../lib/i18n';
import type { UseFormRegister } from 'react-hook-form';
import type { StandingGroup } from '../../../../shared/schemas/plan-ahead';

/** The chosen option per group, as the form holds it: `options.g<groupId>` = the option's dish id ('' for none). */
export type OptionValues = Record<string, string>;

/** The set meal's choices as the API takes them (`complex`): one per group with an option chosen. */
export function complexOf(options: OptionValues | undefined) {
  return Object.entries(options ?? {})
    .filter(([key, dish]) => /^g\d+$/.test(key) && dish)
    .map(([key, dish]) => ({ group_id: Number(key.slice(1)), dish_id: Number(dish) }));
}

/** The form's options of a saved standing order's choices. */
export function optionValuesOf(complex: readonly { group_id: number; dish_id: number }[]): OptionValues {
  return Object.fromEntries(complex.map((c) => [`g${c.group_id}`, String(c.dish_id)]));
}

/**
 * A set meal's groups, each a radio group of its options (an optional group also offers "none"),
 * with the server's refusal (a missing or foreign option) under them.
 */
export function SetMealOptions({
  groups,
  register,
  error,
}: {
  groups: readonly StandingGroup[];
  register: UseFormRegister<{ options: OptionValues }>;
  error?: string;
}) {
  const { t } = useTranslation('plan-ahead');
  const errorId = 'standing-options-error';
  return (
    <div className="plan-form__options">
      {groups.map((g) => (
        <fieldset key={g.id} className="plan-form__days" aria-describedby={error ? errorId : undefined}>
          <legend>
            {g.title}
            {g.optional ? ` (${t('standing.optional')})` : <span aria-hidden="true"> *</span>}
          </legend>
          {g.optional && (
            <label className="plan-choice">
              <input type="radio" value="" {...register(`options.g${g.id}`)} />
              <span>{t('standing.noOption')}</span>
            </label>
          )}
          {g.options.map((o) => (
            <label key={o.id} className="plan-choice">
              <input type="radio" value={String(o.id)} {...register(`options.g${g.id}`)} />
              <span>{o.title}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

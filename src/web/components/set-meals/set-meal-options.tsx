import type { ComplexChoice } from '../../../shared/schemas/ordering';
import { useTranslation } from '../../lib/i18n';
import { Field } from '../ui/field';

/** A set meal's option group as the menu gives it (a price and stock when the page shows them). */
export interface SetMealGroup {
  id: number;
  title: string;
  optional: boolean;
  dishes: { id: number; title: string; price?: number; qty?: number | null }[];
}

/** The option chosen per group id (null or absent: none yet / none in an optional group). */
export type SetMealChosen = Record<number, number | null>;

/** Complete when every mandatory group has its option. */
export function setMealComplete(groups: SetMealGroup[], chosen: SetMealChosen): boolean {
  return groups.every((g) => g.optional || Boolean(chosen[g.id]));
}

/** The API's `complex` of a line: one entry per chosen option. */
export function setMealChoices(groups: SetMealGroup[], chosen: SetMealChosen): ComplexChoice[] {
  return groups.flatMap((g) => (chosen[g.id] ? [{ group_id: g.id, dish_id: chosen[g.id]! }] : []));
}

/** A set meal's unit price in cents: its base price and its chosen options' prices (shared/ordering's rule). */
export function setMealCents(basePrice: number, groups: SetMealGroup[], chosen: SetMealChosen): number {
  const options = groups.reduce((sum, g) => {
    const option = g.dishes.find((d) => d.id === chosen[g.id]);
    return sum + Math.round((option?.price ?? 0) * 100);
  }, 0);
  return Math.round(basePrice * 100) + options;
}

interface SetMealOptionsProps {
  groups: SetMealGroup[];
  chosen: SetMealChosen;
  onChoose(groupId: number, dishId: number | null): void;
  /** Shows an option's price ("· 2,50 €"); without it no prices are shown. */
  price?(euros: number): string;
}

/**
 * A set meal's options as one select per group (compact at 360 px, plain keyboard use):
 * a mandatory group needs one option, an optional one takes none or one. Sold-out options are disabled.
 * The caller checks completeness (setMealComplete) and says what is missing in its own words.
 */
export function SetMealOptions({ groups, chosen, onChoose, price }: SetMealOptionsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      {groups.map((g) => (
        <Field key={g.id} label={g.optional ? t('setMeal.optionalGroup', { group: g.title }) : g.title} required={!g.optional}>
          {(wiring) => (
            <select
              {...wiring}
              className="input"
              value={chosen[g.id] ?? ''}
              aria-required={!g.optional}
              onChange={(e) => onChoose(g.id, e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{g.optional ? t('setMeal.none') : t('setMeal.choose')}</option>
              {g.dishes.map((d) => (
                <option key={d.id} value={d.id} disabled={d.qty === 0}>
                  {d.title}
                  {price && d.price ? ` · ${price(d.price)}` : ''}
                  {d.qty === 0 ? ` (${t('setMeal.soldOut')})` : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
    </>
  );
}

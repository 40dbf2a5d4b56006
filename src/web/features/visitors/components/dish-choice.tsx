import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { VisitDish, VisitOption } from '../api';

/** What a dish contains, for choosing safely: its allergens, or that nobody has confirmed them. */
export function AllergenLine({ dish }: { dish: VisitOption }) {
  const { t } = useTranslation('visitors');
  if (dish.allergens_unknown) return <span className="visit-dish__allergens">{t('visit.allergensUnknown')}</span>;
  if (dish.allergens.length === 0) return <span className="visit-dish__allergens">{t('visit.noAllergens')}</span>;
  return <span className="visit-dish__allergens">{t('visit.allergens', { list: dish.allergens.map((a) => a.title).join(', ') })}</span>;
}

interface DishChoiceProps {
  dish: VisitDish;
  name: string;
  checked: boolean;
  onPick(): void;
  /** Shown under the dish: a chosen set meal's choices, next to it rather than at the list's end. */
  children?: ReactNode;
}

/** One dish or set meal as a radio button, with its summary and allergens. */
export function DishChoice({ dish, name, checked, onPick, children }: DishChoiceProps) {
  const { t } = useTranslation('visitors');
  const id = `visit-dish-${dish.id}`;
  return (
    <li className={`visit-dish ${dish.available ? '' : 'visit-dish--off'}`}>
      <input
        type="radio"
        id={id}
        name={name}
        value={dish.id}
        checked={checked}
        disabled={!dish.available}
        onChange={onPick}
        aria-describedby={`${id}-about`}
      />
      <label htmlFor={id} className="visit-dish__label">
        <span className="visit-dish__title">{dish.title}</span>
        {!dish.available && <span className="visit-dish__off"> ({t('visit.unavailable')})</span>}
      </label>
      <span id={`${id}-about`} className="visit-dish__about muted">
        {dish.summary && <span className="visit-dish__summary">{dish.summary}</span>}
        {dish.type === 'simple' && <AllergenLine dish={dish} />}
      </span>
      {children}
    </li>
  );
}

interface SetMealChoicesProps {
  dish: VisitDish;
  chosen: Record<number, number | null>;
  onChoose(groupId: number, dishId: number | null): void;
}

/** A set meal's groups: one option from each mandatory group, none or one from an optional one. */
export function SetMealChoices({ dish, chosen, onChoose }: SetMealChoicesProps) {
  const { t } = useTranslation('visitors');
  return (
    <div className="visit-set">
      {dish.complex.map((g) => (
        <fieldset key={g.id} className="visit-group">
          <legend className="visit-group__title">
            {g.title}
            {g.optional ? ` (${t('visit.optional')})` : ''}
          </legend>
          <ul className="visit-list">
            {g.optional && (
              <li className="visit-dish">
                <input
                  type="radio"
                  id={`visit-group-${g.id}-none`}
                  name={`group-${g.id}`}
                  checked={(chosen[g.id] ?? null) === null}
                  onChange={() => onChoose(g.id, null)}
                />
                <label htmlFor={`visit-group-${g.id}-none`} className="visit-dish__label">
                  {t('visit.none')}
                </label>
              </li>
            )}
            {g.dishes.map((o) => {
              const id = `visit-group-${g.id}-${o.id}`;
              return (
                <li key={o.id} className={`visit-dish ${o.available ? '' : 'visit-dish--off'}`}>
                  <input
                    type="radio"
                    id={id}
                    name={`group-${g.id}`}
                    checked={chosen[g.id] === o.id}
                    disabled={!o.available}
                    onChange={() => onChoose(g.id, o.id)}
                    aria-describedby={`${id}-about`}
                  />
                  <label htmlFor={id} className="visit-dish__label">
                    <span className="visit-dish__title">{o.title}</span>
                    {!o.available && <span className="visit-dish__off"> ({t('visit.unavailable')})</span>}
                  </label>
                  <span id={`${id}-about`} className="visit-dish__about muted">
                    <AllergenLine dish={o} />
                  </span>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

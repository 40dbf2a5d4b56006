import { useTranslation, type TFunction } from '../../../lib/i18n';
import { hasConflict, type Conflict, type DietTag } from '../../../../shared/dietary';
import '../../../styles/dietary.css';

/** Whose profile the warnings are about: the signed-in customer, or the user staff order for. */
export type Eater = { self: true } | { self: false; name: string };

/**
 * The warning sentence for a conflict, e.g. "Contains Cereals containing gluten, which you
 * avoid. Not: Vegetarian." (the allergen named, never colour alone).
 */
export function conflictText(t: TFunction, conflict: Conflict, titles: ReadonlyMap<number, string>, eater: Eater): string {
  const parts: string[] = [];
  if (conflict.allergens.length > 0) {
    const list = conflict.allergens.map((id) => titles.get(id) ?? String(id)).join(', ');
    parts.push(eater.self ? t('ordering:dietary.avoids', { list }) : t('ordering:dietary.avoidsOther', { list, name: eater.name }));
  }
  if (conflict.diets.length > 0) {
    const list = conflict.diets.map((d) => t(`common:profileDiets.${d}`)).join(', ');
    parts.push(eater.self ? t('ordering:dietary.notDiet', { list }) : t('ordering:dietary.notDietOther', { list, name: eater.name }));
  }
  return parts.join(' ');
}

interface DietaryLabelsProps {
  allergens: readonly { id: number; title: string }[];
  diets: readonly DietTag[];
  /** The eater's conflict with this dish (avoided allergens are marked in the list too). */
  conflict: Conflict;
  eater: Eater;
  /** Titles of every allergen on the menu (to name them in the warning). */
  titles: ReadonlyMap<number, string>;
  /** False: nobody saved the dish's allergens, so none listed is "unknown", and it says so. */
  confirmed?: boolean;
}

/**
 * A dish's allergens in writing and its diet tags, and, when it conflicts with the eater's
 * profile, a warning naming the allergen. Used on dish cards and set-meal options.
 */
export function DietaryLabels({ allergens, diets, conflict, eater, titles, confirmed = true }: DietaryLabelsProps) {
  const { t } = useTranslation(['ordering', 'common']);
  const avoided = new Set(conflict.allergens);
  return (
    <div className="dietary">
      {allergens.length > 0 && (
        <p className="dietary__allergens">
          <span className="dietary__label">{t('ordering:dietary.allergens')}</span>{' '}
          {allergens.map((a, i) => (
            <span key={a.id} className={avoided.has(a.id) ? 'dietary__allergen is-avoided' : 'dietary__allergen'}>
              {a.title}
              {i < allergens.length - 1 ? ', ' : ''}
            </span>
          ))}
        </p>
      )}
      {!confirmed && <p className="dietary__unconfirmed">{t('ordering:dietary.unconfirmed')}</p>}
      {diets.length > 0 && (
        <ul className="dietary__tags" aria-label={t('ordering:dietary.tags')}>
          {diets.map((d) => (
            <li key={d} className="dietary__tag">
              {t(`common:diets.${d}`)}
            </li>
          ))}
        </ul>
      )}
      <ConflictWarning conflict={conflict} eater={eater} titles={titles} />
    </div>
  );
}

/** The warning line alone (nothing without a conflict). */
export function ConflictWarning({ conflict, eater, titles }: { conflict: Conflict; eater: Eater; titles: ReadonlyMap<number, string> }) {
  const { t } = useTranslation(['ordering', 'common']);
  if (!hasConflict(conflict)) return null;
  return (
    <p className="dietary__warning">
      <span aria-hidden="true" className="dietary__icon">
        ⚠
      </span>{' '}
      <strong>{t('ordering:dietary.warning')}</strong> {conflictText(t, conflict, titles, eater)}
    </p>
  );
}

import { useTranslation } from '../../../lib/i18n';
import { CheckboxField } from '../../../components/ui/field';

/** The order page's "Favourites only" filter (a small component of its own beside other menu filters). */
export function FavouritesFilter({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  const { t } = useTranslation('ordering');
  return <CheckboxField className="ord-filter" label={t('favourites.filter')} checked={on} onChange={(e) => onChange(e.target.checked)} />;
}

import { useTranslation } from '../../../lib/i18n';
import { hasConflict, type DietProfile } from '../../../../shared/dietary';
import type { Cart } from '../../../../shared/ordering/cart';
import type { MenuCategory } from '../../../../shared/schemas/ordering';
import { Notice } from '../../../components/ui/notice';
import type { MenuTitles } from '../model/menu';
import { allergenTitles, cartLineConflict } from '../model/dietary';
import { conflictText, type Eater } from './allergen-labels';

interface CartConflictsProps {
  lines: Cart;
  categories: readonly MenuCategory[];
  profile: DietProfile | null;
  eater: Eater;
  titles: MenuTitles;
}

/** Before Order: every cart line that conflicts with the eater's profile, once more (decision 034). */
export function CartConflicts({ lines, categories, profile, eater, titles }: CartConflictsProps) {
  const { t } = useTranslation(['ordering', 'common']);
  const names = allergenTitles(categories);
  const found = lines
    .map((line) => ({ line, conflict: cartLineConflict(profile, line, categories) }))
    .filter((x) => hasConflict(x.conflict));
  if (found.length === 0) return null;
  return (
    <Notice tone="warning" className="cart-conflicts">
      <strong>{t('ordering:dietary.cartTitle')}</strong>
      <ul>
        {found.map(({ line, conflict }) => (
          <li key={line.key}>
            {titles.dish(line.id) ?? ''}: {conflictText(t, conflict, names, eater)}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

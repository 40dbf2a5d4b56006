import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder for /menu/:menuId until the menus feature builds it; replace this file's Component. */
export function Component() {
  const { t } = useTranslation('shell');
  const { menuId } = useParams();
  return <ComingSoon title={t('placeholder.menuEdit', { id: menuId })} />;
}

import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder for /public/menu until the ordering feature builds it; replace this file's Component. */
export function Component() {
  const { t } = useTranslation('shell');
  return <ComingSoon title={t('placeholder.publicMenu')} />;
}

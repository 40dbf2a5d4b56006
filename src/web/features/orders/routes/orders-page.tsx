import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder for /orders until the orders feature builds it; replace this file's Component. */
export function Component() {
  const { t } = useTranslation('shell');
  return <ComingSoon title={t('placeholder.orders')} />;
}

import { useTranslation } from '../../../lib/i18n';
import { BlockPage } from '../components/block-page';

export function Component() {
  const { t } = useTranslation('content');
  return <BlockPage slug="privacy" title={t('privacy')} />;
}

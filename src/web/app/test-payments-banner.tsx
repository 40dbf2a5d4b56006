import { useTranslation } from '../lib/i18n';
import { useTestPayments } from './shell/shell-api';

/** On every page while the sandbox gateway is active: its card and bank payments move no money. */
export function TestPaymentsBanner() {
  const { t } = useTranslation('shell');
  if (!useTestPayments()) return null;
  return (
    <div className="notice notice--warning test-payments-banner" role="status">
      {t('testPayments')}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { ordersApi } from '../api';
import { printFileName, type AcceptedFilter } from '../filter';

interface PrintButtonProps {
  menuId: number;
  menuTitle: string;
  filter: AcceptedFilter;
  /** One location; absent: all of them. */
  location?: { id: number; title: string };
  label: string;
  ariaLabel: string;
  variant?: 'primary' | 'secondary';
}

/**
 * Downloads the orders print-out PDF of the page's tab: fetched with the bearer header and saved
 * through a short-lived blob address, never a token in a URL (decision 012), as the lap PDF.
 */
export function PrintButton({ menuId, menuTitle, filter, location, label, ariaLabel, variant = 'secondary' }: PrintButtonProps) {
  const { t } = useTranslation('orders');
  const download = useMutation({
    mutationFn: async () => {
      const blob = await ordersApi.printPdf(menuId, filter, location?.id);
      if (blob) saveBlob(blob, printFileName(menuTitle, menuId, location));
    },
  });
  const failed = download.isError && !(isApiError(download.error) && download.error.isIgnored);
  return (
    <span className="ord-print">
      <Button variant={variant} size="sm" loading={download.isPending} aria-label={ariaLabel} onClick={() => download.mutate()}>
        {label}
      </Button>
      {failed && (
        <Notice tone="error" className="ord-print__error">
          {t('print.failed')}
        </Notice>
      )}
    </span>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { lapsApi } from '../api';
import { lapPdfName, saveBlob } from '../helpers';

interface PdfButtonProps {
  lapId: number;
  menuId: number;
  lapTitle: string;
  menuTitle: string;
  label: string;
  ariaLabel?: string;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md';
}

/** Downloads the lap report PDF (fetched with the bearer header, saved through a short-lived address). */
export function PdfButton({ lapId, menuId, lapTitle, menuTitle, label, ariaLabel, variant = 'secondary', size = 'sm' }: PdfButtonProps) {
  const { t } = useTranslation('laps');
  const download = useMutation({
    mutationFn: async () => {
      const blob = await lapsApi.pdf(lapId, menuId);
      if (blob) saveBlob(blob, lapPdfName(lapTitle, menuTitle, lapId, menuId));
    },
  });
  const failed = download.isError && !(isApiError(download.error) && download.error.isIgnored);
  return (
    <span className="laps-pdf">
      <Button variant={variant} size={size} loading={download.isPending} aria-label={ariaLabel} onClick={() => download.mutate()}>
        {label}
      </Button>
      {failed && (
        <Notice tone="error" className="laps-pdf__error">
          {t('errors.pdfFailed')}
        </Notice>
      )}
    </span>
  );
}

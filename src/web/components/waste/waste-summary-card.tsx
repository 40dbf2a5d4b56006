import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../ui/button';
import { Field, TextField } from '../ui/field';
import { errorMessage } from '../ui/form-error-notice';
import { Notice } from '../ui/notice';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/download';
import { useApiQuery } from '../../lib/query';
import '../../styles/waste.css';

type Format = 'pdf' | 'csv';

/** This month as yyyy-mm (the browser's calendar; the server reads menus by their provider's zone). */
const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * The monthly waste summary (issue 27, decision 064) as a PDF or CSV: staff choose the month and
 * a location (or all); a location's manager gets their own location's share (`pickLocation` off).
 * Fetched with the bearer header and saved through a short-lived address, as the lap report is.
 */
export function WasteSummaryCard({ pickLocation }: { pickLocation: boolean }) {
  const { t } = useTranslation('waste');
  const [month, setMonth] = useState(thisMonth);
  const [location, setLocation] = useState('');
  const locations = useApiQuery<{ data: { id: number; title: string }[] }>(['waste', 'locations'], '/app/locations', {
    query: { per_page: 'all', sort: { title: 'asc' } },
    enabled: pickLocation,
    staleTime: 5 * 60_000,
  });
  const download = useMutation({
    mutationFn: async (format: Format) => {
      const query: Record<string, string> = { month };
      if (location) query.location_id = location;
      const blob = await api.get<Blob>(`/app/waste/summary/${format}`, {
        query,
        parse: 'blob',
        headers: { Accept: format === 'pdf' ? 'application/pdf' : 'text/csv' },
      });
      if (blob) saveBlob(blob, `waste-${month}${location ? `-location-${location}` : ''}.${format}`);
    },
  });
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <section className="card waste-card" aria-labelledby="waste-summary-title">
      <h2 className="waste-card__title" id="waste-summary-title">
        {t('title')}
      </h2>
      <p className="muted">{t('intro')}</p>
      <div aria-live="polite">{download.isError && <Notice tone="error">{errorMessage(download.error, t('failed'))}</Notice>}</div>
      <div className="waste-card__fields">
        <TextField
          label={t('month')}
          type="month"
          required
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          error={valid ? undefined : t('monthInvalid')}
        />
        {pickLocation && (
          <Field label={t('location')}>
            {(control) => (
              <select {...control} className="input" value={location} onChange={(e) => setLocation(e.target.value)}>
                <option value="">{t('allLocations')}</option>
                {(locations.data?.data ?? []).map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <div className="waste-card__actions">
        {(['pdf', 'csv'] as const).map((f) => (
          <Button
            key={f}
            variant={f === 'pdf' ? 'primary' : 'secondary'}
            disabled={!valid}
            loading={download.isPending && download.variables === f}
            onClick={() => download.mutate(f)}
          >
            {t(f === 'pdf' ? 'downloadPdf' : 'downloadCsv')}
          </Button>
        ))}
      </div>
    </section>
  );
}

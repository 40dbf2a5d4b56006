import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { downloadFrom } from '../../../lib/download';
import { DEFAULT_ZONE } from '../../../lib/format';
import { useFieldErrors } from '../../../lib/form-errors';
import { teamApi, type ReportPeriod } from '../api';
import { defaultPeriod } from '../model/invite-rows';

/**
 * Team report (CSV for Latvian spreadsheets, or XLSX) for a period. The server answers a one-time address that works for 7 s
 * (decision 012); the browser downloads it at once, so no token ever sits in a lasting link.
 */
export function ReportCard() {
  const { t } = useTranslation('teams');
  const [period, setPeriod] = useState<ReportPeriod>(() => defaultPeriod(new Date(), DEFAULT_ZONE));
  const [started, setStarted] = useState(false);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const fieldErrors = useFieldErrors();
  const [failure, setFailure] = useState<string | null>(null);

  const download = useMutation({
    mutationFn: (p: ReportPeriod & { format: 'csv' | 'xlsx' }) => teamApi.reportLink({ from: p.from, to: p.to }),
    onMutate: () => {
      setFailure(null);
      setStarted(false);
    },
    onSuccess: (answer, asked) => {
      if (!answer) return;
      downloadFrom(asked.format === 'xlsx' ? `${answer.url}&format=xlsx` : answer.url);
      setStarted(true);
    },
    onError: (error) => {
      fieldErrors.fromError(error);
      if (!(isApiError(error) && Object.keys(error.errors).length)) setFailure(errorMessage(error, t('report.failed')));
    },
  });

  const set = (field: keyof ReportPeriod, value: string) => {
    setPeriod((p) => ({ ...p, [field]: value }));
    fieldErrors.clear(field);
    setStarted(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    download.mutate({ ...period, format });
  };

  return (
    <form className="card team-card" onSubmit={submit} noValidate aria-labelledby="team-report-title">
      <h2 className="team-card__title" id="team-report-title">
        {t('report.title')}
      </h2>
      <p className="muted team-card__intro">{t('report.intro')}</p>
      <div aria-live="polite">
        {started && <Notice tone="success">{t('report.started')}</Notice>}
        {failure && <Notice tone="error">{failure}</Notice>}
      </div>
      <div className="team-report__period">
        <TextField
          label={t('report.from')}
          type="date"
          required
          value={period.from}
          max={period.to || undefined}
          onChange={(e) => set('from', e.target.value)}
          error={fieldErrors.first('from')}
        />
        <TextField
          label={t('report.to')}
          type="date"
          required
          value={period.to}
          min={period.from || undefined}
          onChange={(e) => set('to', e.target.value)}
          error={fieldErrors.first('to')}
        />
      </div>
      <fieldset className="team-report__format">
        <legend className="field__label">{t('report.format')}</legend>
        {(['csv', 'xlsx'] as const).map((f) => (
          <label key={f} className="team-report__format-option">
            <input type="radio" name="team-report-format" value={f} checked={format === f} onChange={() => setFormat(f)} />{' '}
            {t(`report.formats.${f}`)}
          </label>
        ))}
      </fieldset>
      <div className="team-card__actions">
        <Button type="submit" variant="primary" loading={download.isPending} disabled={!period.from || !period.to}>
          {t('report.download')}
        </Button>
      </div>
    </form>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { STOP_NOTE_MAX, stopStatusInput, type StopStatusInput, type StopStatusValue } from '../../../../shared/schemas/laps';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { LAPS_KEY, lapsApi, type StopStatus } from '../api';

interface StopStatusProps {
  menuId: number;
  locationId: number;
  locationTitle: string;
  status: StopStatus | null;
  zone: string;
  /** The menu's day (yyyy-mm-dd in the provider's zone): a new estimate's time is on it. */
  day: string;
}

/**
 * The problem note's form reaches the request schema: a problem with the note as typed and, when a
 * time is given, the new estimate on the menu's day (read in the provider's zone by the server).
 */
const problemForm = z
  .custom<{ note: string; estimate_at: string; day: string }>()
  .transform(({ note, estimate_at, day }): z.input<typeof stopStatusInput> => ({
    status: 'problem',
    note,
    ...(estimate_at.trim() ? { estimate_at: `${day}T${estimate_at.trim()}` } : {}),
  }))
  .pipe(stopStatusInput);

/**
 * A stop's delivery status on the lap report (issue 14): Loaded, Delivered, or Problem with a
 * note. Marking it delivered the first time e-mails the location's customers who asked; the
 * answer says to how many.
 */
export function StopStatusControl({ menuId, locationId, locationTitle, status, zone, day }: StopStatusProps) {
  const { t, i18n } = useTranslation('laps');
  const client = useQueryClient();
  const [writing, setWriting] = useState(false);
  const form = useSchemaForm(problemForm, { defaultValues: { note: '', estimate_at: '', day } });
  const field = fieldBinder(form);
  const note = form.watch('note');
  const [outcome, setOutcome] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: StopStatusInput) => lapsApi.setStop(menuId, locationId, body),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      if (!answer) return;
      setWriting(false);
      form.reset({ note: '', estimate_at: '', day });
      setOutcome(
        answer.notified !== undefined
          ? t('stop.notified', { n: answer.notified })
          : t('stop.saved', { title: locationTitle, status: t(`stop.${answer.status}`) }),
      );
      void client.invalidateQueries({ queryKey: [...LAPS_KEY, 'report'] });
      void client.invalidateQueries({ queryKey: [...LAPS_KEY, 'cash'] });
    },
    onError: (error) => setServerErrors(form, error, /^(note|estimate_at)$/),
  });
  const mark = (value: StopStatusValue) => save.mutate({ status: value });
  const failure =
    save.isError &&
    !Object.keys(fieldErrorsOf(save.error)).some((k) => k === 'note' || k === 'estimate_at') &&
    !(isApiError(save.error) && save.error.isIgnored)
      ? errorMessage(save.error, t('errors.statusFailed'))
      : null;
  const time = (iso: string | null) => (iso ? formatTime(iso, i18n.language, zone) : '');

  let current: string;
  if (!status) current = t('stop.none');
  else if (status.status === 'delivered')
    current = t('stop.deliveredAt', { time: time(status.delivered_at), who: status.delivered_by ?? '—' });
  else current = t('stop.by', { status: t(`stop.${status.status}`), time: time(status.changed_at), who: status.changed_by ?? '—' });

  return (
    <div className="laps-stop-status" role="group" aria-label={t('stop.group', { title: locationTitle })}>
      <p className="laps-stop-status__current">
        <strong>{t('stop.status')}:</strong>{' '}
        <span className={`badge ${status?.status === 'delivered' ? 'badge--ok' : status?.status === 'problem' ? 'badge--warn' : ''}`}>
          {current}
        </span>
        {status?.status === 'problem' && status.note && <span className="laps-stop-status__note"> — {status.note}</span>}
        {status?.estimate_at && <span className="badge badge--warn">{t('day.estimate', { time: time(status.estimate_at) })}</span>}
        {status?.late_minutes !== null && status?.late_minutes !== undefined && (
          <span className={`badge ${status.late_minutes > 0 ? 'badge--warn' : 'badge--ok'}`}>
            {status.late_minutes > 0 ? t('day.late', { n: status.late_minutes }) : t('day.onTime')}
          </span>
        )}
      </p>
      {/* Actions named by what they do; the status they set is shown above, not on a pressed button. */}
      <div className="laps-stop-status__buttons">
        <Button
          size="sm"
          disabled={save.isPending}
          loading={save.isPending && save.variables?.status === 'loaded'}
          onClick={() => mark('loaded')}
        >
          {t('stop.markLoaded')}
        </Button>
        <Button
          size="sm"
          variant="primary"
          disabled={save.isPending}
          loading={save.isPending && save.variables?.status === 'delivered'}
          onClick={() => mark('delivered')}
        >
          {t('stop.markDelivered')}
        </Button>
        <Button size="sm" disabled={save.isPending} aria-expanded={writing} onClick={() => setWriting((w) => !w)}>
          {t('stop.markProblem')}
        </Button>
      </div>
      {writing && (
        <form className="laps-stop-status__problem" onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)} noValidate>
          <TextField label={t('stop.note', { title: locationTitle })} required maxLength={STOP_NOTE_MAX} {...field('note')} />
          <TextField
            label={t('stop.estimate', { title: locationTitle })}
            hint={t('stop.estimateHint')}
            type="time"
            {...field('estimate_at')}
          />
          <Button type="submit" size="sm" variant="primary" disabled={!note.trim()} loading={save.isPending}>
            {t('stop.saveProblem')}
          </Button>
          <Button size="sm" disabled={save.isPending} onClick={() => setWriting(false)}>
            {t('stop.cancel')}
          </Button>
        </form>
      )}
      {failure && <Notice tone="error">{failure}</Notice>}
      {outcome && <Notice tone="success">{outcome}</Notice>}
    </div>
  );
}

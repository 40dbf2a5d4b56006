import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { lapRunInput, type DayPlan, type LapDayPlan, type LapRunInput } from '../../../../shared/schemas/lap-plans';
import { Button } from '../../../components/ui/button';
import { Field, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { formatTime } from '../../../lib/format';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { useTranslation } from '../../../lib/i18n';
import { LAPS_KEY, lapsApi } from '../api';
import { StopWindows } from './stop-windows';

interface LapDayPlanProps {
  menuId: number;
  plan: LapDayPlan;
  drivers: DayPlan['drivers'];
  zone: string;
}

type RunValues = { departs_at: string; driver_id: string };

/** The form's values reach the request schema: an empty time or driver is none. */
const runForm = z
  .custom<RunValues>()
  .transform(({ departs_at, driver_id }): z.input<typeof lapRunInput> => ({
    departs_at: departs_at.trim() === '' ? null : departs_at.trim(),
    driver_id: driver_id === '' ? null : Number(driver_id),
  }))
  .pipe(lapRunInput);

const SHOWN = /^(departs_at|driver_id)$/;

/**
 * One lap on the menu's day (issue 28): when it leaves (the day's own time, else the lap's or the
 * provider's), who drives it, and each stop's promised window.
 */
export function LapDayPlanView({ menuId, plan, drivers, zone }: LapDayPlanProps) {
  const { t, i18n } = useTranslation('laps');
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const values = (): RunValues => ({ departs_at: plan.day_departs_at ?? '', driver_id: plan.driver ? String(plan.driver.id) : '' });
  const form = useSchemaForm(runForm, { defaultValues: values() });
  const field = fieldBinder(form);
  const save = useMutation({
    mutationFn: (body: LapRunInput) => lapsApi.setRun(plan.id, menuId, body),
    onSuccess: () => {
      setEditing(false);
      void client.invalidateQueries({ queryKey: [...LAPS_KEY, 'plans'] });
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });
  const { error: driverError, ...driverSelect } = field('driver_id');
  const time = (iso: string) => formatTime(iso, i18n.language, zone);
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).filter((k) => SHOWN.test(k)).length === 0
      ? errorMessage(save.error, t('errors.runFailed'))
      : null;

  return (
    <div className="laps-day-plan">
      <p className="laps-card__meta">
        <strong>{t('day.departure')}:</strong> {plan.departs_at ? time(plan.departs_at) : t('day.noDeparture')}
        {plan.day_departs_at && <span className="muted"> {t('day.dayOwn', { usual: plan.usual_departs_at ?? '—' })}</span>}
        {' · '}
        <strong>{t('day.driver')}:</strong> {plan.driver?.name ?? t('day.noDriver')}
        {plan.departed_at && (
          <>
            {' · '}
            {t('day.departed', { time: time(plan.departed_at) })}
            {plan.late_minutes ? ` ${t('day.late', { n: plan.late_minutes })}` : ''}
          </>
        )}
      </p>
      <StopWindows stops={plan.stops} zone={zone} />
      {!editing ? (
        <Button
          size="sm"
          aria-label={t('day.changeNamed', { title: plan.title })}
          onClick={() => {
            form.reset(values());
            save.reset();
            setEditing(true);
          }}
        >
          {t('day.change')}
        </Button>
      ) : (
        <form className="laps-day-plan__form" onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)} noValidate>
          <TextField
            label={t('day.departsAt', { title: plan.title })}
            hint={t('day.departsAtHint', { usual: plan.usual_departs_at ?? t('day.noDeparture') })}
            type="time"
            {...field('departs_at')}
          />
          <Field label={t('day.driverOf', { title: plan.title })} error={driverError}>
            {(control) => (
              <select {...control} className="input" {...driverSelect}>
                <option value="">{t('day.noDriver')}</option>
                {drivers.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="laps-card__actions">
            <Button type="submit" size="sm" variant="primary" loading={save.isPending}>
              {t('day.save')}
            </Button>
            <Button size="sm" disabled={save.isPending} onClick={() => setEditing(false)}>
              {t('stop.cancel')}
            </Button>
          </div>
        </form>
      )}
      {failure && <Notice tone="error">{failure}</Notice>}
    </div>
  );
}

import { useMemo, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { TITLE_MAX } from '../../../../shared/limits';
import { updateLapInput, type UpdateLapInput } from '../../../../shared/schemas/laps';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { fieldBinder, setServerErrors, useSchemaForm, type BoundField } from '../../../lib/forms';
import type { Lap } from '../api';

/** The fields the details form shows: a server error on one lands under it. */
const SHOWN = /^(title|position|departs_at)$/;

/** The lap title of the create and edit forms: required, at most 200 characters. */
export function LapTitleField(props: BoundField) {
  const { t } = useTranslation('laps');
  return <TextField label={t('create.title')} required maxLength={TITLE_MAX} {...props} />;
}

interface DetailsValues {
  title: string;
  position: string;
  departs_at: string;
}

/**
 * The request schema reached from what the form holds. An empty position keeps the lap's;
 * anything else goes to the schema, whose text (e.g. "must be a whole number" for 1.5) shows
 * under the field. An empty time clears the lap's departure.
 */
const detailsForm = (position: number) =>
  z
    .custom<DetailsValues>()
    .transform((v): z.input<typeof updateLapInput> => ({
      title: v.title,
      position: v.position.trim() === '' ? position : Number(v.position),
      departs_at: v.departs_at.trim() === '' ? null : v.departs_at,
    }))
    .pipe(updateLapInput);

/** A lap's title, position and departure time; `save` is the card's update (its busy state and notice). */
export function LapDetailsForm({
  lap,
  busy,
  save,
  onCancel,
}: {
  lap: Lap;
  busy: boolean;
  save(body: UpdateLapInput): Promise<unknown>;
  onCancel(): void;
}) {
  const { t } = useTranslation('laps');
  const schema = useMemo(() => detailsForm(lap.position), [lap.position]);
  const form = useSchemaForm(schema, {
    defaultValues: { title: lap.title, position: String(lap.position), departs_at: lap.departs_at ?? '' },
  });
  const field = fieldBinder(form);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    // A half-typed time (the browser then reports an empty value) is refused here rather than
    // clearing the departure unasked.
    const time = e.currentTarget.elements.namedItem('departs_at');
    if (time instanceof HTMLInputElement && time.validity.badInput) {
      e.preventDefault();
      form.setError('departs_at', { type: 'input', message: t('lap.departsAtIncomplete') });
      time.focus();
      return;
    }
    void form.handleSubmit((body) => save(body).catch((error: unknown) => setServerErrors(form, error, SHOWN)))(e);
  };
  return (
    <form className="laps-edit" onSubmit={submit} noValidate>
      <LapTitleField {...field('title')} />
      <TextField label={t('lap.position')} type="number" min={0} step={1} inputMode="numeric" {...field('position')} />
      <TextField label={t('lap.departsAt')} type="time" hint={t('lap.departsAtHint')} {...field('departs_at')} />
      <div className="laps-edit__buttons">
        <Button type="submit" variant="primary" loading={busy} disabled={!form.watch('title').trim()}>
          {t('lap.save')}
        </Button>
        <Button disabled={busy} onClick={onCancel}>
          {t('lap.cancel')}
        </Button>
      </div>
    </form>
  );
}

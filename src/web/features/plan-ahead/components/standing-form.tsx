import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { standingOrderInput, type StandingOrder, type StandingOrderInput } from '../../../../shared/schemas/plan-ahead';
import { Button } from '../../../components/ui/button';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { api, isApiError } from '../../../lib/api';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { errorAt, fieldBinder, firstErrorUnder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { STANDING_KEY, useStandingDishes } from '../api';

/** What the form holds: strings from the inputs; the shared schema checks what it sends. */
interface StandingValues {
  dish_id: string;
  qty: string;
  weekdays: string[];
  ends_on: string;
  skip_dates: string;
  payment_type: 'cash' | 'card' | 'bank';
  terms: boolean;
}

const standingForm = z
  .custom<StandingValues>()
  .transform((v): StandingOrderInput => ({
    dish_id: Number(v.dish_id),
    qty: Number(v.qty),
    weekdays: (v.weekdays ?? []).map(Number),
    ends_on: v.ends_on || null,
    skip_dates: v.skip_dates.split(/[\s,;]+/).filter(Boolean),
    payment_type: v.payment_type,
    // Unticked stays false: the schema refuses it with its own text.
    terms: v.terms as true,
  }))
  .pipe(standingOrderInput);

const SHOWN = /^(dish_id|qty|weekdays|ends_on|skip_dates|payment_type|terms)/;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const valuesOf = (s: StandingOrder | null): StandingValues => ({
  dish_id: s ? String(s.dish_id) : '',
  qty: s ? String(s.qty) : '1',
  weekdays: s ? s.weekdays.map(String) : [],
  ends_on: s?.ends_on ?? '',
  skip_dates: s ? s.skip_dates.join(', ') : '',
  payment_type: s?.payment_type ?? 'cash',
  terms: false,
});

/** Creates a standing order, or changes `editing`: a dish the provider serves, weekdays, end date, skip dates, payment. */
export function StandingForm({ editing, onDone }: { editing: StandingOrder | null; onDone(): void }) {
  const { t } = useTranslation('plan-ahead');
  const client = useQueryClient();
  const dishList = useStandingDishes();
  const dishes = dishList.data?.data ?? [];
  const form = useSchemaForm(standingForm, { defaultValues: valuesOf(editing) });
  const field = fieldBinder(form);
  const save = useMutation({
    mutationFn: (body: StandingOrderInput) =>
      editing ? api.put<StandingOrder>(`/app/standing-orders/${editing.id}`, body) : api.post<StandingOrder>('/app/standing-orders', body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: STANDING_KEY });
      onDone();
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });
  const failed = save.isError && (!isApiError(save.error) || !Object.keys(fieldErrorsOf(save.error)).length);
  const errors = form.formState.errors;
  const options =
    editing && !dishes.some((d) => d.id === editing.dish_id) ? [{ id: editing.dish_id, title: editing.dish_title }, ...dishes] : dishes;

  return (
    <form
      className="card plan-form"
      noValidate
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      aria-labelledby="standing-form-title"
    >
      <h2 id="standing-form-title" className="card__title">
        {editing ? t('standing.edit') : t('standing.new')}
      </h2>
      {failed && <Notice tone="error">{t('saveFailed')}</Notice>}
      <Field
        label={t('standing.dish')}
        required
        error={errorAt(errors, 'dish_id')}
        hint={options.length === 0 ? t('standing.noDishes') : undefined}
      >
        {(wiring) => (
          <select className="input" {...form.register('dish_id')} {...wiring}>
            <option value="">{t('standing.chooseDish')}</option>
            {options.map((d) => (
              <option key={d.id} value={d.id}>
                {d.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField label={t('standing.qty')} type="number" min={1} max={10} inputMode="numeric" required {...field('qty')} />
      <fieldset className="plan-form__days" aria-describedby={errorAt(errors, 'weekdays') ? 'standing-weekdays-error' : undefined}>
        <legend>{t('standing.weekdays')}</legend>
        {WEEKDAYS.map((d) => (
          <CheckboxField key={d} label={t(`days.${d}`)} value={String(d)} {...form.register('weekdays')} />
        ))}
        {firstErrorUnder(errors, 'weekdays') && (
          <p className="field__error" id="standing-weekdays-error">
            {firstErrorUnder(errors, 'weekdays')}
          </p>
        )}
      </fieldset>
      <TextField label={t('standing.endsOn')} type="date" hint={t('standing.endsOnHint')} {...field('ends_on')} />
      <TextField
        label={t('standing.skipDates')}
        hint={t('standing.skipDatesHint')}
        {...form.register('skip_dates')}
        error={firstErrorUnder(errors, 'skip_dates')}
      />
      <Field label={t('standing.payment')} hint={t('standing.paymentHint')} error={errorAt(errors, 'payment_type')}>
        {(wiring) => (
          <select className="input" {...form.register('payment_type')} {...wiring}>
            <option value="cash">{t('payment.cash')}</option>
            <option value="card">{t('payment.card')}</option>
          </select>
        )}
      </Field>
      <CheckboxField label={t('standing.terms')} {...form.register('terms')} error={errorAt(errors, 'terms')} />
      <div className="form-actions">
        <Button type="submit" loading={save.isPending}>
          {t('save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

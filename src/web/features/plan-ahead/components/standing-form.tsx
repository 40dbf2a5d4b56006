import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { standingOrderInput, type StandingOrder, type StandingOrderInput } from '../../../../shared/schemas/plan-ahead';
import { BankPicker } from '../../../components/orders/bank-picker';
import { Button } from '../../../components/ui/button';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { api, isApiError } from '../../../lib/api';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { errorAt, fieldBinder, firstErrorUnder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { STANDING_KEY, useStandingDishes } from '../api';
import { complexOf, optionValuesOf, SetMealOptions, type OptionValues } from './set-meal-options';

/** What the form holds: strings from the inputs; the shared schema checks what it sends. */
interface StandingValues {
  dish_id: string;
  options: OptionValues;
  qty: string;
  weekdays: string[];
  ends_on: string;
  skip_dates: string;
  payment_type: 'cash' | 'card' | 'bank';
  bank: string;
  shift_id: string;
  terms: boolean;
}

const standingForm = z
  .custom<StandingValues>()
  .transform((v): StandingOrderInput => ({
    dish_id: Number(v.dish_id),
    complex: complexOf(v.options),
    qty: Number(v.qty),
    weekdays: (v.weekdays ?? []).map(Number),
    ends_on: v.ends_on || null,
    skip_dates: v.skip_dates.split(/[\s,;]+/).filter(Boolean),
    payment_type: v.payment_type,
    bank: v.payment_type === 'bank' ? v.bank || null : null,
    // Unticked stays false: the schema refuses it with its own text.
    terms: v.terms as true,
  }))
  .pipe(standingOrderInput);

/** The fields the form shows the server's refusals on (the rest go to the notice above it). */
const SHOWN = /^(dish_id|complex|qty|weekdays|ends_on|skip_dates|payment_type|bank|shift_id|terms)/;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const valuesOf = (s: StandingOrder | null): StandingValues => ({
  dish_id: s ? String(s.dish_id) : '',
  options: s ? optionValuesOf(s.complex) : {},
  qty: s ? String(s.qty) : '1',
  weekdays: s ? s.weekdays.map(String) : [],
  ends_on: s?.ends_on ?? '',
  skip_dates: s ? s.skip_dates.join(', ') : '',
  payment_type: s?.payment_type ?? 'cash',
  bank: s?.bank ?? '',
  shift_id: s?.shift_id ? String(s.shift_id) : '',
  terms: false,
});

/**
 * Creates a standing order, or changes `editing`: a dish or a set meal with its options that the
 * provider serves, weekdays, end date, skip dates, and the payment (card or a bank where offered).
 */
export function StandingForm({ editing, onDone }: { editing: StandingOrder | null; onDone(): void }) {
  const { t } = useTranslation('plan-ahead');
  const client = useQueryClient();
  const dishList = useStandingDishes();
  const dishes = dishList.data?.data ?? [];
  const payment = dishList.data?.payment ?? { card: false, banks: [], bankConsent: '' };
  const shifts = dishList.data?.shifts ?? [];
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
    editing && !dishes.some((d) => d.id === editing.dish_id)
      ? [{ id: editing.dish_id, title: editing.dish_title, groups: [] }, ...dishes]
      : dishes;
  const dishId = form.watch('dish_id');
  const groups = options.find((d) => String(d.id) === dishId)?.groups ?? [];
  const paymentType = form.watch('payment_type');
  const chosenBank = form.watch('bank');
  const bankError = errorAt(errors, 'bank');
  const dishField = form.register('dish_id');

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
          <select
            className="input"
            {...dishField}
            onChange={(e) => {
              // Another dish: the options chosen for the previous set meal go.
              form.setValue('options', {});
              form.clearErrors('complex' as never);
              return dishField.onChange(e);
            }}
            {...wiring}
          >
            <option value="">{t('standing.chooseDish')}</option>
            {options.map((d) => (
              <option key={d.id} value={d.id}>
                {d.groups.length > 0 ? t('standing.setMeal', { dish: d.title }) : d.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      {groups.length > 0 && (
        <SetMealOptions
          groups={groups}
          register={form.register as never}
          error={firstErrorUnder(errors, 'complex') ?? firstErrorUnder(errors, 'options')}
        />
      )}
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
            {(payment.card || paymentType === 'card') && <option value="card">{t('payment.card')}</option>}
            {(payment.banks.length > 0 || paymentType === 'bank') && <option value="bank">{t('payment.bank')}</option>}
          </select>
        )}
      </Field>
      {paymentType === 'bank' && (
        <>
          <BankPicker
            banks={payment.banks}
            value={chosenBank || null}
            onChange={(code) => form.setValue('bank', code, { shouldValidate: form.formState.isSubmitted })}
            label={t('standing.chooseBank')}
            name="standing-bank"
            consent={payment.bankConsent}
            errorId={bankError ? 'standing-bank-error' : undefined}
          />
          {bankError && (
            <p className="field__error" id="standing-bank-error">
              {bankError}
            </p>
          )}
        </>
      )}
      {shifts.length > 0 && (
        <Field label={t('standing.shift')} required error={errorAt(errors, 'shift_id')}>
          {(wiring) => (
            <select className="input" {...form.register('shift_id')} {...wiring}>
              <option value="">{t('standing.chooseShift')}</option>
              {shifts.map((sh) => (
                <option key={sh.id} value={sh.id}>
                  {sh.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <CheckboxField label={t('standing.terms')} {...form.register('terms')} error={errorAt(errors, 'terms')} />
      <div className="form-actions">
        <Button type="submit" variant="primary" loading={save.isPending}>
          {t('save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

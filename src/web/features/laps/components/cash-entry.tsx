import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { cashBalanceInput, type CashBalanceInput } from '../../../../shared/schemas/laps';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { isApiError } from '../../../lib/api';
import { formatEuros } from '../../../lib/format';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { errorAt, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { LAPS_KEY, lapsApi } from '../api';
import { parseAmount } from '../helpers';

interface CashEntryProps {
  menuId: number;
  locationId: number;
  locationTitle: string;
  /** Recorded amount in euros, or null. */
  recorded: number | null;
}

interface CashValues {
  amount: string;
}

/** The fields whose server errors show under the amount (the location is not typed here). */
const SHOWN = /^(amount|location_id)$/;

/**
 * The request schema reached from the typed amount: an empty or unreadable amount has the form's
 * own texts; a readable one goes to the schema (e.g. more than the API's largest amount).
 */
const cashForm = (locationId: number) =>
  z
    .custom<CashValues>()
    .superRefine(({ amount }, ctx) => {
      if (!amount.trim()) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'laps:report.amountRequired' });
      else if (parseAmount(amount) === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'laps:report.amountInvalid' });
    })
    .transform(({ amount }): z.input<typeof cashBalanceInput> => ({ location_id: locationId, amount: parseAmount(amount) ?? -1 }))
    .pipe(cashBalanceInput);

const valuesOf = (recorded: number | null): CashValues => ({ amount: recorded === null ? '' : recorded.toFixed(2) });

/** Records the cash collected at one location (POST /app/cashbalance/{menuId}); Save needs an amount. */
export function CashEntry({ menuId, locationId, locationTitle, recorded }: CashEntryProps) {
  const { t, i18n } = useTranslation('laps');
  const client = useQueryClient();
  const schema = useMemo(() => cashForm(locationId), [locationId]);
  // The report refetches after a save (or someone else's): the recorded amount shows unless the
  // field is being edited. The entry keeps its identity, so its "Saved" message stays.
  const values = useMemo(() => valuesOf(recorded), [recorded]);
  const form = useSchemaForm(schema, { values, resetOptions: { keepDirtyValues: true, keepErrors: true } });
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: CashBalanceInput) => lapsApi.recordCash(menuId, body),
    onMutate: () => setSaved(null),
    onSuccess: (answer) => {
      if (!answer) return;
      form.reset(valuesOf(answer.amount));
      setSaved(t('report.saved', { amount: formatEuros(answer.amount, i18n.language) }));
      void client.invalidateQueries({ queryKey: [...LAPS_KEY, 'report'] });
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });
  const errors = form.formState.errors;
  const serverFieldError = Object.keys(fieldErrorsOf(save.error)).some((field) => SHOWN.test(field));
  const otherFailure =
    save.isError && !serverFieldError && !(isApiError(save.error) && save.error.isIgnored)
      ? errorMessage(save.error, t('errors.cashFailed'))
      : null;
  const amount = form.register('amount', {
    onChange: () => {
      setSaved(null);
      form.clearErrors('location_id' as never);
    },
  });
  return (
    <form className="laps-cash" onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)} noValidate>
      <TextField
        label={t('report.amount', { title: locationTitle })}
        inputMode="decimal"
        autoComplete="off"
        {...amount}
        error={errorAt(errors, 'amount') ?? errorAt(errors, 'location_id') ?? otherFailure ?? undefined}
      />
      <Button type="submit" size="sm" variant="primary" loading={save.isPending} disabled={!form.watch('amount').trim()}>
        {t('report.save')}
      </Button>
      {saved && (
        <Notice tone="success" className="laps-cash__saved">
          {saved}
        </Notice>
      )}
    </form>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { isApiError } from '../../../lib/api';
import { formatEuros } from '../../../lib/format';
import { useFieldErrors } from '../../../lib/form-errors';
import { LAPS_KEY, lapsApi } from '../api';
import { parseAmount } from '../helpers';

interface CashEntryProps {
  menuId: number;
  locationId: number;
  locationTitle: string;
  /** Recorded amount in euros, or null. */
  recorded: number | null;
}

/** Records the cash collected at one location (POST /app/cashbalance/{menuId}); Save needs an amount. */
export function CashEntry({ menuId, locationId, locationTitle, recorded }: CashEntryProps) {
  const { t, i18n } = useTranslation('laps');
  const client = useQueryClient();
  const fields = useFieldErrors();
  const [text, setText] = useState(recorded === null ? '' : recorded.toFixed(2));
  // The report refetches after a save (or someone else's): show the recorded amount unless the
  // field is being edited. The entry keeps its identity, so its "Saved" message stays.
  const [shownRecorded, setShownRecorded] = useState(recorded);
  const [editing, setEditing] = useState(false);
  if (recorded !== shownRecorded) {
    setShownRecorded(recorded);
    if (!editing) setText(recorded === null ? '' : recorded.toFixed(2));
  }
  const [saved, setSaved] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (amount: number) => lapsApi.recordCash(menuId, { location_id: locationId, amount }),
    onMutate: () => {
      fields.reset();
      setSaved(null);
    },
    onSuccess: (answer) => {
      if (!answer) return;
      setText(answer.amount.toFixed(2));
      setEditing(false);
      setSaved(t('report.saved', { amount: formatEuros(answer.amount, i18n.language) }));
      void client.invalidateQueries({ queryKey: [...LAPS_KEY, 'report'] });
    },
    onError: (error) => fields.fromError(error),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setLocalError(t('report.amountRequired'));
      return;
    }
    const amount = parseAmount(text);
    if (amount === null) {
      setLocalError(t('report.amountInvalid'));
      return;
    }
    save.mutate(amount);
  };
  const otherFailure =
    save.isError && !fields.first('amount') && !fields.first('location_id') && !(isApiError(save.error) && save.error.isIgnored)
      ? errorMessage(save.error, t('errors.cashFailed'))
      : null;
  return (
    <form className="laps-cash" onSubmit={submit} noValidate>
      <TextField
        label={t('report.amount', { title: locationTitle })}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        error={localError ?? fields.first('amount') ?? fields.first('location_id') ?? otherFailure ?? undefined}
        onChange={(e) => {
          setText(e.target.value);
          setEditing(true);
          setLocalError(null);
          setSaved(null);
          fields.clear('amount');
          fields.clear('location_id');
        }}
      />
      <Button type="submit" size="sm" variant="primary" loading={save.isPending} disabled={!text.trim()}>
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

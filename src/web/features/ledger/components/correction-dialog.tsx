import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { toCents } from '../../../../shared/money';
import { correctionInput, MAX_CORRECTION_CENTS, type CorrectionInput } from '../../../../shared/schemas/ledger';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, TextAreaField, TextField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import { errorAt, fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { eurosFromInput } from '../../../lib/price';
import { ledgerApi, useCorrectionLocations } from '../api';

/** The fields the dialog shows: a server error on one lands under it. */
const SHOWN = /^(amount_cents|reason|order_id|location_id)$/;

/** What the dialog holds: the request's fields as typed (euros, order number and location as text). */
interface CorrectionValues {
  direction: 'in' | 'out';
  amount_cents: string;
  reason: string;
  order_id: string;
  location_id: string;
}

const EMPTY: CorrectionValues = { direction: 'in', amount_cents: '', reason: '', order_id: '', location_id: '' };

/**
 * The request schema reached from what the dialog holds, with the dialog's own texts for what
 * the text must read as; the sign comes from the direction.
 */
const correctionForm = z
  .custom<CorrectionValues>()
  .superRefine((v, ctx) => {
    const problem = (path: keyof CorrectionValues, key: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message: `ledger:correction.${key}` });
    const euros = eurosFromInput(v.amount_cents);
    if (typeof euros !== 'number' || euros === 0 || toCents(euros) > MAX_CORRECTION_CENTS) problem('amount_cents', 'badAmount');
    if (!v.reason.trim()) problem('reason', 'reasonRequired');
    const order = v.order_id.trim();
    if (order && !/^\d+$/.test(order)) problem('order_id', 'badOrder');
    // A correction reaches the statement and invoice of its location: it names one, or an order (whose location it takes).
    if (!order && !v.location_id) problem('location_id', 'locationRequired');
  })
  .transform((v): z.input<typeof correctionInput> => ({
    amount_cents: toCents(eurosFromInput(v.amount_cents) ?? 0) * (v.direction === 'out' ? -1 : 1),
    reason: v.reason,
    ...(v.order_id.trim() ? { order_id: Number(v.order_id.trim()) } : {}),
    ...(v.location_id ? { location_id: Number(v.location_id) } : {}),
  }))
  .pipe(correctionInput);

/** A manual correction of the ledger with its reason (decision 038). */
export function CorrectionDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(cents: number): void }) {
  const { t } = useTranslation('ledger');
  const id = useId();
  const locations = useCorrectionLocations(open);
  const form = useSchemaForm(correctionForm, { defaultValues: EMPTY });
  const field = fieldBinder(form);
  const [failure, setFailure] = useState<unknown>(null);
  const busy = form.formState.isSubmitting;
  const close = () => {
    if (busy) return;
    form.reset(EMPTY);
    setFailure(null);
    onClose();
  };
  const send = async (body: CorrectionInput) => {
    setFailure(null);
    try {
      await ledgerApi.correct(body);
      onDone(body.amount_cents);
      form.reset(EMPTY);
      onClose();
    } catch (err) {
      setFailure(err);
      setServerErrors(form, err, SHOWN);
    }
  };
  return (
    <Dialog
      open={open}
      title={t('correction.title')}
      onClose={close}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('correction.cancel')}
          </Button>
          <Button type="submit" variant="primary" form={`${id}-form`} loading={busy}>
            {t('correction.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="ledger-correction" onSubmit={form.handleSubmit(send)} noValidate>
        <FormErrorNotice error={failure} isShown={(k) => SHOWN.test(k)} fallback={t('correction.failed')} />
        <p className="muted">{t('correction.intro')}</p>
        <fieldset className="ledger-correction__direction">
          <legend className="field__label">{t('correction.direction')}</legend>
          {(['in', 'out'] as const).map((d) => (
            <label key={d} className="ledger-correction__option">
              <input type="radio" value={d} {...form.register('direction')} /> {t(`correction.${d}`)}
            </label>
          ))}
        </fieldset>
        <TextField label={t('correction.amount')} inputMode="decimal" required {...field('amount_cents')} />
        <TextAreaField label={t('correction.reason')} required maxLength={500} rows={3} {...field('reason')} />
        <TextField
          label={t('correction.order')}
          hint={t('correction.orderHint')}
          inputMode="numeric"
          maxLength={10}
          {...field('order_id')}
        />
        <Field label={t('correction.location')} hint={t('correction.locationHint')} error={errorAt(form.formState.errors, 'location_id')}>
          {(wiring) => (
            <select className="input" {...form.register('location_id')} {...wiring}>
              <option value="">{t('correction.locationNone')}</option>
              {locations.data?.data.map((l) => (
                <option key={l.id} value={String(l.id)}>
                  {l.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
    </Dialog>
  );
}

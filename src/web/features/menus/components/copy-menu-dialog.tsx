import { DateTime } from 'luxon';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { nextWeekWorkingDays, nextWorkingDay } from '../../../../shared/menu-days';
import { copyMenuInput, MENU_COPY_MAX, type CopyMenuInput } from '../../../../shared/schemas/menus';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { errorAt, fieldBinder, useSchemaForm } from '../../../lib/forms';
import { menusApi, type MenuSummary } from '../api';

type Choice = 'next' | 'week' | 'date';

interface CopyValues {
  choice: Choice;
  /** yyyy-mm-dd as the date input holds it ('' for none). */
  date: string;
  status: boolean;
}

/** The menu's calendar day in the provider's zone (yyyy-mm-dd); today when its time cannot be read. */
function menuDay(menu: MenuSummary, zone: string): string {
  const from = DateTime.fromISO(menu.from, { zone });
  return (from.isValid ? from : DateTime.now().setZone(zone)).toISODate()!;
}

/**
 * The request schema reached from the choice: a chosen date is required (the form's own text);
 * the days then go through `copyMenuInput` (e.g. a year outside 2000-2100, the server's text).
 */
const copyForm = (day: string) =>
  z
    .custom<CopyValues>()
    .superRefine((v, ctx) => {
      if (v.choice === 'date' && !v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'menus:copy.dateRequired' });
    })
    .transform(({ choice, date, status }): z.input<typeof copyMenuInput> => {
      const dates = choice === 'next' ? [nextWorkingDay(day)] : choice === 'week' ? nextWeekWorkingDays(day) : [date];
      return { dates: dates.slice(0, MENU_COPY_MAX), status };
    })
    .pipe(copyMenuInput);

export interface CopyMenuDialogProps {
  /** The menu to copy; null keeps the dialog closed. */
  menu: MenuSummary | null;
  zone: string;
  onClose(): void;
  onCopied(copies: MenuSummary[]): void;
}

/**
 * "Copy to another day" (issue 13): the menu with its dishes, prices and stock copied to the next
 * working day, every working day of next week, or a chosen date, in one call.
 */
export function CopyMenuDialog(props: CopyMenuDialogProps) {
  // A dialog of its own for each menu: closing it starts the next one afresh.
  return props.menu ? <CopyMenuForm key={props.menu.id} {...props} menu={props.menu} /> : null;
}

function CopyMenuForm({ menu, zone, onClose, onCopied }: CopyMenuDialogProps & { menu: MenuSummary }) {
  const { t, i18n } = useTranslation('menus');
  const id = useId();
  const day = menuDay(menu, zone);
  const next = nextWorkingDay(day);
  const week = nextWeekWorkingDays(day);
  const schema = useMemo(() => copyForm(menuDay(menu, zone)), [menu, zone]);
  const form = useSchemaForm(schema, { defaultValues: { choice: 'next', date: '', status: menu.status } });
  const field = fieldBinder(form);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const show = (d: string) => formatDate(`${d}T12:00:00`, i18n.language, zone);
  const choice = form.watch('choice');
  const errors = form.formState.errors;
  const dateError = errorAt(errors, 'date') ?? errorAt(errors, 'dates.0') ?? errorAt(errors, 'dates');

  const close = () => {
    if (!busy) onClose();
  };

  const send = async (body: CopyMenuInput) => {
    setBusy(true);
    setError(null);
    try {
      const res = await menusApi.copy(menu.id, body);
      setBusy(false);
      onCopied(res?.data ?? []);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(err);
      const message = isApiError(err) ? (err.errors['dates.0']?.[0] ?? err.errors.dates?.[0]) : undefined;
      if (message) form.setError('date', { type: 'server', message }, { shouldFocus: false });
    }
  };

  const option = (value: Choice, label: string) => (
    <label className="copy-menu__option">
      {/* The group's name is the form's field name: radios group within their own form. */}
      <input type="radio" value={value} {...form.register('choice')} />
      <span>{label}</span>
    </label>
  );

  return (
    <Dialog
      open
      title={t('copy.title', { title: menu.title })}
      onClose={close}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('copy.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} loading={busy}>
            {t('copy.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="copy-menu" onSubmit={(e) => void form.handleSubmit(send)(e)} noValidate>
        <FormErrorNotice error={error} isShown={(k) => k.startsWith('dates')} fallback={t('errors.saveFailed')} />
        <p className="copy-menu__hint">{t('copy.hint')}</p>
        <fieldset className="copy-menu__choices">
          <legend>{t('copy.when')}</legend>
          {option('next', t('copy.nextWorkingDay', { day: show(next) }))}
          {option('week', t('copy.nextWeek', { first: show(week[0]!), last: show(week[4]!) }))}
          {option('date', t('copy.onDate'))}
          {choice === 'date' && (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-date`}>
                {t('copy.date')}
              </label>
              <input
                id={`${id}-date`}
                className="input"
                type="date"
                {...form.register('date')}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={dateError ? `${id}-date-error` : undefined}
              />
              {dateError && (
                <p className="field__error" id={`${id}-date-error`}>
                  {dateError}
                </p>
              )}
            </div>
          )}
          {choice !== 'date' && dateError && <p className="field__error">{dateError}</p>}
        </fieldset>
        <CheckboxField label={t('copy.publish')} {...field('status')} />
      </form>
    </Dialog>
  );
}

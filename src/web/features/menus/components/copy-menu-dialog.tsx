import { DateTime } from 'luxon';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nextWeekWorkingDays, nextWorkingDay } from '../../../../shared/menu-days';
import { MENU_COPY_MAX } from '../../../../shared/schemas/menus';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/field';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import { isApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { menusApi, type MenuSummary } from '../api';

type Choice = 'next' | 'week' | 'date';

/** The menu's calendar day in the provider's zone (yyyy-mm-dd); today when its time cannot be read. */
function menuDay(menu: MenuSummary, zone: string): string {
  const from = DateTime.fromISO(menu.from, { zone });
  return (from.isValid ? from : DateTime.now().setZone(zone)).toISODate()!;
}

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
export function CopyMenuDialog({ menu, zone, onClose, onCopied }: CopyMenuDialogProps) {
  const { t, i18n } = useTranslation('menus');
  const id = useId();
  const [choice, setChoice] = useState<Choice>('next');
  const [date, setDate] = useState('');
  const [publish, setPublish] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [dateError, setDateError] = useState<string | undefined>();
  if (!menu) return null;

  const day = menuDay(menu, zone);
  const next = nextWorkingDay(day);
  const week = nextWeekWorkingDays(day);
  const show = (d: string) => formatDate(`${d}T12:00:00`, i18n.language, zone);
  const status = publish ?? menu.status;

  const close = () => {
    if (busy) return;
    setChoice('next');
    setDate('');
    setPublish(null);
    setError(null);
    setDateError(undefined);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (choice === 'date' && !date) {
      setDateError(t('copy.dateRequired'));
      return;
    }
    const dates = choice === 'next' ? [next] : choice === 'week' ? week : [date];
    setBusy(true);
    setError(null);
    setDateError(undefined);
    try {
      const res = await menusApi.copy(menu.id, { dates: dates.slice(0, MENU_COPY_MAX), status });
      setBusy(false);
      onCopied(res?.data ?? []);
      close();
    } catch (err) {
      setBusy(false);
      setError(err);
      if (isApiError(err)) setDateError(err.errors['dates.0']?.[0] ?? err.errors.dates?.[0]);
    }
  };

  const option = (value: Choice, label: string) => (
    <label className="copy-menu__option">
      <input type="radio" name={`${id}-when`} value={value} checked={choice === value} onChange={() => setChoice(value)} />
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
      <form id={`${id}-form`} className="copy-menu" onSubmit={(e) => void submit(e)} noValidate>
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
                value={date}
                onChange={(e) => setDate(e.target.value)}
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
        <CheckboxField label={t('copy.publish')} checked={status} onChange={(e) => setPublish(e.target.checked)} />
      </form>
    </Dialog>
  );
}

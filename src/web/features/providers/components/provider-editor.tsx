import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { createProviderInput, type CreateProviderInput } from '../../../../shared/schemas/providers';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { AddressFields, addressDraftOf, countryOrDefault } from '../../../components/manage/address-fields';
import { fieldBinder, useSchemaForm } from '../../../lib/forms';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { providersApi, type Provider } from '../api';
import {
  DEFAULT_TIMEZONE,
  EMAIL_MAX,
  PHONE_MAX,
  REMINDER_MINUTES_DEFAULT,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  TITLE_MAX,
  WASTE_CO2E_DEFAULT,
  WASTE_CO2E_DEFAULT_SOURCE,
  WASTE_CO2E_MAX,
  WASTE_SOURCE_MAX,
} from '../../../../shared/limits';
import {
  STOP_MINUTES_DEFAULT,
  TRAVEL_MINUTES_MAX,
  WINDOW_MINUTES_DEFAULT,
  WINDOW_MINUTES_MAX,
  WINDOW_MINUTES_MIN,
} from '../../../../shared/schemas/lap-plans';

interface ProviderEditorProps {
  provider: Provider | null;
  onClose(): void;
  onSaved(provider: Provider): void;
}

const SHOWN =
  /^(title|phone|email|status|timezone|reminder_minutes|legal_name|registration_number|vat_number|address|city|postal_code|country|iban|vat_rate|waste_co2e_grams_per_kg|waste_co2e_source|departs_at|stop_minutes|window_minutes)$/;

/** Time zones offered in the picker (any IANA name may be typed). */
const ZONES = [
  'Europe/Riga',
  'Europe/Tallinn',
  'Europe/Vilnius',
  'Europe/Helsinki',
  'Europe/Warsaw',
  'Europe/Berlin',
  'Europe/London',
  'UTC',
];

/** The form's values: the request's fields, the two numbers as typed. */
type ProviderValues = Omit<
  Required<CreateProviderInput>,
  'reminder_minutes' | 'vat_rate' | 'waste_co2e_grams_per_kg' | 'departs_at' | 'stop_minutes' | 'window_minutes'
> & {
  reminder_minutes: string;
  vat_rate: string;
  waste_co2e_grams_per_kg: string;
  /** 'HH:MM', or '' for none. */
  departs_at: string;
  stop_minutes: string;
  window_minutes: string;
};

/** A whole number as typed; an empty or unreadable one is sent as -1, which the request schema refuses on its field. */
const typedNumber = (v: string) => {
  const n = Number(v.trim() || NaN);
  return Number.isFinite(n) ? n : -1;
};

/**
 * The request schema, reached from what the form holds. The VAT rate must read as a number
 * (its own text); an empty or unreadable number of minutes is sent as 0, which the request
 * schema refuses on its field in its words.
 */
const providerForm = z
  .custom<ProviderValues>()
  .superRefine((v, ctx) => {
    if (v.vat_rate.trim() === '' || !Number.isFinite(Number(v.vat_rate.trim().replace(',', '.'))))
      ctx.addIssue({ code: 'custom', path: ['vat_rate'], message: 'providers:editor.vatRateInvalid' });
  })
  .transform(
    ({
      reminder_minutes,
      vat_rate,
      timezone,
      country,
      waste_co2e_grams_per_kg,
      departs_at,
      stop_minutes,
      window_minutes,
      ...rest
    }): z.input<typeof createProviderInput> => {
      const minutes = Number(reminder_minutes.trim() || NaN);
      return {
        waste_co2e_grams_per_kg: typedNumber(waste_co2e_grams_per_kg),
        departs_at: departs_at.trim() === '' ? null : departs_at.trim(),
        stop_minutes: typedNumber(stop_minutes),
        window_minutes: typedNumber(window_minutes),
        ...rest,
        timezone: timezone.trim() || DEFAULT_TIMEZONE,
        country: countryOrDefault(country),
        reminder_minutes: Number.isFinite(minutes) ? minutes : 0,
        vat_rate: Number(vat_rate.trim().replace(',', '.')),
      };
    },
  )
  .pipe(createProviderInput);

const valuesOf = (provider: Provider | null): ProviderValues => ({
  title: provider?.title ?? '',
  phone: provider?.phone ?? '',
  email: provider?.email ?? '',
  status: provider?.status ?? true,
  timezone: provider?.timezone ?? DEFAULT_TIMEZONE,
  reminder_minutes: String(provider?.reminder_minutes ?? REMINDER_MINUTES_DEFAULT),
  legal_name: provider?.legal_name ?? '',
  registration_number: provider?.registration_number ?? '',
  vat_number: provider?.vat_number ?? '',
  ...addressDraftOf(provider),
  iban: provider?.iban ?? '',
  vat_rate: String(provider?.vat_rate ?? 21),
  waste_co2e_grams_per_kg: String(provider?.waste_co2e_grams_per_kg ?? WASTE_CO2E_DEFAULT),
  waste_co2e_source: provider?.waste_co2e_source ?? WASTE_CO2E_DEFAULT_SOURCE,
  departs_at: provider?.departs_at ?? '',
  stop_minutes: String(provider?.stop_minutes ?? STOP_MINUTES_DEFAULT),
  window_minutes: String(provider?.window_minutes ?? WINDOW_MINUTES_DEFAULT),
});

/** Create or edit a provider: title, phone, e-mail, status, the time zone its menus use and when reminders go out. */
export function ProviderEditor({ provider, onClose, onSaved }: ProviderEditorProps) {
  const { t } = useTranslation('providers');
  const zonesId = useId();
  const form = useSchemaForm(providerForm, { defaultValues: valuesOf(provider) });
  const field = fieldBinder(form);
  const save = useEditorSave(
    (input: CreateProviderInput) => (provider ? providersApi.update(provider.id, input) : providersApi.create(input)),
    onSaved,
    { form, shown: SHOWN },
  );

  return (
    <EditorModal
      title={provider ? t('editor.editTitle', { title: provider.title }) : t('editor.newTitle')}
      save={save}
      shownFields={SHOWN}
      onSubmit={form.handleSubmit(save.submit, save.clearError)}
      onClose={onClose}
    >
      <TextField label={t('fields.title')} required maxLength={TITLE_MAX} {...field('title')} />
      <TextField label={t('fields.phone')} type="tel" maxLength={PHONE_MAX} {...field('phone')} />
      <TextField label={t('fields.email')} type="email" maxLength={EMAIL_MAX} {...field('email')} />
      <TextField label={t('fields.timezone')} hint={t('editor.timezoneHint')} list={zonesId} {...field('timezone')} />
      <datalist id={zonesId}>
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <TextField
        label={t('fields.reminderMinutes')}
        hint={t('editor.reminderHint')}
        type="number"
        inputMode="numeric"
        min={REMINDER_MINUTES_MIN}
        max={REMINDER_MINUTES_MAX}
        step={1}
        {...field('reminder_minutes')}
      />
      <TextField label={t('fields.legalName')} maxLength={TITLE_MAX} autoComplete="off" {...field('legal_name')} />
      <TextField label={t('fields.registrationNumber')} maxLength={40} autoComplete="off" {...field('registration_number')} />
      <TextField label={t('fields.vatNumber')} maxLength={40} autoComplete="off" {...field('vat_number')} />
      <AddressFields streetLabel={t('fields.address')} field={field} />
      <TextField label={t('fields.iban')} maxLength={42} autoComplete="off" {...field('iban')} />
      <TextField label={t('fields.vatRate')} hint={t('editor.vatRateHint')} inputMode="decimal" {...field('vat_rate')} />
      <TextField
        label={t('fields.wasteCo2e')}
        hint={t('editor.wasteCo2eHint')}
        type="number"
        inputMode="numeric"
        min={0}
        max={WASTE_CO2E_MAX}
        step={1}
        {...field('waste_co2e_grams_per_kg')}
      />
      <TextField label={t('fields.wasteCo2eSource')} maxLength={WASTE_SOURCE_MAX} {...field('waste_co2e_source')} />
      <TextField label={t('fields.departsAt')} hint={t('editor.departsAtHint')} type="time" {...field('departs_at')} />
      <TextField
        label={t('fields.stopMinutes')}
        hint={t('editor.stopMinutesHint')}
        type="number"
        inputMode="numeric"
        min={0}
        max={TRAVEL_MINUTES_MAX}
        step={1}
        {...field('stop_minutes')}
      />
      <TextField
        label={t('fields.windowMinutes')}
        hint={t('editor.windowMinutesHint')}
        type="number"
        inputMode="numeric"
        min={WINDOW_MINUTES_MIN}
        max={WINDOW_MINUTES_MAX}
        step={1}
        {...field('window_minutes')}
      />
      <CheckboxField label={t('fields.active')} {...field('status')} />
    </EditorModal>
  );
}

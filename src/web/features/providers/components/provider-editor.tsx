import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateProviderInput } from '../../../../shared/schemas/providers';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { AddressFields, addressDraftOf, addressInput } from '../../../components/manage/address-fields';
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
} from '../../../../shared/limits';

interface ProviderEditorProps {
  provider: Provider | null;
  onClose(): void;
  onSaved(provider: Provider): void;
}

const SHOWN =
  /^(title|phone|email|status|timezone|reminder_minutes|legal_name|registration_number|vat_number|address|city|postal_code|country|iban|vat_rate)$/;

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

/** Create or edit a provider: title, phone, e-mail, status, the time zone its menus use and when reminders go out. */
export function ProviderEditor({ provider, onClose, onSaved }: ProviderEditorProps) {
  const { t } = useTranslation('providers');
  const zonesId = useId();
  const [title, setTitle] = useState(provider?.title ?? '');
  const [phone, setPhone] = useState(provider?.phone ?? '');
  const [email, setEmail] = useState(provider?.email ?? '');
  const [status, setStatus] = useState(provider?.status ?? true);
  const [timezone, setTimezone] = useState(provider?.timezone ?? DEFAULT_TIMEZONE);
  const [reminderMinutes, setReminderMinutes] = useState(String(provider?.reminder_minutes ?? REMINDER_MINUTES_DEFAULT));
  const [legalName, setLegalName] = useState(provider?.legal_name ?? '');
  const [registrationNumber, setRegistrationNumber] = useState(provider?.registration_number ?? '');
  const [vatNumber, setVatNumber] = useState(provider?.vat_number ?? '');
  const [address, setAddress] = useState(() => addressDraftOf(provider));
  const [iban, setIban] = useState(provider?.iban ?? '');
  const [vatRate, setVatRate] = useState(String(provider?.vat_rate ?? 21));
  const save = useEditorSave(
    (input: CreateProviderInput) => (provider ? providersApi.update(provider.id, input) : providersApi.create(input)),
    onSaved,
  );
  const { first, clear } = save.fieldErrors;

  const submit = () => {
    // An empty or unreadable number is sent as 0, which the server refuses on its field (in its words).
    const minutes = Number(reminderMinutes.trim() || NaN);
    const rate = Number(vatRate.trim().replace(',', '.'));
    if (vatRate.trim() === '' || !Number.isFinite(rate)) {
      save.showLocalErrors({ vat_rate: [t('editor.vatRateInvalid')] });
      return;
    }
    save.submit({
      title: title.trim(),
      phone: phone.trim(),
      email: email.trim(),
      status,
      timezone: timezone.trim() || DEFAULT_TIMEZONE,
      reminder_minutes: Number.isFinite(minutes) ? minutes : 0,
      legal_name: legalName.trim(),
      registration_number: registrationNumber.trim(),
      vat_number: vatNumber.trim(),
      ...addressInput(address),
      iban: iban.trim(),
      vat_rate: rate,
    });
  };

  return (
    <EditorModal
      title={provider ? t('editor.editTitle', { title: provider.title }) : t('editor.newTitle')}
      save={save}
      shownFields={SHOWN}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('fields.title')}
        required
        maxLength={TITLE_MAX}
        value={title}
        error={first('title')}
        onChange={(e) => {
          setTitle(e.target.value);
          clear('title');
        }}
      />
      <TextField
        label={t('fields.phone')}
        type="tel"
        maxLength={PHONE_MAX}
        value={phone}
        error={first('phone')}
        onChange={(e) => {
          setPhone(e.target.value);
          clear('phone');
        }}
      />
      <TextField
        label={t('fields.email')}
        type="email"
        maxLength={EMAIL_MAX}
        value={email}
        error={first('email')}
        onChange={(e) => {
          setEmail(e.target.value);
          clear('email');
        }}
      />
      <TextField
        label={t('fields.timezone')}
        hint={t('editor.timezoneHint')}
        list={zonesId}
        value={timezone}
        error={first('timezone')}
        onChange={(e) => {
          setTimezone(e.target.value);
          clear('timezone');
        }}
      />
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
        value={reminderMinutes}
        error={first('reminder_minutes')}
        onChange={(e) => {
          setReminderMinutes(e.target.value);
          clear('reminder_minutes');
        }}
      />
      <TextField
        label={t('fields.legalName')}
        maxLength={TITLE_MAX}
        autoComplete="off"
        value={legalName}
        error={first('legal_name')}
        onChange={(e) => {
          setLegalName(e.target.value);
          clear('legal_name');
        }}
      />
      <TextField
        label={t('fields.registrationNumber')}
        maxLength={40}
        autoComplete="off"
        value={registrationNumber}
        error={first('registration_number')}
        onChange={(e) => {
          setRegistrationNumber(e.target.value);
          clear('registration_number');
        }}
      />
      <TextField
        label={t('fields.vatNumber')}
        maxLength={40}
        autoComplete="off"
        value={vatNumber}
        error={first('vat_number')}
        onChange={(e) => {
          setVatNumber(e.target.value);
          clear('vat_number');
        }}
      />
      <AddressFields streetLabel={t('fields.address')} value={address} onChange={setAddress} error={first} clear={clear} />
      <TextField
        label={t('fields.iban')}
        maxLength={42}
        autoComplete="off"
        value={iban}
        error={first('iban')}
        onChange={(e) => {
          setIban(e.target.value);
          clear('iban');
        }}
      />
      <TextField
        label={t('fields.vatRate')}
        hint={t('editor.vatRateHint')}
        inputMode="decimal"
        value={vatRate}
        error={first('vat_rate')}
        onChange={(e) => {
          setVatRate(e.target.value);
          clear('vat_rate');
        }}
      />
      <CheckboxField label={t('fields.active')} checked={status} error={first('status')} onChange={(e) => setStatus(e.target.checked)} />
    </EditorModal>
  );
}

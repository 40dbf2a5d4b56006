import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateLocationInput } from '../../../../shared/schemas/locations';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { Button } from '../../../components/ui/button';
import { AddressFields, addressDraftOf, addressInput } from '../../../components/manage/address-fields';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { locationsApi, type Location } from '../api';
import { eurosFromInput, eurosToInput } from '../../../lib/price';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, TITLE_MAX } from '../../../../shared/limits';

interface LocationEditorProps {
  location: Location | null;
  onClose(): void;
  onSaved(location: Location): void;
}

interface ShiftDraft {
  key: string;
  id?: number;
  title: string;
}

const SHOWN =
  /^(title|address|city|postal_code|country|contact_name|contact_email|contact_phone|profit|full_subsidy|subsidy|status|disable_cash|company_name|registration_number|vat_number|shifts(\.\d+(\.title)?)?)$/;

/** Create or edit a location (spec 3): contacts, subsidy rules, status and shifts. */
export function LocationEditor({ location, onClose, onSaved }: LocationEditorProps) {
  const { t } = useTranslation('locations');
  const baseId = useId();
  const seq = useRef(0);
  const [title, setTitle] = useState(location?.title ?? '');
  const [address, setAddress] = useState(() => addressDraftOf(location));
  const [contactName, setContactName] = useState(location?.contact_name ?? '');
  const [contactEmail, setContactEmail] = useState(location?.contact_email ?? '');
  const [contactPhone, setContactPhone] = useState(location?.contact_phone ?? '');
  const [profit, setProfit] = useState(location?.profit ?? true);
  const [fullSubsidy, setFullSubsidy] = useState(location?.full_subsidy ?? false);
  const [subsidy, setSubsidy] = useState(location ? eurosToInput(location.subsidy) : '0');
  const [status, setStatus] = useState(location?.status ?? true);
  const [disableCash, setDisableCash] = useState(location?.disable_cash ?? false);
  const [companyName, setCompanyName] = useState(location?.company_name ?? '');
  const [registrationNumber, setRegistrationNumber] = useState(location?.registration_number ?? '');
  const [vatNumber, setVatNumber] = useState(location?.vat_number ?? '');
  const [shifts, setShifts] = useState<ShiftDraft[]>(() =>
    (location?.shifts ?? []).map((s, i) => ({ key: `s${i}`, id: s.id, title: s.title })),
  );
  const save = useEditorSave(
    (input: CreateLocationInput) => (location ? locationsApi.update(location.id, input) : locationsApi.create(input)),
    onSaved,
  );
  const { first, clear } = save.fieldErrors;

  const submit = () => {
    const euros = eurosFromInput(subsidy);
    if (!fullSubsidy && euros === undefined) {
      save.showLocalErrors({ subsidy: [t('errors.amount')] });
      return;
    }
    save.submit({
      title: title.trim(),
      ...addressInput(address),
      contact_name: contactName.trim(),
      contact_email: contactEmail.trim(),
      contact_phone: contactPhone.trim(),
      profit,
      full_subsidy: fullSubsidy,
      // With full subsidy the amount is ignored by the server; keep what was stored.
      ...(euros !== undefined ? { subsidy: euros ?? 0 } : {}),
      status,
      disable_cash: disableCash,
      company_name: companyName.trim(),
      registration_number: registrationNumber.trim(),
      vat_number: vatNumber.trim(),
      shifts: shifts.map((s) => ({ ...(s.id !== undefined ? { id: s.id } : {}), title: s.title.trim() })),
    });
  };

  const text = (setter: (v: string) => void, field: string) => (e: { target: { value: string } }) => {
    setter(e.target.value);
    clear(field);
  };

  const moveShift = (index: number, offset: -1 | 1) =>
    setShifts((prev) => {
      const to = index + offset;
      if (to < 0 || to >= prev.length) return prev;
      const next = [...prev];
      [next[index], next[to]] = [next[to], next[index]];
      return next;
    });

  return (
    <EditorModal
      size="lg"
      title={location ? t('editor.editTitle', { title: location.title }) : t('editor.newTitle')}
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
        onChange={text(setTitle, 'title')}
      />
      <AddressFields streetLabel={t('fields.address')} value={address} onChange={setAddress} error={first} clear={clear} />
      <div className="form-grid">
        <TextField
          label={t('fields.contactName')}
          maxLength={TITLE_MAX}
          autoComplete="off"
          value={contactName}
          error={first('contact_name')}
          onChange={text(setContactName, 'contact_name')}
        />
        <TextField
          label={t('fields.contactEmail')}
          type="email"
          maxLength={EMAIL_MAX}
          autoComplete="off"
          value={contactEmail}
          error={first('contact_email')}
          onChange={text(setContactEmail, 'contact_email')}
        />
        <TextField
          label={t('fields.contactPhone')}
          type="tel"
          maxLength={PHONE_MAX}
          autoComplete="off"
          value={contactPhone}
          error={first('contact_phone')}
          onChange={text(setContactPhone, 'contact_phone')}
        />
      </div>
      <div className="form-grid">
        <TextField
          label={t('fields.companyName')}
          hint={t('fields.companyHint')}
          maxLength={TITLE_MAX}
          autoComplete="off"
          value={companyName}
          error={first('company_name')}
          onChange={text(setCompanyName, 'company_name')}
        />
        <TextField
          label={t('fields.registrationNumber')}
          maxLength={40}
          autoComplete="off"
          value={registrationNumber}
          error={first('registration_number')}
          onChange={text(setRegistrationNumber, 'registration_number')}
        />
        <TextField
          label={t('fields.vatNumber')}
          maxLength={40}
          autoComplete="off"
          value={vatNumber}
          error={first('vat_number')}
          onChange={text(setVatNumber, 'vat_number')}
        />
      </div>
      <div className="form-grid">
        <CheckboxField
          label={t('fields.fullSubsidy')}
          checked={fullSubsidy}
          error={first('full_subsidy')}
          onChange={(e) => setFullSubsidy(e.target.checked)}
        />
        <TextField
          label={t('fields.subsidy')}
          hint={fullSubsidy ? t('editor.subsidyDisabled') : t('editor.subsidyHint')}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          disabled={fullSubsidy}
          value={subsidy}
          error={first('subsidy')}
          onChange={text(setSubsidy, 'subsidy')}
        />
      </div>
      <CheckboxField label={t('fields.profit')} checked={profit} error={first('profit')} onChange={(e) => setProfit(e.target.checked)} />
      <CheckboxField
        label={t('fields.disableCash')}
        checked={disableCash}
        error={first('disable_cash')}
        onChange={(e) => setDisableCash(e.target.checked)}
      />
      <CheckboxField label={t('fields.active')} checked={status} error={first('status')} onChange={(e) => setStatus(e.target.checked)} />

      <fieldset className="allergen-picker">
        <legend className="field__label">{t('fields.shifts')}</legend>
        {first('shifts') && <p className="field__error">{first('shifts')}</p>}
        {shifts.length === 0 && <p className="muted">{t('editor.noShifts')}</p>}
        <ol className="shift-list">
          {shifts.map((s, i) => {
            const number = i + 1;
            const err = first(`shifts.${i}.title`) ?? first(`shifts.${i}`);
            return (
              <li key={s.key}>
                <div className="field shift-list__field">
                  <label className="visually-hidden" htmlFor={`${baseId}-shift-${s.key}`}>
                    {t('editor.shiftName', { number })}
                  </label>
                  <input
                    id={`${baseId}-shift-${s.key}`}
                    className="input"
                    required
                    maxLength={NAME_MAX}
                    value={s.title}
                    aria-invalid={err ? true : undefined}
                    onChange={(e) => {
                      const value = e.target.value;
                      setShifts((prev) => prev.map((x) => (x.key === s.key ? { ...x, title: value } : x)));
                      clear(`shifts.${i}.title`);
                    }}
                  />
                  {err && <p className="field__error">{err}</p>}
                </div>
                <div className="row-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === 0}
                    aria-label={t('editor.shiftUp', { number })}
                    onClick={() => moveShift(i, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === shifts.length - 1}
                    aria-label={t('editor.shiftDown', { number })}
                    onClick={() => moveShift(i, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="btn--danger-text"
                    aria-label={t('editor.removeShift', { number })}
                    onClick={() => setShifts((prev) => prev.filter((x) => x.key !== s.key))}
                  >
                    {t('actions.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <div>
          <Button size="sm" onClick={() => setShifts((prev) => [...prev, { key: `n${++seq.current}`, title: '' }])}>
            + {t('editor.addShift')}
          </Button>
        </div>
      </fieldset>
    </EditorModal>
  );
}

import { useFieldArray } from 'react-hook-form';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { createLocationInput, type CreateLocationInput } from '../../../../shared/schemas/locations';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { Button } from '../../../components/ui/button';
import { AddressFields, addressDraftOf, countryOrDefault } from '../../../components/manage/address-fields';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { locationsApi, type Location } from '../api';
import { eurosFromInput, eurosToInput } from '../../../lib/price';
import { errorAt, fieldBinder, useSchemaForm } from '../../../lib/forms';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, TITLE_MAX } from '../../../../shared/limits';

interface LocationEditorProps {
  location: Location | null;
  onClose(): void;
  onSaved(location: Location): void;
}

/** The form's values: the request's fields, the subsidy as typed. */
type LocationValues = Omit<Required<CreateLocationInput>, 'subsidy' | 'meeting_limit' | 'unconfirmed' | 'shifts'> & {
  subsidy: string;
  /** The meeting limit as typed, euros ('' = the location orders no meetings). */
  meeting_limit: string;
  shifts: { id?: number; title: string }[];
};

/**
 * The request schema, reached from what the form holds: the subsidy typed in euros must read as
 * an amount unless the whole order is subsidised (then the stored amount is kept: not sent).
 */
const locationForm = z
  .custom<LocationValues>()
  .superRefine((v, ctx) => {
    if (!v.full_subsidy && eurosFromInput(v.subsidy) === undefined)
      ctx.addIssue({ code: 'custom', path: ['subsidy'], message: 'locations:errors.amount' });
    const limit = eurosFromInput(v.meeting_limit);
    if (limit === undefined || limit === 0)
      ctx.addIssue({ code: 'custom', path: ['meeting_limit'], message: 'locations:errors.meetingLimit' });
  })
  .transform(({ subsidy, meeting_limit, country, ...rest }): z.input<typeof createLocationInput> => {
    const euros = eurosFromInput(subsidy);
    return {
      ...rest,
      country: countryOrDefault(country),
      meeting_limit: eurosFromInput(meeting_limit) ?? null,
      ...(euros !== undefined ? { subsidy: euros ?? 0 } : {}),
    };
  })
  .pipe(createLocationInput);

const valuesOf = (location: Location | null): LocationValues => ({
  title: location?.title ?? '',
  ...addressDraftOf(location),
  contact_name: location?.contact_name ?? '',
  contact_email: location?.contact_email ?? '',
  contact_phone: location?.contact_phone ?? '',
  profit: location?.profit ?? true,
  full_subsidy: location?.full_subsidy ?? false,
  subsidy: location ? eurosToInput(location.subsidy) : '0',
  status: location?.status ?? true,
  disable_cash: location?.disable_cash ?? false,
  meeting_limit: eurosToInput(location?.meeting_limit),
  company_name: location?.company_name ?? '',
  registration_number: location?.registration_number ?? '',
  vat_number: location?.vat_number ?? '',
  shifts: (location?.shifts ?? []).map((s) => ({ id: s.id, title: s.title })),
});

const SHOWN =
  /^(title|address|city|postal_code|country|contact_name|contact_email|contact_phone|profit|full_subsidy|subsidy|status|disable_cash|meeting_limit|company_name|registration_number|vat_number|shifts(\.\d+(\.title)?)?)$/;

/** Create or edit a location (spec 3): contacts, subsidy rules, status and shifts. */
export function LocationEditor({ location, onClose, onSaved }: LocationEditorProps) {
  const { t } = useTranslation('locations');
  const baseId = useId();
  const form = useSchemaForm(locationForm, { defaultValues: valuesOf(location) });
  const field = fieldBinder(form);
  const shifts = useFieldArray({ control: form.control, name: 'shifts', keyName: 'key' });
  const fullSubsidy = form.watch('full_subsidy');
  const save = useEditorSave(
    (input: CreateLocationInput) => (location ? locationsApi.update(location.id, input) : locationsApi.create(input)),
    onSaved,
    { form, shown: SHOWN },
  );
  const error = (path: string) => errorAt(form.formState.errors, path);
  const shiftsError = error('shifts') ?? error('shifts.root');

  return (
    <EditorModal
      size="lg"
      title={location ? t('editor.editTitle', { title: location.title }) : t('editor.newTitle')}
      save={save}
      shownFields={SHOWN}
      onSubmit={form.handleSubmit(save.submit, save.clearError)}
      onClose={onClose}
    >
      <TextField label={t('fields.title')} required maxLength={TITLE_MAX} {...field('title')} />
      <AddressFields streetLabel={t('fields.address')} field={field} />
      <div className="form-grid">
        <TextField label={t('fields.contactName')} maxLength={TITLE_MAX} autoComplete="off" {...field('contact_name')} />
        <TextField label={t('fields.contactEmail')} type="email" maxLength={EMAIL_MAX} autoComplete="off" {...field('contact_email')} />
        <TextField label={t('fields.contactPhone')} type="tel" maxLength={PHONE_MAX} autoComplete="off" {...field('contact_phone')} />
      </div>
      <div className="form-grid">
        <TextField
          label={t('fields.companyName')}
          hint={t('fields.companyHint')}
          maxLength={TITLE_MAX}
          autoComplete="off"
          {...field('company_name')}
        />
        <TextField label={t('fields.registrationNumber')} maxLength={40} autoComplete="off" {...field('registration_number')} />
        <TextField label={t('fields.vatNumber')} maxLength={40} autoComplete="off" {...field('vat_number')} />
      </div>
      <div className="form-grid">
        <CheckboxField label={t('fields.fullSubsidy')} {...field('full_subsidy')} />
        <TextField
          label={t('fields.subsidy')}
          hint={fullSubsidy ? t('editor.subsidyDisabled') : t('editor.subsidyHint')}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          disabled={fullSubsidy}
          {...field('subsidy')}
        />
      </div>
      <CheckboxField label={t('fields.profit')} {...field('profit')} />
      <CheckboxField label={t('fields.disableCash')} {...field('disable_cash')} />
      <TextField
        label={t('fields.meetingLimit')}
        hint={t('editor.meetingLimitHint')}
        type="number"
        min={0.01}
        step={0.01}
        inputMode="decimal"
        {...field('meeting_limit')}
      />
      <CheckboxField label={t('fields.active')} {...field('status')} />

      <fieldset className="allergen-picker">
        <legend className="field__label">{t('fields.shifts')}</legend>
        {shiftsError && <p className="field__error">{shiftsError}</p>}
        {shifts.fields.length === 0 && <p className="muted">{t('editor.noShifts')}</p>}
        <ol className="shift-list">
          {shifts.fields.map((s, i) => {
            const number = i + 1;
            const err = error(`shifts.${i}.title`) ?? error(`shifts.${i}`);
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
                    aria-invalid={err ? true : undefined}
                    {...form.register(`shifts.${i}.title`)}
                  />
                  {err && <p className="field__error">{err}</p>}
                </div>
                <div className="row-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === 0}
                    aria-label={t('editor.shiftUp', { number })}
                    onClick={() => shifts.swap(i, i - 1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={i === shifts.fields.length - 1}
                    aria-label={t('editor.shiftDown', { number })}
                    onClick={() => shifts.swap(i, i + 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="btn--danger-text"
                    aria-label={t('editor.removeShift', { number })}
                    onClick={() => shifts.remove(i)}
                  >
                    {t('actions.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        <div>
          <Button size="sm" onClick={() => shifts.append({ title: '' }, { shouldFocus: false })}>
            + {t('editor.addShift')}
          </Button>
        </div>
      </fieldset>
    </EditorModal>
  );
}

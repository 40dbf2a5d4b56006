import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX, CITY_MAX, DEFAULT_COUNTRY, POSTAL_CODE_MAX } from '../../../shared/limits';
import { TextField } from '../ui/field';

/** An address in parts as the editors keep it (API field names). */
export interface AddressDraft {
  address: string;
  city: string;
  postal_code: string;
  country: string;
}

export const addressDraftOf = (a: Partial<AddressDraft> | null | undefined): AddressDraft => ({
  address: a?.address ?? '',
  city: a?.city ?? '',
  postal_code: a?.postal_code ?? '',
  country: a?.country || DEFAULT_COUNTRY,
});

/** The draft as sent: trimmed, the country upper case (LV when left empty). */
export const addressInput = (a: AddressDraft): AddressDraft => ({
  address: a.address.trim(),
  city: a.city.trim(),
  postal_code: a.postal_code.trim(),
  country: a.country.trim().toUpperCase() || DEFAULT_COUNTRY,
});

interface AddressFieldsProps {
  /** The street line's label (e.g. "Legal address" for a provider). */
  streetLabel: string;
  value: AddressDraft;
  onChange(next: AddressDraft): void;
  /** The first error of an API field. */
  error(field: keyof AddressDraft): string | undefined;
  clear(field: keyof AddressDraft): void;
}

/**
 * Street line, city, post code and country of an address (issue 24: invoices fill their address
 * elements from the parts).
 */
export function AddressFields({ streetLabel, value, onChange, error, clear }: AddressFieldsProps) {
  const { t } = useTranslation('common');
  const set = (field: keyof AddressDraft) => (e: { target: { value: string } }) => {
    onChange({ ...value, [field]: e.target.value });
    clear(field);
  };
  return (
    <>
      <TextField
        label={streetLabel}
        hint={t('address.streetHint')}
        maxLength={ADDRESS_MAX}
        autoComplete="off"
        value={value.address}
        error={error('address')}
        onChange={set('address')}
      />
      <div className="form-grid">
        <TextField
          label={t('address.city')}
          maxLength={CITY_MAX}
          autoComplete="off"
          value={value.city}
          error={error('city')}
          onChange={set('city')}
        />
        <TextField
          label={t('address.postalCode')}
          maxLength={POSTAL_CODE_MAX}
          autoComplete="off"
          value={value.postal_code}
          error={error('postal_code')}
          onChange={set('postal_code')}
        />
        <TextField
          label={t('address.country')}
          hint={t('address.countryHint')}
          maxLength={2}
          autoComplete="off"
          value={value.country}
          error={error('country')}
          onChange={set('country')}
        />
      </div>
    </>
  );
}

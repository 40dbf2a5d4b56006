import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
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

/** The country as sent: LV when left empty (the request schema trims and upper-cases it). */
export const countryOrDefault = (country: string): string => country.trim() || DEFAULT_COUNTRY;

interface AddressFieldsProps {
  /** The street line's label (e.g. "Legal address" for a provider). */
  streetLabel: string;
  /** A part's registered control with its error (fieldBinder of the editor's form). */
  field(name: keyof AddressDraft): UseFormRegisterReturn & { error?: string };
}

/**
 * Street line, city, post code and country of an address (issue 24: invoices fill their address
 * elements from the parts).
 */
export function AddressFields({ streetLabel, field }: AddressFieldsProps) {
  const { t } = useTranslation('common');
  return (
    <>
      <TextField label={streetLabel} hint={t('address.streetHint')} maxLength={ADDRESS_MAX} autoComplete="off" {...field('address')} />
      <div className="form-grid">
        <TextField label={t('address.city')} maxLength={CITY_MAX} autoComplete="off" {...field('city')} />
        <TextField label={t('address.postalCode')} maxLength={POSTAL_CODE_MAX} autoComplete="off" {...field('postal_code')} />
        <TextField label={t('address.country')} hint={t('address.countryHint')} maxLength={2} autoComplete="off" {...field('country')} />
      </div>
    </>
  );
}

import { DEFAULT_COUNTRY } from './limits.js';

/*
 * Postal addresses in parts (issue 24): providers (the invoices' seller) and locations (the buyer
 * and the delivery place) keep the street line (`address`), city, post code and country apart, so
 * the Peppol invoice fills its address elements one by one. Where an address is shown on one line
 * (lap stops, print-outs, the invoice PDF) it is joined the Latvian way: "street, city, LV-1010".
 */

export interface AddressParts {
  /** Street, house and flat. */
  address: string;
  city?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

/** "Brīvības iela 1, Rīga, LV-1010": the non-empty parts, and the country when it is not Latvia. */
export function addressLine(a: AddressParts): string {
  const country = a.country && a.country !== DEFAULT_COUNTRY ? a.country : '';
  return [a.address, a.city, a.postalCode, country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

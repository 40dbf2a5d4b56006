/*
 * Identifiers printed on invoices (issue 16): checked where they are entered, so an invoice never
 * carries a malformed one. Stored without spaces and in capitals.
 */

/** Letters and digits only, in capitals ("lv 4000 3 ..." -> "LV40003..."). */
export function compactId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** An EU VAT number: a two-letter country prefix and 2-13 letters or digits (LV40003000000). */
export function isVatNumber(value: string): boolean {
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(compactId(value));
}

/** A company registration number: 4-20 letters or digits. */
export function isRegistrationNumber(value: string): boolean {
  return /^[0-9A-Z]{4,20}$/.test(compactId(value));
}

/** An IBAN with a valid ISO 13616 check (mod 97 = 1). */
export function isIban(value: string): boolean {
  const v = compactId(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v)) return false;
  const moved = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

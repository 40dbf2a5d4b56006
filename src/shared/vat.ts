/*
 * VAT of VAT-inclusive prices (decision 036). Menu prices, subsidies and every amount in the
 * product include VAT; an invoice states each line's net amount and the VAT per rate. The net of a
 * gross amount is rounded half up to the cent once, and the VAT is the rest, so net + VAT is the
 * gross exactly and no cent is lost or made.
 */

/** Basis points in one whole (10000 bp = 100 %). */
export const BP = 10_000;

/** Net (without VAT) and VAT of a gross amount in cents at `rateBp` basis points (2100 = 21 %). */
export function splitGross(grossCents: number, rateBp: number): { net: number; vat: number } {
  if (!Number.isSafeInteger(grossCents)) throw new RangeError(`Not an amount of cents: ${grossCents}`);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > BP) throw new RangeError(`Not a VAT rate in basis points: ${rateBp}`);
  // Integer arithmetic: net = round(gross * BP / (BP + rate)), half away from zero.
  const sign = grossCents < 0 ? -1 : 1;
  const abs = Math.abs(grossCents);
  const num = abs * BP * 2 + (BP + rateBp);
  const net = sign * Math.floor(num / ((BP + rateBp) * 2));
  return { net, vat: grossCents - net };
}

/** A rate in basis points as the percent an invoice prints ("21", "12.5"). */
export function ratePercent(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const frac = rateBp % 100;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

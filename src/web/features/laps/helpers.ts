import { eurosFromInput } from '../../lib/price';
import { fileSlug } from '../../lib/download';

export { saveBlob } from '../../lib/download';

/** An id from the address; null when it cannot name a row (the server would answer 422). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** File name of a lap report: letters and digits of the lap and menu titles, then the ids. */
export function lapPdfName(lapTitle: string, menuTitle: string, lapId: number, menuId: number): string {
  return `${fileSlug(`${lapTitle} ${menuTitle}`) || 'lap'}-${lapId}-${menuId}.pdf`;
}

/** A typed cash amount as euros with at most two decimals ("4,5" accepted); null when not one. */
export function parseAmount(text: string): number | null {
  const euros = eurosFromInput(text);
  return typeof euros === 'number' ? euros : null;
}

/** Spec 9: a download address is revoked 7 s after use. */
export const DOWNLOAD_REVOKE_MS = 7_000;

/** An id from the address; null when it cannot name a row (the server would answer 422). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Saves a blob under a file name through a temporary object address. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_REVOKE_MS);
}

/** File name of a lap report: letters and digits of the lap and menu titles, then the ids. */
export function lapPdfName(lapTitle: string, menuTitle: string, lapId: number, menuId: number): string {
  const slug = `${lapTitle} ${menuTitle}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${slug || 'lap'}-${lapId}-${menuId}.pdf`;
}

/** A typed cash amount as euros with at most two decimals ("4,5" accepted); null when not one. */
export function parseAmount(text: string): number | null {
  const m = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(`${m[1]}.${(m[2] ?? '0').padEnd(2, '0')}`);
}

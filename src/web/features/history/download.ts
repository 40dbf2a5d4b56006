/** Spec 9: a download address is revoked 7 s after use. */
export const DOWNLOAD_REVOKE_MS = 7_000;

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

/** File name of a menu's report: letters and digits of the title, then the menu id. */
export function reportFileName(title: string, menuId: string | number): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${slug || 'menu'}-${menuId}.pdf`;
}

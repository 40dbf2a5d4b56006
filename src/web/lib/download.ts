/** Spec 9: a download address is revoked 7 s after use. */
export const DOWNLOAD_REVOKE_MS = 7_000;

/** Lets the browser download an address (a file name of '' keeps the server's name). */
export function downloadFrom(href: string, fileName = '') {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves a blob under a file name through a temporary object address. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  downloadFrom(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_REVOKE_MS);
}

/** Letters and digits of a text for a file name ('Zaļā Bļoda' -> 'zala-bloda'); '' when none are left. */
export function fileSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

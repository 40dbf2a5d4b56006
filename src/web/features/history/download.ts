import { fileSlug } from '../../lib/download';

export { saveBlob } from '../../lib/download';

/** File name of a menu's report: letters and digits of the title, then the menu id. */
export function reportFileName(title: string, menuId: string | number): string {
  return `${fileSlug(title) || 'menu'}-${menuId}.pdf`;
}

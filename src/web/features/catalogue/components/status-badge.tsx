import { useTranslation } from '../../../lib/i18n';

/** Active / Inactive pill for status columns. */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('catalogue');
  return <span className={`badge ${active ? 'badge--ok' : 'badge--off'}`}>{active ? t('common.active') : t('common.inactive')}</span>;
}

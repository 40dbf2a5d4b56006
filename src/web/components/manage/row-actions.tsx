import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Button } from '../ui/button';

/** Buttons of one table row; `stack` puts them under each other, `wrap` lets them wrap. */
export function RowActions({ layout, children }: { layout?: 'stack' | 'wrap'; children: ReactNode }) {
  return <div className={`row-actions${layout ? ` row-actions--${layout}` : ''}`}>{children}</div>;
}

/** "Edit", named after the row for screen readers ("Edit Soup"). */
export function EditButton({ name, onClick }: { name: string; onClick(): void }) {
  const { t } = useTranslation('common');
  return (
    <Button size="sm" onClick={onClick} aria-label={t('manage.editNamed', { name })}>
      {t('manage.edit')}
    </Button>
  );
}

/** "Delete", named after the row; opens a DeleteConfirm rather than deleting at once. */
export function DeleteButton({ name, onClick }: { name: string; onClick(): void }) {
  const { t } = useTranslation('common');
  return (
    <Button size="sm" variant="ghost" className="btn--danger-text" onClick={onClick} aria-label={t('manage.deleteNamed', { name })}>
      {t('manage.delete')}
    </Button>
  );
}

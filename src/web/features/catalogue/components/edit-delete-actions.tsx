import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Edit and Delete buttons of one management row, named after the row for screen readers. */
export function EditDeleteActions({ name, onEdit, onDelete }: { name: string; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="row-actions">
      <Button size="sm" onClick={onEdit} aria-label={t('actions.editNamed', { name })}>
        {t('actions.edit')}
      </Button>
      <Button size="sm" variant="ghost" className="btn--danger-text" onClick={onDelete} aria-label={t('actions.deleteNamed', { name })}>
        {t('actions.delete')}
      </Button>
    </div>
  );
}

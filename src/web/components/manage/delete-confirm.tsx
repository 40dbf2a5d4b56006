import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorMessage } from '../ui/form-error-notice';

/**
 * Deleting a row after a confirmation: `ask(row)` opens the dialog, Delete runs `remove(row)`;
 * on success the dialog closes and `onDeleted(row)` follows (notice, refetch). A refusal (e.g.
 * "in use by 3 dishes") stays in the dialog.
 */
export function useDeleteConfirm<T>(remove: (row: T) => Promise<unknown>, onDeleted: (row: T) => void) {
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (_answer, row) => {
      setTarget(null);
      onDeleted(row);
    },
  });
  return {
    target,
    ask: (row: T) => {
      mutation.reset();
      setTarget(row);
    },
    cancel: () => setTarget(null),
    confirm: () => {
      if (target !== null && !mutation.isPending) mutation.mutate(target);
    },
    pending: mutation.isPending,
    error: mutation.error,
  };
}

export type DeleteConfirmState<T> = ReturnType<typeof useDeleteConfirm<T>>;

/** The confirmation dialog of a useDeleteConfirm. */
export function DeleteConfirm<T>({
  state,
  title,
  message,
}: {
  state: DeleteConfirmState<T>;
  title: ReactNode;
  message(row: T): ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog
      open={state.target !== null}
      title={title}
      message={state.target !== null ? message(state.target) : ''}
      confirmLabel={t('manage.delete')}
      busy={state.pending}
      error={state.error ? errorMessage(state.error, t('manage.deleteFailed')) : null}
      onCancel={state.cancel}
      onConfirm={state.confirm}
    />
  );
}

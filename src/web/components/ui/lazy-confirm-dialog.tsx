import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * ConfirmDialog whose code (with the dialog's) loads when it first opens: for buttons shown on a
 * page's first paint, such as the order page's Cancel and Change (decision 057). A closed dialog
 * renders nothing either way, so it behaves the same.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}

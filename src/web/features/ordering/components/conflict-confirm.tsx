import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { hasConflict, type Conflict } from '../../../../shared/dietary';
import { conflictText, type Eater } from './allergen-labels';

// Loaded when a conflict is first asked about: the dialog's code stays out of the page's first load.
const ConfirmDialog = lazy(() => import('../../../components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

interface Pending {
  title: string;
  conflict: Conflict;
  proceed(): void;
}

/**
 * Adding a dish that conflicts with the eater's profile asks first (decision 034): `ask` runs
 * `proceed` at once without a conflict, otherwise after "Add anyway" in the dialog it renders.
 */
export function useConflictConfirm(ctx: { eater: Eater; titles: ReadonlyMap<number, string> }) {
  const { t } = useTranslation(['ordering', 'common']);
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = (title: string, conflict: Conflict, proceed: () => void) => {
    if (hasConflict(conflict)) setPending({ title, conflict, proceed });
    else proceed();
  };
  const dialog: ReactNode = pending && (
    <span onClick={(e) => e.stopPropagation()}>
      <Suspense fallback={null}>
        <ConfirmDialog
          open
          tone="primary"
          title={t('ordering:dietary.confirmTitle')}
          message={t('ordering:dietary.confirmMessage', {
            title: pending.title,
            warning: conflictText(t, pending.conflict, ctx.titles, ctx.eater),
          })}
          confirmLabel={t('ordering:dietary.confirmAdd')}
          onConfirm={() => {
            pending.proceed();
            setPending(null);
          }}
          onCancel={() => setPending(null)}
        />
      </Suspense>
    </span>
  );
  return [dialog, ask] as const;
}

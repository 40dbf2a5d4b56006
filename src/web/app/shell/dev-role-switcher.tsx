import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useMe } from '../../lib/me';
import { useDevRoleSwitch, type DevRole } from './shell-api';

const ROLES: { role: DevRole; label: string }[] = [
  { role: 'admin', label: 'Admin' },
  { role: 'kitchen', label: 'Kitchen' },
  { role: 'customer', label: 'User' },
];

/**
 * Developer-only role switcher (spec 2/6). The header loads this module only when
 * import.meta.env.DEV is true, so production bundles do not contain it.
 */
export default function DevRoleSwitcher() {
  const { t } = useTranslation('shell');
  const me = useMe();
  const switchRole = useDevRoleSwitch();
  const [busy, setBusy] = useState<DevRole | null>(null);

  return (
    <div className="dev-switcher" role="group" aria-label={t('dev.label')}>
      {ROLES.map(({ role, label }) => (
        <button
          key={role}
          type="button"
          className="dev-switcher__btn"
          aria-pressed={me.data?.role === role}
          disabled={busy !== null}
          onClick={() => {
            setBusy(role);
            switchRole(role)
              .catch((e: unknown) => console.error('Role switch failed', e))
              .finally(() => setBusy(null));
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

import { Outlet } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { StatusPage } from '../components/ui/status-page';
import { useMe } from '../lib/me';
import { hasRole, type Role } from '../../shared/roles';

/**
 * Routes that name their roles (`handle: { roles }` in a feature's routes file) render only for
 * those roles; anyone else gets one "not available for your role" page, decided here before the
 * page (and any form on it) renders. The server guards the same calls with the same role lists
 * (src/shared/roles.ts); this only keeps half-working pages away from the wrong role.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const me = useMe();
  if (me.isPending) return <Spinner block size="lg" />;
  // Denied only on a known role: when the profile cannot be loaded (offline, the server briefly
  // unreachable) the page renders and shows what it has (the kitchen display its last data); its
  // calls stay guarded by the server.
  if (me.data && !hasRole(me.data.role, roles)) return <StatusPage kind="denied" />;
  return <Outlet />;
}

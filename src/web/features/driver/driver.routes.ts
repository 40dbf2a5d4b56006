import type { FeatureRoutes, RoleHandle } from '../../lib/feature-routes';
import { STAFF } from '../../../shared/roles';

const access: RoleHandle = { roles: STAFF };

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  // The driver's phone (issue 28): today's laps of the signed-in staff member.
  protected: [{ path: 'driver', lazy: () => import('./routes/driver-page'), handle: access }],
};

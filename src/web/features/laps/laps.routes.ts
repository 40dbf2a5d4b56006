import type { FeatureRoutes, RoleHandle } from '../../lib/feature-routes';
import { STAFF } from '../../../shared/roles';

const access: RoleHandle = { roles: STAFF };

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'laps', lazy: () => import('./routes/laps-page'), handle: access },
    { path: 'menu-laps/:menuId', lazy: () => import('./routes/menu-laps-page'), handle: access },
    { path: 'menu-laps/:menuId/:lapId', lazy: () => import('./routes/lap-report-page'), handle: access },
  ],
};

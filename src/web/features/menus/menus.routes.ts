import type { FeatureRoutes, RoleHandle } from '../../lib/feature-routes';
import { STAFF } from '../../../shared/roles';

const access: RoleHandle = { roles: STAFF };

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'menu', lazy: () => import('./routes/menus-page'), handle: access },
    { path: 'menu/new', lazy: () => import('./routes/menu-new-page'), handle: access },
    { path: 'menu/:menuId', lazy: () => import('./routes/menu-edit-page'), handle: access },
    { path: 'menu/:menuId/balance', lazy: () => import('./routes/menu-balance-page'), handle: access },
  ],
};

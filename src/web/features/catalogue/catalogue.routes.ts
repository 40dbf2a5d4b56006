import type { FeatureRoutes, RoleHandle } from '../../lib/feature-routes';
import { CATALOGUE_MANAGERS } from '../../../shared/roles';

const access: RoleHandle = { roles: CATALOGUE_MANAGERS };

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'categories', lazy: () => import('./routes/categories-page'), handle: access },
    { path: 'dishes', lazy: () => import('./routes/dishes-page'), handle: access },
  ],
};

import type { FeatureRoutes } from '../../lib/feature-routes';
import { STAFF } from '../../../shared/roles';

// Route table of this feature; src/web/app/router.tsx picks it up by file name (decision 080).
export const routes: FeatureRoutes = {
  protected: [
    // Staff: the provider's rated dishes; a location manager: their eaters' averages (the API answers who may).
    { path: 'ratings', lazy: () => import('./routes/ratings-page') },
    { path: 'ratings/dishes/:id', lazy: () => import('./routes/dish-ratings-page'), handle: { roles: STAFF } },
  ],
};

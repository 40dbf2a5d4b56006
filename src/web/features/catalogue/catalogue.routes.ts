import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'categories', lazy: () => import('./routes/categories-page') },
    { path: 'dishes', lazy: () => import('./routes/dishes-page') },
  ],
};

import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'menu', lazy: () => import('./routes/menus-page') },
    { path: 'menu/new', lazy: () => import('./routes/menu-new-page') },
    { path: 'menu/:menuId', lazy: () => import('./routes/menu-edit-page') },
    { path: 'menu/:menuId/balance', lazy: () => import('./routes/menu-balance-page') },
  ],
};

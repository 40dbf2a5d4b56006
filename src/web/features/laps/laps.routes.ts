import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'laps', lazy: () => import('./routes/laps-page') },
    { path: 'menu-laps/:menuId', lazy: () => import('./routes/menu-laps-page') },
    { path: 'menu-laps/:menuId/:lapId', lazy: () => import('./routes/lap-report-page') },
  ],
};

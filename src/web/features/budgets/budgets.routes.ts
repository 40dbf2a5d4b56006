import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    // A location's groups and budget rules: its manager (a customer) or an administrator; the API answers who may.
    { path: 'locations/:id/budgets', lazy: () => import('./routes/budgets-page') },
    // The employer's spend: managers (their location), administrators (any or all), kitchen (no names).
    { path: 'spend', lazy: () => import('./routes/spend-page') },
  ],
};

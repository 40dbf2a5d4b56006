import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'plan-ahead', lazy: () => import('./routes/plan-ahead-page') },
    // A location's closed days: its manager (a customer) or staff; the API answers who may.
    { path: 'locations/:id/closed-days', lazy: () => import('./routes/closed-days-page') },
  ],
};

import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [{ path: 'company-sign-in', lazy: () => import('./routes/identity-providers-page') }],
};

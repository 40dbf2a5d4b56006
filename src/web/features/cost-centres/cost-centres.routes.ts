import type { FeatureRoutes, RoleHandle } from '../../lib/feature-routes';

/** Administrators (any company) and location managers (their own company; the server checks the flag). */
const access: RoleHandle = { roles: ['admin', 'customer'] };

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [{ path: 'cost-centres', lazy: () => import('./routes/cost-centres-page'), handle: access }],
};

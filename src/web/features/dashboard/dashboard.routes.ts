import type { FeatureRoutes } from '../../lib/feature-routes';
import { STAFF } from '../../../shared/roles';

// The sales and waste dashboard (issue 27, decision 063): a lazy route, so chart.js loads only here.
export const routes: FeatureRoutes = {
  protected: [{ path: 'dashboard', lazy: () => import('./routes/dashboard-page'), handle: { roles: STAFF } }],
};

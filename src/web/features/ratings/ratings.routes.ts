import type { FeatureRoutes } from '../../lib/feature-routes';

// The eater's rating link (decision 079): public (no session), loaded on first visit. The rating
// form itself lives in components/ratings, shared with the order's page and the order page's card.
export const routes: FeatureRoutes = {
  public: [{ path: 'rate/:token', lazy: () => import('./routes/rate-page') }],
};

import type { FeatureRoutes } from '../../lib/feature-routes';

// The host's page in the app; the visitor's page public (no session), each loaded on first visit.
export const routes: FeatureRoutes = {
  public: [{ path: 'visit/:token', lazy: () => import('./routes/visit-page') }],
  protected: [{ path: 'visitors', lazy: () => import('./routes/visitors-page') }],
};

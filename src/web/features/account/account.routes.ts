import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [{ path: 'profile', lazy: () => import('./routes/profile-page') }],
  // The reminder e-mail's unsubscribe link works without signing in (decision 033).
  public: [{ path: 'reminders/unsubscribe', lazy: () => import('./routes/unsubscribe-page') }],
};

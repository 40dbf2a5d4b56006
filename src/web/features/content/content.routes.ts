import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  // The accessibility statement is for everyone, signed in or not.
  public: [{ path: 'accessibility', lazy: () => import('./routes/accessibility-page') }],
  protected: [
    { path: 'privacy', lazy: () => import('./routes/privacy-page') },
    { path: 'terms-and-conditions', lazy: () => import('./routes/terms-page') },
  ],
};

import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name. Lazy: not in the order page's bundle.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'meetings', lazy: () => import('./routes/meetings-page') },
    { path: 'meetings/new', lazy: () => import('./routes/new-meeting-page') },
  ],
};

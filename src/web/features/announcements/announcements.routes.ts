import { STAFF } from '../../../shared/roles';
import type { FeatureRoutes } from '../../lib/feature-routes';

// Lazy: not in the order page's bundle.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'announcements', lazy: () => import('./routes/announcements-page'), handle: { roles: STAFF } },
    { path: 'announcements/new', lazy: () => import('./routes/announcement-editor-page'), handle: { roles: STAFF } },
    { path: 'announcements/:id/edit', lazy: () => import('./routes/announcement-editor-page'), handle: { roles: STAFF } },
    { path: 'announcements/:id', lazy: () => import('./routes/announcement-page'), handle: { roles: STAFF } },
  ],
};

import { STAFF } from '../../../shared/roles';
import type { FeatureRoutes } from '../../lib/feature-routes';

// Lazy, one chunk for the area's pages: not in the order page's bundle, one preload list in its entry.
const pages = () => import('./routes/pages');

export const routes: FeatureRoutes = {
  protected: [
    { path: 'announcements', lazy: () => pages().then((m) => ({ Component: m.ListPage })), handle: { roles: STAFF } },
    { path: 'announcements/new', lazy: () => pages().then((m) => ({ Component: m.EditorPage })), handle: { roles: STAFF } },
    { path: 'announcements/:id/edit', lazy: () => pages().then((m) => ({ Component: m.EditorPage })), handle: { roles: STAFF } },
    { path: 'announcements/:id', lazy: () => pages().then((m) => ({ Component: m.DetailPage })), handle: { roles: STAFF } },
  ],
};

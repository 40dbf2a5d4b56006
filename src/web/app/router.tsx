/**
 * The route tree. Features plug in without editing this file:
 *
 *   1. Create src/web/features/<area>/<area>.routes.ts exporting
 *        export const routes: FeatureRoutes = {
 *          public:    [ ...RouteObject ],   // no token needed; public layout
 *          protected: [ ...RouteObject ],   // token needed; inside the app shell
 *        };
 *      (FeatureRoutes is in src/web/lib/feature-routes.ts.) The glob below finds the file.
 *   2. Make each route lazy so its code loads on first visit:
 *        { path: 'categories', lazy: () => import('./routes/categories-page') }
 *      where the page module exports `Component` (and optionally `loader`, `action`,
 *      `ErrorBoundary`, `handle`), React Router's lazy route module convention.
 *   3. Paths are relative (no leading slash). React Router ranks routes by specificity, so the
 *      order of features does not matter; two features must not claim the same path.
 *
 * To replace a "coming soon" placeholder, rewrite the placeholder page file in your feature's
 * routes/ folder (or point the entry in your <area>.routes.ts at a new file).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import type { FeatureRoutes } from '../lib/feature-routes';
import { PublicLayout } from './public-layout';
import { RequireAuth } from './require-auth';
import { RootErrorPage } from './root-error-page';
import { RootLayout } from './root-layout';
import { AppShell } from './shell/app-shell';

const featureModules = import.meta.glob<{ routes: FeatureRoutes }>('../features/*/*.routes.ts', { eager: true });

/** Features in a stable order (by file path), so the tree does not depend on glob order. */
const features = Object.keys(featureModules)
  .sort()
  .map((path) => featureModules[path].routes);

export const publicRoutes: RouteObject[] = features.flatMap((f) => f.public ?? []);
export const protectedRoutes: RouteObject[] = features.flatMap((f) => f.protected ?? []);

export const routeTree: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <Spinner block size="lg" />,
    children: [
      { id: 'public', element: <PublicLayout />, children: publicRoutes },
      {
        id: 'app',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: protectedRoutes,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeTree);
}

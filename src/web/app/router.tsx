/**
 * The route tree. Features plug in without editing this file:
 *
 *   1. Create src/web/features/<area>/<area>.routes.ts exporting
 *        export const routes: FeatureRoutes = {
 *          public:    [ ...RouteObject ],   // no token needed; public layout
 *          protected: [ ...RouteObject ],   // token needed; inside the app shell
 *        };
 *      (FeatureRoutes is in src/web/lib/feature-routes.ts.) The globs find the file.
 *   2. Make each route lazy so its code loads on first visit:
 *        { path: 'categories', lazy: () => import('./routes/categories-page') }
 *      where the page module exports `Component` (and optionally `loader`, `action`,
 *      `ErrorBoundary`, `handle`), React Router's lazy route module convention.
 *   3. A page only some roles may open names them: `handle: { roles: STAFF }` (src/shared/roles.ts);
 *      everyone else gets the "not available for your role" page before the page renders.
 *   4. Paths are relative (no leading slash). React Router ranks routes by specificity, so the
 *      order of features does not matter; two features must not claim the same path.
 *   5. The eater's features (eater-routes.ts, EATER_FEATURES in vite.config.ts) are in the entry;
 *      every other feature's tables load as one chunk on the first navigation to a path the
 *      eater's tables leave to their catch-all (staff-routes.ts, decision 090).
 *
 * The whole walk-through for a new area (both sides) is docs/adding-an-area.md.
 */
import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { eaterRoutes } from './eater-routes';
import type { RouteTables } from './feature-tables';
import { PublicLayout } from './public-layout';
import { RequireAuth } from './require-auth';
import { RootErrorPage } from './root-error-page';
import { RootLayout } from './root-layout';
import { AppShell } from './shell/app-shell';

export const routeTree: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <Spinner block size="lg" />,
    children: [
      { id: 'public', element: <PublicLayout />, children: eaterRoutes.public },
      {
        id: 'app',
        element: (
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        ),
        children: eaterRoutes.protected,
      },
    ],
  },
];

let staffTables: Promise<RouteTables> | undefined;
/** The staff's and managers' route tables (one chunk, fetched once). */
export function loadStaffRoutes(): Promise<RouteTables> {
  staffTables ??= import('./staff-routes').then((m) => m.staffRoutes);
  return staffTables;
}

/**
 * The router asks this when a path matches no route or a route with parameters. Only a path the
 * eater's tables leave to their catch-all (`*`, the order page) may be a staff page: then the
 * staff tables are loaded and added under the public layout and the app shell, once, and the
 * router matches again (a deep link or reload on /kds/12 lands on the kitchen display). An
 * eater's page with parameters (/order/5, /rate/…) is answered without them.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ matches, patch, signal }) => {
  if (patched) return;
  const leaf = matches.at(-1)?.route;
  if (leaf?.path !== undefined && leaf.path !== '*') return;
  const tables = await loadStaffRoutes();
  if (patched || signal.aborted) return;
  patched = true;
  patch('public', tables.public);
  patch('app', tables.protected);
};
let patched = false;

export function createAppRouter() {
  return createBrowserRouter(routeTree, { patchRoutesOnNavigation });
}

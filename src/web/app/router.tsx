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
 *   3. A page only some roles may open names them: `handle: { roles: STAFF }` (src/shared/roles.ts);
 *      everyone else gets the "not available for your role" page before the page renders.
 *   4. Paths are relative (no leading slash). React Router ranks routes by specificity, so the
 *      order of features does not matter; two features must not claim the same path.
 *
 * The whole walk-through for a new area (both sides) is docs/adding-an-area.md.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import type { FeatureRoutes, RoleHandle } from '../lib/feature-routes';
import { PublicLayout } from './public-layout';
import { RequireAuth } from './require-auth';
import { RequireRole } from './require-role';
import { RootErrorPage } from './root-error-page';
import { RootLayout } from './root-layout';
import { AppShell } from './shell/app-shell';

const featureModules = import.meta.glob<{ routes: FeatureRoutes }>('../features/*/*.routes.ts', { eager: true });

/** Features in a stable order (by file path), so the tree does not depend on glob order. */
const features = Object.keys(featureModules)
  .sort()
  .map((path) => featureModules[path].routes);

export const publicRoutes: RouteObject[] = features.flatMap((f) => f.public ?? []);
/**
 * A route naming its roles is wrapped in RequireRole, which decides before the page loads or
 * renders whether this user may see it; every staff route goes through this one gate.
 */
function withRoleGate(route: RouteObject): RouteObject {
  const roles = (route.handle as Partial<RoleHandle> | undefined)?.roles;
  if (!roles) return route;
  return { element: <RequireRole roles={roles} />, children: [route] };
}

export const protectedRoutes: RouteObject[] = features.flatMap((f) => f.protected ?? []).map(withRoleGate);

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

import type { RouteObject } from 'react-router';
import type { FeatureRoutes, RoleHandle } from '../lib/feature-routes';
import { RequireRole } from './require-role';

/** A feature group's route tables: the public layout's routes and the app shell's. */
export interface RouteTables {
  public: RouteObject[];
  protected: RouteObject[];
}

/**
 * A route naming its roles is wrapped in RequireRole, which decides before the page loads or
 * renders whether this user may see it; every staff route goes through this one gate.
 */
function withRoleGate(route: RouteObject): RouteObject {
  const roles = (route.handle as Partial<RoleHandle> | undefined)?.roles;
  if (!roles) return route;
  return { element: <RequireRole roles={roles} />, children: [route] };
}

/** The route tables of globbed `<area>.routes.ts` modules, in a stable order (by file path). */
export function routeTables(modules: Record<string, { routes: FeatureRoutes }>): RouteTables {
  const features = Object.keys(modules)
    .sort()
    .map((path) => modules[path].routes);
  return {
    public: features.flatMap((f) => f.public ?? []),
    protected: features.flatMap((f) => f.protected ?? []).map(withRoleGate),
  };
}

import type { RouteObject } from 'react-router';
import type { Role } from '../../shared/roles';

/** `handle` of a protected route that only some roles may open (src/web/app/require-role.tsx). */
export interface RoleHandle {
  roles: readonly Role[];
}

/**
 * What a feature's `<area>.routes.ts` exports as `routes`. See src/web/app/router.tsx.
 * - public: reachable without a token (login, password pages, public menu), in the public layout.
 * - protected: need a token; rendered inside the app shell (header + side navigation). A route
 *   with `handle: { roles }` (a RoleHandle, lists from src/shared/roles.ts) opens only for them.
 */
export interface FeatureRoutes {
  public?: RouteObject[];
  protected?: RouteObject[];
}

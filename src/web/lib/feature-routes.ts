import type { RouteObject } from 'react-router';

/**
 * What a feature's `<area>.routes.ts` exports as `routes`. See src/web/app/router.tsx.
 * - public: reachable without a token (login, password pages, public menu), in the public layout.
 * - protected: need a token; rendered inside the app shell (header + side navigation).
 */
export interface FeatureRoutes {
  public?: RouteObject[];
  protected?: RouteObject[];
}

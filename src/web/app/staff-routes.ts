/**
 * The route tables of the staff's and managers' features (decision 090): every feature but the
 * eater's own (eater-routes.ts, EATER_FEATURES in vite.config.ts). This module is a chunk
 * of its own, loaded by the router on the first navigation its eager tables do not answer
 * (router.tsx, `patchRoutesOnNavigation`), so an eater's first load carries none of their paths
 * or lazy imports. A new feature lands here unless it is added to the eater's list.
 */
import type { FeatureRoutes } from '../lib/feature-routes';
import { routeTables } from './feature-tables';

const featureModules = import.meta.glob<{ routes: FeatureRoutes }>(
  ['../features/*/*.routes.ts', '!../features/{ordering,account,auth,history,ratings,plan-ahead,content,visitors,identity}/*.routes.ts'],
  { eager: true },
);

/** The routes files found, for the test that every feature is in exactly one group. */
export const staffRouteFiles = Object.keys(featureModules);
export const staffRoutes = routeTables(featureModules);

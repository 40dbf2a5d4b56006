/**
 * The route tables of the eater's own features, in the entry chunk every first load carries
 * (decision 090). Every other feature's tables are in staff-routes.ts, loaded on demand. The list
 * is EATER_FEATURES in vite.config.ts too (its chunks keep their preload lists).
 */
import type { FeatureRoutes } from '../lib/feature-routes';
import { routeTables } from './feature-tables';

const featureModules = import.meta.glob<{ routes: FeatureRoutes }>(
  '../features/{ordering,account,auth,history,ratings,plan-ahead,content,visitors,identity}/*.routes.ts',
  { eager: true },
);

/** The routes files found, for the test that every feature is in exactly one group. */
export const eaterRouteFiles = Object.keys(featureModules);
export const eaterRoutes = routeTables(featureModules);

import type { App, Deps } from '../../lib/context.js';

/** Routes of the ordering area (to be built). */
export async function orderingRoutes(_app: App, _deps: Deps) {}

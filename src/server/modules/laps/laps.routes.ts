import type { App, Deps } from '../../lib/context.js';

/** Routes of the laps area (to be built). */
export async function lapsRoutes(_app: App, _deps: Deps) {}

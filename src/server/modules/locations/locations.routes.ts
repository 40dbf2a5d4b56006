import type { App, Deps } from '../../lib/context.js';

/** Routes of the locations area (to be built). */
export async function locationsRoutes(_app: App, _deps: Deps) {}

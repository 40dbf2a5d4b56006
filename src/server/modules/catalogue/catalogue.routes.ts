import type { App, Deps } from '../../lib/context.js';

/** Routes of the catalogue area (to be built). */
export async function catalogueRoutes(_app: App, _deps: Deps) {}

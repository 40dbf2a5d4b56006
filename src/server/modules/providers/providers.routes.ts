import type { App, Deps } from '../../lib/context.js';

/** Routes of the providers area (to be built). */
export async function providersRoutes(_app: App, _deps: Deps) {}

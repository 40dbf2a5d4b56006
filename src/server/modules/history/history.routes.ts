import type { App, Deps } from '../../lib/context.js';

/** Routes of the history area (to be built). */
export async function historyRoutes(_app: App, _deps: Deps) {}

import type { App, Deps } from '../../lib/context.js';

/** Routes of the payments area (to be built). */
export async function paymentsRoutes(_app: App, _deps: Deps) {}

import type { App, Deps } from '../../lib/context.js';

/** Routes of the kitchen area (to be built). */
export async function kitchenRoutes(_app: App, _deps: Deps) {}

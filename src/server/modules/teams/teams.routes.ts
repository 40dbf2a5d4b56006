import type { App, Deps } from '../../lib/context.js';

/** Routes of the teams area (to be built). */
export async function teamsRoutes(_app: App, _deps: Deps) {}

import type { App, Deps } from '../../lib/context.js';

/** Routes of the menus area (to be built). */
export async function menusRoutes(_app: App, _deps: Deps) {}

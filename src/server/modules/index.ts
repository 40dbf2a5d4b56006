import type { App, Deps } from '../lib/context.js';
import { accountRoutes } from './account/account.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { contentRoutes } from './content/content.routes.js';

/** Every area's routes, mounted under /app. Add one line per area. */
export async function registerModules(app: App, deps: Deps): Promise<void> {
  await authRoutes(app, deps);
  await accountRoutes(app, deps);
  await contentRoutes(app, deps);
  await adminRoutes(app, deps);
}

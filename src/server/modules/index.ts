import type { App, Deps } from '../lib/context.js';
import { accountRoutes } from './account/account.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { favouritesRoutes } from './favourites/favourites.routes.js';
import { eventsRoutes } from './events/events.routes.js';
import { historyRoutes } from './history/history.routes.js';
import { identityRoutes } from './identity/identity.routes.js';
import { invoicesRoutes } from './invoices/invoices.routes.js';
import { kitchenRoutes } from './kitchen/kitchen.routes.js';
import { lapsRoutes } from './laps/laps.routes.js';
import { ledgerRoutes } from './ledger/ledger.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { menusRoutes } from './menus/menus.routes.js';
import { orderingRoutes } from './ordering/ordering.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { providersRoutes } from './providers/providers.routes.js';
import { remindersRoutes } from './reminders/reminders.routes.js';
import { teamsRoutes } from './teams/teams.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every area's routes, mounted under /app. Each area owns its folder. */
export async function registerModules(app: App, deps: Deps): Promise<void> {
  await authRoutes(app, deps);
  await accountRoutes(app, deps);
  await contentRoutes(app, deps);
  await adminRoutes(app, deps);
  await catalogueRoutes(app, deps);
  await locationsRoutes(app, deps);
  await providersRoutes(app, deps);
  await menusRoutes(app, deps);
  await orderingRoutes(app, deps);
  await paymentsRoutes(app, deps);
  await favouritesRoutes(app, deps);
  await historyRoutes(app);
  await kitchenRoutes(app, deps);
  await lapsRoutes(app, deps);
  await teamsRoutes(app, deps);
  await usersRoutes(app, deps);
  await identityRoutes(app, deps);
  await remindersRoutes(app, deps);
  await eventsRoutes(app, deps);
  await invoicesRoutes(app, deps);
  await auditRoutes(app, deps);
  await ledgerRoutes(app, deps);
}

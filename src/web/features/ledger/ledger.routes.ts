import type { FeatureRoutes, RoleHandle } from '../../lib/feature-routes';
import { ADMINS } from '../../../shared/roles';

const access: RoleHandle = { roles: ADMINS };

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [{ path: 'ledger', lazy: () => import('./routes/ledger-page'), handle: access }],
};

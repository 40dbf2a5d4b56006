import type { FeatureRoutes, RoleHandle } from '../../lib/feature-routes';
import { STAFF } from '../../../shared/roles';

const access: RoleHandle = { roles: STAFF };

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  protected: [
    { path: 'kds/:menuId', lazy: () => import('./routes/kitchen-display-page'), handle: access },
    // A label's QR code (issue 14): staff sign in first, then the portion is marked handed over.
    { path: 'handover/:orderId/:itemId/:unit', lazy: () => import('./routes/handover-page'), handle: access },
  ],
};

import type { FeatureRoutes } from '../../lib/feature-routes';

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  public: [{ path: 'public/menu', lazy: () => import('./routes/public-menu-page') }],
  protected: [
    { index: true, lazy: () => import('./routes/new-order-page') },
    { path: '*', lazy: () => import('./routes/new-order-page') },
    { path: 'order', lazy: () => import('./routes/new-order-page') },
    { path: 'week', lazy: () => import('./routes/week-page') },
    { path: 'order/result', lazy: () => import('./routes/order-result-page') },
    { path: 'order/success', lazy: () => import('./routes/order-success-page') },
    { path: 'order/fail', lazy: () => import('./routes/order-fail-page') },
    { path: 'order/:orderId', lazy: () => import('./routes/order-details-page') },
  ],
};

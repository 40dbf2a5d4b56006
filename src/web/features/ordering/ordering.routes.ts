import type { FeatureRoutes } from '../../lib/feature-routes';
import { loadNamespaces } from '../../lib/i18n';

/** A page whose texts are in the `checkout` namespace: its code and its texts load side by side. */
const withCheckoutTexts = <M>(page: Promise<M>) => Promise.all([page, loadNamespaces(['checkout'])]).then(([m]) => m);

// Route table of this feature; src/web/app/router.tsx picks it up by file name.
export const routes: FeatureRoutes = {
  public: [{ path: 'public/menu', lazy: () => import('./routes/public-menu-page') }],
  protected: [
    { index: true, lazy: () => import('./routes/new-order-page') },
    { path: '*', lazy: () => import('./routes/new-order-page') },
    { path: 'order', lazy: () => import('./routes/new-order-page') },
    { path: 'week', lazy: () => import('./routes/week-page') },
    { path: 'order/result', lazy: () => withCheckoutTexts(import('./routes/order-result-page')) },
    { path: 'order/success', lazy: () => withCheckoutTexts(import('./routes/order-success-page')) },
    { path: 'order/fail', lazy: () => withCheckoutTexts(import('./routes/order-fail-page')) },
    { path: 'order/:orderId', lazy: () => withCheckoutTexts(import('./routes/order-details-page')) },
  ],
};

import type { FeatureRoutes } from '../../lib/feature-routes';

export const routes: FeatureRoutes = {
  public: [
    { path: 'login', lazy: () => import('./routes/login-page') },
    { path: 'login/company', lazy: () => import('./routes/company-sign-in-page') },
    { path: 'password/request', lazy: () => import('./routes/password-request-page') },
    { path: 'password/reset/:hash', lazy: () => import('./routes/password-reset-page') },
    { path: 'password/create/:hash', lazy: () => import('./routes/password-create-page') },
    { path: 'user/register-invited/:hash', lazy: () => import('./routes/register-invited-page') },
  ],
};

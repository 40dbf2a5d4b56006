import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useSession } from '../lib/session-store';
import { MaintenanceScreen } from './maintenance-screen';
import { TestPaymentsBanner } from './test-payments-banner';
import { useRouteFocus } from './use-route-focus';

/** Top of every route: the maintenance switch, the loading bar, scroll restoration and focus on route change. */
export function RootLayout() {
  const maintenance = useSession((s) => s.maintenance);
  const busy = useSession((s) => s.loading.length > 0);
  const navigate = useNavigate();
  const wasInMaintenance = useRef(maintenance);
  useRouteFocus();

  // Spec 2: when maintenance ends, the visitor is sent home.
  useEffect(() => {
    if (wasInMaintenance.current && !maintenance) navigate('/', { replace: true });
    wasInMaintenance.current = maintenance;
  }, [maintenance, navigate]);

  if (maintenance) return <MaintenanceScreen />;

  return (
    <>
      <div className={`progress-bar ${busy ? 'is-active' : ''}`} aria-hidden="true" />
      <TestPaymentsBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

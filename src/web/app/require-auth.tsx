import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session-store';

/**
 * Signed-in routes: without a token the visitor goes to /login, which returns them here after
 * signing in. Reacts to the token at any time, so a 401 anywhere logs the user out at once.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}

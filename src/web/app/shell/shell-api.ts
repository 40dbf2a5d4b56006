import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { Navigation } from '../../../shared/schemas/content';
import { api } from '../../lib/api';
import { useLiveRefetch, type LiveRefetch, type ServerEvent } from '../../lib/events';
import { ME_KEY } from '../../lib/me';
import { useApiQuery } from '../../lib/query';
import { FALLBACK_LANGUAGES, useSession, type Language } from '../../lib/session-store';

/** GET /app/navigation: groups with titles already translated for `lang`. */
export type { Navigation };

export const NAVIGATION_KEY = ['navigation'] as const;

export function useNavigationData() {
  const token = useSession((s) => s.token);
  return useApiQuery<Navigation>(NAVIGATION_KEY, '/app/navigation', { enabled: Boolean(token), staleTime: 5 * 60_000 });
}

/** `page` from the server → app path: "menu" → "/menu", "" → "/". */
export function pagePath(page: string): string {
  const trimmed = page.trim().replace(/^\/+/, '');
  return `/${trimmed}`;
}

/**
 * Languages offered by the server (GET /app/translations), kept in the session store; the three
 * UI languages stand in while it loads or when it fails.
 */
export function useLanguages(): Language[] {
  const languages = useSession((s) => s.languages);
  const setLanguages = useSession((s) => s.setLanguages);
  const query = useApiQuery<{ languages?: Language[] }>(['translations'], '/app/translations', {
    staleTime: 10 * 60_000,
  });
  const fetched = query.data?.languages;
  useEffect(() => {
    if (fetched?.length) setLanguages(fetched.filter((l) => typeof l?.code === 'string'));
  }, [fetched, setLanguages]);
  return languages.length ? languages : FALLBACK_LANGUAGES;
}

/**
 * Whether the server's payments are the sandbox's (GET /app/translations `test_payments`): card
 * and bank payments then move no money, and every page says so.
 */
export function useTestPayments(): boolean {
  const query = useApiQuery<{ test_payments?: boolean }>(['translations'], '/app/translations', { staleTime: 10 * 60_000 });
  return query.data?.test_payments === true;
}

/** POST /app/logout; the token is cleared on 200–399 (spec 4). */
export async function logout() {
  try {
    await api.post('/app/logout', undefined, { parse: 'none' });
    useSession.getState().logout();
  } catch (error) {
    // The visitor asked to leave: forget the token here even if the server could not be told
    // (it expires on its own). A 401 has already cleared it.
    console.error('Logout failed', error);
    useSession.getState().logout();
  }
}

export type DevRole = 'admin' | 'kitchen' | 'customer';

/** Developer-only role switch (POST /app/develop/switch-*), then fresh profile and navigation. */
export function useDevRoleSwitch() {
  const client = useQueryClient();
  const setToken = useSession((s) => s.setToken);
  return async (role: DevRole) => {
    const answer = await api.post<{ token?: string }>(`/app/develop/switch-${role}`);
    if (answer && typeof answer.token === 'string' && answer.token) setToken(answer.token);
    await Promise.all([client.invalidateQueries({ queryKey: ME_KEY }), client.invalidateQueries({ queryKey: NAVIGATION_KEY })]);
  };
}

/** POST /app/review/send { message }. Resolves false when rate limited (ignored). */
export async function sendReview(message: string): Promise<boolean> {
  const answer = await api.post<unknown>('/app/review/send', { message }, { parse: 'text' });
  return answer !== undefined;
}

/** While the event stream is down, the badge of new orders refreshes this often. */
const NEW_ORDERS_POLL_MS = 30_000;

/**
 * Staff: orders not yet accepted (GET /app/order/new-count), for the "Orders" link's badge;
 * refreshed on the event stream's order events (at most once a second), polled while it is down.
 */
export function useNewOrdersCount(enabled: boolean): number {
  const route = useCallback(
    (event: ServerEvent): LiveRefetch | null =>
      enabled && event.type !== 'menu' ? { bucket: 'new-orders', queryKey: NEW_ORDERS_KEY, gapMs: 1000 } : null,
    [enabled],
  );
  const live = useLiveRefetch(route);
  const query = useApiQuery<{ count: number }>(NEW_ORDERS_KEY, '/app/order/new-count', {
    enabled,
    silent: true,
    staleTime: live ? 60_000 : 0,
    refetchInterval: enabled && !live ? NEW_ORDERS_POLL_MS : false,
  });
  return enabled ? (query.data?.count ?? 0) : 0;
}

export const NEW_ORDERS_KEY = ['orders', 'new-count'] as const;

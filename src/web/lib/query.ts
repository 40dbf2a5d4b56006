import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api, type Query } from './api';
import { useSession } from './session-store';

/**
 * The part of every query key that makes server data follow the session: switching language or
 * provider gives new keys, so TanStack Query refetches (the server translates titles for `lang`).
 */
export function useSessionKey() {
  const lang = useSession((s) => s.lang);
  const provider = useSession((s) => s.activeProviderId);
  return { lang, provider } as const;
}

export interface ApiQueryOptions<T> extends Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'> {
  query?: Query;
  /** Leave the request out of the global progress bar (polling). */
  silent?: boolean;
}

/**
 * GET `path` as a query keyed by `key` plus language, provider and query parameters.
 * Example: `useApiQuery<Me>(['me'], '/app/me')`.
 */
export function useApiQuery<T>(key: readonly unknown[], path: string, options: ApiQueryOptions<T> = {}) {
  const session = useSessionKey();
  const { query, silent, ...rest } = options;
  return useQuery<T, Error, T, readonly unknown[]>({
    queryKey: [...key, session, query ?? null],
    queryFn: ({ signal }) => api.query<T>(path, { query, signal, silent }),
    ...rest,
  });
}

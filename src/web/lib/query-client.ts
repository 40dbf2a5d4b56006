import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** Answers that a retry cannot change. */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 409, 410, 422, 429, 503]);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && FINAL_STATUSES.has(error.status)) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

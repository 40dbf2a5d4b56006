import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { FavouriteResult, FavouritesResult } from '../../../shared/schemas/favourites';
import { api } from '../../lib/api';
import { useApiQuery, useSessionKey } from '../../lib/query';

const FAVOURITES_KEY = ['order', 'favourites'] as const;

/**
 * The signed-in user's favourite dishes of the active provider: a small call of its own
 * (GET /app/favourites), never part of the order page's shared answer (decision 032).
 */
export function useFavourites() {
  const query = useApiQuery<FavouritesResult>(FAVOURITES_KEY, '/app/favourites', { staleTime: 5 * 60_000 });
  const ids = query.data?.dish_ids;
  const set = useMemo(() => new Set(ids ?? []), [ids]);
  return { ids: set, loaded: query.isSuccess };
}

/**
 * Marks or unmarks a favourite (PUT / DELETE /app/favourites/{dishId}); the list follows at once and
 * is put back on failure (`isError` until the next toggle). A plain call rather than TanStack's
 * useMutation: this is on the order page's first paint, and useMutation's code (0.9 KB gzip) is
 * needed there by nothing else (decision 058).
 */
export function useToggleFavourite() {
  const client = useQueryClient();
  const session = useSessionKey();
  const [isError, setIsError] = useState(false);
  const mutate = useCallback(
    ({ dishId, favourite }: { dishId: number; favourite: boolean }) => {
      const key = [...FAVOURITES_KEY, session, null];
      setIsError(false);
      void (async () => {
        await client.cancelQueries({ queryKey: key });
        const before = client.getQueryData<FavouritesResult>(key);
        const ids = new Set(before?.dish_ids ?? []);
        if (favourite) ids.add(dishId);
        else ids.delete(dishId);
        client.setQueryData<FavouritesResult>(key, { dish_ids: [...ids] });
        try {
          await (favourite
            ? api.put<FavouriteResult>(`/app/favourites/${dishId}`)
            : api.delete<FavouriteResult>(`/app/favourites/${dishId}`));
        } catch {
          if (before) client.setQueryData(key, before);
          setIsError(true);
        } finally {
          await client.invalidateQueries({ queryKey: key });
        }
      })();
    },
    [client, session],
  );
  return { mutate, isError };
}

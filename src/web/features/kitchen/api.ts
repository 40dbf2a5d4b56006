import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { KitchenResult, TicketGrouping, TicketOrdersResult, TicketsResult } from '../../../shared/schemas/kitchen';
import type { LeftoversResult, LeftoversWritten } from '../../../shared/schemas/waste';
import { api } from '../../lib/api';
import { useLiveRefetch, type LiveRefetch, type ServerEvent } from '../../lib/events';
import { useApiQuery } from '../../lib/query';
import { KITCHEN_REFRESH_MS, LIVE_REFETCH_MS } from './display';

export type { KitchenResult, LeftoversResult, TicketsResult };

export const KITCHEN_KEYS = {
  /** Everything of one menu's display (counts and tickets): what an event invalidates. */
  menu: (menuId: number | null) => ['kitchen', menuId] as const,
  tickets: (menuId: number | null, by: TicketGrouping) => ['kitchen', menuId, 'tickets', by] as const,
  ticketOrders: (menuId: number | null, ticket: string) => ['kitchen', menuId, 'ticket-orders', ticket] as const,
  leftovers: (menuId: number | null) => ['kitchen', menuId, 'leftovers'] as const,
};

/**
 * The display follows the event stream (decision 030): an order or menu change of this menu
 * refetches its data at once, then at most once per LIVE_REFETCH_MS (a rush must not refetch
 * hundreds of times a second). True while the stream is connected; the spec's 10 s polling runs
 * only while it is not.
 */
export function useLiveKitchen(menuId: number | null): boolean {
  const route = useCallback(
    (event: ServerEvent): LiveRefetch | null =>
      menuId === null || (event.type !== 'reset' && event.menuId !== menuId)
        ? null
        : { bucket: `kitchen ${menuId}`, queryKey: KITCHEN_KEYS.menu(menuId), gapMs: LIVE_REFETCH_MS },
    [menuId],
  );
  return useLiveRefetch(route);
}

const polled = (live: boolean) => ({
  staleTime: 0,
  silent: true,
  // The stream's events refetch; the spec's 10 s refresh is the fallback while it is down.
  refetchInterval: live ? (false as const) : KITCHEN_REFRESH_MS,
  refetchIntervalInBackground: true,
  retry: false,
});

/** GET /app/kitchen/{menuId}: what to cook ("all day"). */
export function useKitchen(menuId: number | null, live: boolean) {
  return useApiQuery<KitchenResult>(KITCHEN_KEYS.menu(menuId), `/app/kitchen/${menuId ?? 0}`, {
    enabled: menuId !== null,
    ...polled(live),
  });
}

/** GET /app/kitchen/{menuId}/tickets: the open tickets and the last bumped ones. */
export function useTickets(menuId: number | null, by: TicketGrouping, live: boolean, enabled = true) {
  return useApiQuery<TicketsResult>(KITCHEN_KEYS.tickets(menuId, by), `/app/kitchen/${menuId ?? 0}/tickets`, {
    enabled: enabled && menuId !== null,
    query: { by },
    ...polled(live),
  });
}

/**
 * GET /app/kitchen/{menuId}/tickets/orders?ticket=: an opened ticket's orders (decision 053: the
 * tickets answer counts). Under the menu's key, so the same events refetch it.
 */
export function useTicketOrders(menuId: number | null, ticket: string, live: boolean, enabled: boolean) {
  return useApiQuery<TicketOrdersResult>(KITCHEN_KEYS.ticketOrders(menuId, ticket), `/app/kitchen/${menuId ?? 0}/tickets/orders`, {
    enabled: enabled && menuId !== null,
    query: { ticket },
    ...polled(live),
  });
}

/** POST bump or recall of a ticket; the menu's display data is refetched after it. */
export function useTicketAction(menuId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ticket }: { action: 'bump' | 'recall'; ticket: string }) =>
      api.post<{ success: boolean; changed: boolean; ticket: string }>(`/app/kitchen/${menuId ?? 0}/tickets/${action}`, { ticket }),
    onSettled: () => client.invalidateQueries({ queryKey: KITCHEN_KEYS.menu(menuId) }),
  });
}

/** GET /app/kitchen/{menuId}/leftovers (issue 27): under the menu's key, so another screen's tap refetches it. */
export function useLeftovers(menuId: number | null, live: boolean, enabled: boolean) {
  return useApiQuery<LeftoversResult>(KITCHEN_KEYS.leftovers(menuId), `/app/kitchen/${menuId ?? 0}/leftovers`, {
    enabled: enabled && menuId !== null,
    ...polled(live),
  });
}

/** A dish's leftovers: one tap (+1 / −1, counted by the server) or a typed number (set). */
export type LeftoverChange = { dishId: number; by: 1 | -1 } | { dishId: number; portions: number };

/** Records a change; the answer's recorded numbers replace those the screen shows. */
export function useLeftoverChange(menuId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: LeftoverChange) => {
      const base = `/app/kitchen/${menuId ?? 0}/leftovers/${change.dishId}`;
      return 'by' in change
        ? api.post<LeftoversWritten>(`${base}/step`, { by: change.by })
        : api.put<LeftoversWritten>(base, { portions: change.portions });
    },
    onSuccess: (written) => {
      if (!written) return;
      const recorded = new Map(written.dishes.map((d) => [d.dish_id, d]));
      client.setQueriesData<LeftoversResult>(
        { queryKey: KITCHEN_KEYS.leftovers(menuId) },
        (old) => old && { ...old, dishes: old.dishes.map((d) => ({ ...d, ...recorded.get(d.dish_id) })) },
      );
    },
  });
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (the offline mark shows when it is not). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

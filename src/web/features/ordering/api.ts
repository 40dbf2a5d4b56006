import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useApiQuery, useSessionKey } from '../../lib/query';
import { isClosed } from './model/deadline';
import type {
  CreateOrderForUserInput,
  CreateOrderInput,
  CreateOrderResult,
  DemoDishlistResult,
  DishlistsResult,
  OrderPageData,
  SelectableUser,
} from '../../../shared/schemas/ordering';
import type { Order } from '../../../shared/schemas/orders';

// Types only (`import type`): zod stays out of the page bundle.
export type { OrderPageData, SelectableUser, Order };

/**
 * The order page's answer with the device time it arrived at. The deadline is judged from the
 * answer's own server `now` and its own arrival time, so an answer kept on screen while another
 * loads (a language switch) or read from the cache is never measured against another one's time.
 */
export type ReceivedOrderPage = OrderPageData & { receivedAt: number };

/** Query key roots of this feature (the session part is added by useApiQuery). */
export const ORDER_KEYS = {
  dishlists: ['order', 'dishlists'] as const,
  page: (id: number) => ['order', 'create', id] as const,
  order: (id: string) => ['order', 'detail', id] as const,
  users: ['order', 'users'] as const,
  demo: ['order', 'demo'] as const,
  headerInfo: ['order', 'header-info'] as const,
};

/** Polling after the deadline (spec 4 and 9). */
export const DEADLINE_POLL_MS = 2_000;

/** GET /app/order/dishlists: menus open for ordering. */
export function useDishlists() {
  return useApiQuery<DishlistsResult>(ORDER_KEYS.dishlists, '/app/order/dishlists', { staleTime: 60_000 });
}

/**
 * GET /app/order/create/{id}: the chosen menu with stock, user data, payment methods and
 * order settings. Once ordering has closed it refreshes every 2 s (spec 4), silently; the
 * interval is re-judged on every render, so the deadline timer of the page starts it.
 * Not refetched on focus: the cart follows this data, so reloads are deliberate.
 */
export function useOrderPage(id: number | null) {
  const session = useSessionKey();
  return useQuery({
    queryKey: [...ORDER_KEYS.page(id ?? 0), session, null],
    queryFn: async ({ signal, client, queryKey }): Promise<ReceivedOrderPage> => {
      const answer = await api.query<OrderPageData>(`/app/order/create/${id}`, {
        signal,
        // Background refreshes stay out of the progress bar; the first load shows in it.
        silent: client.getQueryData(queryKey) !== undefined,
      });
      return { ...answer, receivedAt: Date.now() };
    },
    enabled: id !== null,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // A language switch refetches under a new key; keep showing the menu meanwhile (the page
    // checks the menu id, so another menu never shows the previous one's dishes).
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data && isClosed(query.state.data, Date.now()) ? DEADLINE_POLL_MS : false),
  });
}

/** GET /app/block/header-info: the info text above the menu (HTML). */
export function useHeaderInfo() {
  return useApiQuery<{ text: string }>(ORDER_KEYS.headerInfo, '/app/block/header-info', { staleTime: 5 * 60_000 });
}

/** GET /app/demo-dishlists: today's demo menu, no token needed. */
export function useDemoDishlist() {
  return useApiQuery<DemoDishlistResult>(ORDER_KEYS.demo, '/app/demo-dishlists', { staleTime: 60_000 });
}

export interface UsersPage {
  data: SelectableUser[];
  current_page: number;
  last_page: number;
  total: number;
}

/** Staff: GET /app/users/list, searched by name, e-mail or phone. */
export function useSelectableUsers(search: string, dishlistId: number | null, enabled: boolean) {
  return useApiQuery<UsersPage>(ORDER_KEYS.users, '/app/users/list', {
    query: { search: search || undefined, per_page: 20, dishlist_id: dishlistId ?? undefined },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** GET /app/order/{id} (not asked while `enabled` is false). */
export function useOrder(id: string, enabled = true) {
  return useApiQuery<Order>(ORDER_KEYS.order(id), `/app/order/${encodeURIComponent(id)}`, { enabled });
}

/**
 * POST /app/order/create (customer) or /app/order/create-for-user (staff), with the
 * attempt's idempotency key. Resolves to nothing on 429 (ignored, spec 7).
 */
export function placeOrder(body: CreateOrderInput | CreateOrderForUserInput, forUser: boolean, idempotencyKey: string) {
  return api.post<CreateOrderResult>(forUser ? '/app/order/create-for-user' : '/app/order/create', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

import { useCallback } from 'react';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useLiveRefetch, type LiveRefetch, type ServerEvent } from '../../lib/events';
import { useApiQuery, useSessionKey } from '../../lib/query';
import { isClosed } from './model/deadline';
import { StockLog, withStockLeft } from './model/live-stock';
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
import type { AwayDaysResult, StandingPreparedResult, WeekResult } from '../../../shared/schemas/plan-ahead';

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
  week: ['order', 'week'] as const,
  order: (id: string) => ['order', 'detail', id] as const,
  users: ['order', 'users'] as const,
  demo: ['order', 'demo'] as const,
  headerInfo: ['order', 'header-info'] as const,
};

/** Polling after the deadline (spec 4 and 9), while the event stream is down. */
export const DEADLINE_POLL_MS = 2_000;

/** Refetches of one menu prompted by events: at most one per this interval (an order rush sends many). */
export const LIVE_REFETCH_MS = 1_000;
/**
 * Events that carry the stock left (orders placed) change "N left" on the page at once; the menu
 * is then refetched at most once per this interval, to settle what the events cannot say.
 */
export const STOCK_SETTLE_MS = 5_000;

/** The stock events of this page, applied to refetches that were under way when they came. */
const stockLog = new StockLog();

/**
 * The order page's live data: an order or a menu edit on any instance refetches the menu it
 * names ("N left", sold-out dishes, the deadline) and, for menu edits, the open-menu list; a
 * reset refetches all of them. An order event with the stock it left lowers "N left" in the
 * menus already loaded at once (decision 030). During a rush a menu is refetched at once, then
 * at most once a second, or once every five seconds while the events carry the stock (the last
 * event always leads to a refetch). Answers whether the stream is connected.
 */
export function useLiveOrdering(): boolean {
  const route = useCallback((event: ServerEvent, client: QueryClient): LiveRefetch | null => {
    if (event.type === 'reset') {
      void client.invalidateQueries({ queryKey: ['order'] });
      return null;
    }
    if (event.type === 'menu') void client.invalidateQueries({ queryKey: ORDER_KEYS.dishlists });
    const menuId = event.menuId;
    const stockLeft = event.type === 'order' ? event.stockLeft : undefined;
    if (stockLeft) {
      stockLog.record(menuId, stockLeft, Date.now());
      client.setQueriesData<ReceivedOrderPage>({ queryKey: ORDER_KEYS.page(menuId) }, (old) => {
        if (!old) return old;
        const balance = withStockLeft(old.balance, stockLeft);
        return balance === old.balance ? old : { ...old, balance: [...balance] };
      });
    }
    return { bucket: `order page ${menuId}`, queryKey: ORDER_KEYS.page(menuId), gapMs: stockLeft ? STOCK_SETTLE_MS : LIVE_REFETCH_MS };
  }, []);
  return useLiveRefetch(route);
}

/**
 * GET /app/away-days: the caller's away days and their location's closed days (the week view marks
 * those days; the key is the plan-ahead page's, so a change there shows here).
 */
export function useMyAwayDays(enabled: boolean) {
  return useApiQuery<AwayDaysResult>(['plan-ahead', 'away'], '/app/away-days', { enabled, staleTime: 60_000 });
}

/**
 * GET /app/standing-orders/prepared: the lunch a card or bank standing order prepared on this menu
 * for the customer to pay (issue 27). Under the menu's page key, so an order placed refetches it.
 */
export function useStandingPrepared(menuId: number, enabled: boolean) {
  return useApiQuery<StandingPreparedResult>([...ORDER_KEYS.page(menuId), 'standing'], '/app/standing-orders/prepared', {
    query: { dishlist_id: menuId },
    enabled,
    staleTime: 30_000,
  });
}

/** GET /app/order/dishlists: menus open for ordering. */
export function useDishlists() {
  return useApiQuery<DishlistsResult>(ORDER_KEYS.dishlists, '/app/order/dishlists', { staleTime: 60_000 });
}

/**
 * GET /app/order/create/{id}: the chosen menu with stock, user data, payment methods and
 * order settings, refetched on the event stream's news of it (useLiveOrdering). Once ordering
 * has closed and while the stream is down it refreshes every 2 s (spec 4), silently; the
 * interval is re-judged on every render, so the deadline timer of the page starts it.
 * Not refetched on focus: the cart follows this data, so reloads are deliberate.
 */
export function useOrderPage(id: number | null) {
  const session = useSessionKey();
  const live = useLiveOrdering();
  return useQuery({
    queryKey: [...ORDER_KEYS.page(id ?? 0), session, null],
    queryFn: async ({ signal, client, queryKey }): Promise<ReceivedOrderPage> => {
      const sent = Date.now();
      const answer = await api.query<OrderPageData>(`/app/order/create/${id}`, {
        signal,
        // Background refreshes stay out of the progress bar; the first load shows in it.
        silent: client.getQueryData(queryKey) !== undefined,
      });
      // Orders whose events came while this was under way may not be in it yet.
      const balance = answer.dishlist ? stockLog.apply(answer.dishlist.id, answer.balance, sent) : answer.balance;
      return { ...answer, balance: balance === answer.balance ? answer.balance : [...balance], receivedAt: Date.now() };
    },
    enabled: id !== null,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // A language switch refetches under a new key; keep showing the menu meanwhile (the page
    // checks the menu id, so another menu never shows the previous one's dishes).
    placeholderData: keepPreviousData,
    // While the stream is connected its events refetch the menu; the spec's polling is the fallback.
    refetchInterval: (query) => (!live && query.state.data && isClosed(query.state.data, Date.now()) ? DEADLINE_POLL_MS : false),
  });
}

/**
 * GET /app/order/week: the week view's data in one call (issue 27). Each day's answer goes into
 * that menu's order-page query (useOrderPage), which the day then reads without a call of its own
 * and which the event stream keeps live as on the order page; the customer's own orders come
 * with it. Under the ['order'] root, so a cancel or a change refetches it.
 */
export function useWeek() {
  const session = useSessionKey();
  return useQuery({
    queryKey: [...ORDER_KEYS.week, session],
    queryFn: async ({ signal, client }) => {
      const answer = await api.query<WeekResult>('/app/order/week', { signal });
      const receivedAt = Date.now();
      for (const day of answer.days)
        if (day.dishlist)
          client.setQueryData<ReceivedOrderPage>([...ORDER_KEYS.page(day.dishlist.id), session, null], { ...day, receivedAt });
      return answer;
    },
    staleTime: 0,
    refetchOnWindowFocus: false,
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

import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { StockMap } from '../../../shared/ordering/stock';
import type { MenuCategory } from '../../../shared/schemas/ordering';
import { useOrder } from './api';
import { useCart } from './cart-store';
import type { RefillResult } from './model/refill';
import { CHANGE_PARAM } from '../../components/orders/change-order-path';

/** The query parameter of the order page that asks to refill the cart from a past order. */
export const AGAIN_PARAM = 'again';

/** Address of the order page refilled from order `orderId` ("Order again" on history and order details). */
export function orderAgainPath(orderId: number): string {
  return `/order?${AGAIN_PARAM}=${orderId}`;
}

/** The past order the page was asked to order again (`/order?again=<id>`), fetched once asked. */
export function useAgainOrder() {
  const [params] = useSearchParams();
  const raw = params.get(AGAIN_PARAM) ?? '';
  const id = /^\d{1,9}$/.test(raw) ? raw : null;
  const order = useOrder(id ?? '0', id !== null);
  // "Change order" (components/orders/change-order.tsx): the same refill, told as a change.
  const change = id !== null && params.get(CHANGE_PARAM) === '1';
  return { id, order, change };
}

export interface AgainState {
  orderId: string;
  result: RefillResult;
  /** The order was cancelled to be changed: the notice says so. */
  change: boolean;
}

/**
 * Refills the cart of the shown menu from the past order once both have loaded, once per cart
 * (cart-state `refill`): a reload or another menu starts a new cart, which is refilled again
 * against that menu. Nothing is added to a menu shown for viewing only.
 */
export function useOrderAgainRefill(
  again: ReturnType<typeof useAgainOrder>,
  menu: { id: number; categories: readonly MenuCategory[] },
  stock: StockMap,
  displayOnly: boolean,
): AgainState | null {
  const cartMenu = useCart((s) => s.dishlistId);
  const refilledFrom = useCart((s) => s.refilledFrom);
  const result = useCart((s) => s.refillResult);
  const order = again.order.data;
  // A change refills afresh even where the same order was already ordered again into this cart.
  const source = again.id ? `${again.change ? 'change' : 'again'}:${again.id}` : null;
  useEffect(() => {
    if (!source || !order || displayOnly || cartMenu !== menu.id) return;
    let current = true;
    // The refill rules load only when a page refills (the order page's first load stays light).
    void import('./model/refill').then(({ linesFromOrder, refillCart }) => {
      if (!current) return;
      const lines = linesFromOrder(order.items);
      useCart.getState().refill(menu.id, source, (cart) => refillCart(cart, menu.categories, stock, lines));
    });
    return () => {
      current = false;
    };
  }, [source, order, displayOnly, cartMenu, menu, stock]);
  return again.id && result && refilledFrom === source && cartMenu === menu.id ? { orderId: again.id, result, change: again.change } : null;
}

/** The order page's parameter that marks a refill as a change of that (now cancelled) order. */
export const CHANGE_PARAM = 'change';

/**
 * The order page of the order's menu with the cart refilled from it (decision 032's refill) and
 * the notice of a change: `/order?dishlist=<menu>&again=<order>&change=1`. Kept apart from the
 * button, so the order page reads the parameter without loading the button's code.
 */
export function changeOrderPath(orderId: number, menuId: number): string {
  return `/order?dishlist=${menuId}&again=${orderId}&${CHANGE_PARAM}=1`;
}

import { useLayoutEffect } from 'react';
import type { SelectableUser } from '../../../../shared/schemas/ordering';
import { useCart } from '../cart-store';
import { useCheckout, type CheckoutOptions } from '../use-checkout';
import { CartPanel, type CartPanelProps } from './cart-panel';

export interface CartCheckoutProps extends Omit<CartPanelProps, 'checkout'> {
  data: CheckoutOptions['data'];
  /** Staff: the user the order is for (kept by the order page, which names them in allergen labels). */
  user: SelectableUser | null;
  setUser(user: SelectableUser | null): void;
  /** The payable total for the cart ribbon, reported before the browser paints. */
  onAmountToPay(cents: number): void;
}

/**
 * The checkout (useCheckout) with the cart panel. It loads with the first dish in the cart, or
 * when the cart is opened (decision 039: its code is not needed to look at the menu), and then
 * stays mounted for the menu, so the form keeps its state while the cart is emptied and refilled.
 */
export function CartCheckout({ user, setUser, onAmountToPay, ...panel }: CartCheckoutProps) {
  const checkout = useCheckout({ data: panel.data, isCustomer: panel.isCustomer, displayOnly: panel.displayOnly, user, setUser });
  const lines = useCart((s) => s.lines);
  const open = useCart((s) => s.open);
  const amountToPay = checkout.totals.amountToPay;
  useLayoutEffect(() => onAmountToPay(amountToPay), [amountToPay, onAmountToPay]);
  return lines.length > 0 || open ? <CartPanel {...panel} checkout={checkout} /> : null;
}

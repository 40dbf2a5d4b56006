import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartTotals } from '../../../shared/ordering/cart';
import type { CheckoutMethod, Totals } from '../../../shared/ordering/totals';
import type { OrderPageData, SelectableUser } from '../../../shared/schemas/ordering';
import { isApiError } from '../../lib/api';
import { ORDER_KEYS, placeOrder } from './api';
import { useCart } from './cart-store';
import { forgetSavedCart, sessionStore } from './model/saved-cart';
import {
  attemptFor,
  budgetCents,
  checkoutBlockers,
  classifyOrderFailure,
  commissionCents,
  initialForm,
  isPlaced,
  orderPayload,
  paymentChoices,
  randomKey,
  userCents,
  type Attempt,
  type Blocker,
  type CheckoutField,
  type CheckoutForm,
  type OrderFailure,
} from './model/checkout';
import { safePaymentLink } from './model/payment-link';

export interface CheckoutOptions {
  data: OrderPageData & { dishlist: NonNullable<OrderPageData['dishlist']> };
  isCustomer: boolean;
  displayOnly: boolean;
  /** Staff: the user the order is for, kept by the order page (the allergen labels name them). */
  user: SelectableUser | null;
  setUser(user: SelectableUser | null): void;
}

/** What the cart panel shows and does; see useCheckout. */
export interface Checkout {
  form: CheckoutForm;
  /** Staff: the user the order is for. */
  user: SelectableUser | null;
  chooseUser(user: SelectableUser | null): void;
  /** Changes a field; its server error goes (spec 5). */
  edit(field: CheckoutField, patch: Partial<CheckoutForm>): void;
  choices: readonly CheckoutMethod[];
  /** Shifts of the customer, or of the chosen user for staff. */
  shifts: readonly { id: number; title: string }[];
  totals: Totals;
  /** The eater's budget on the menu (the customer's, or the user staff order for; null: none). */
  budget: OrderPageData['budget'];
  failure: OrderFailure | null;
  fieldError(field: CheckoutField): string | undefined;
  /** Why Order is disabled (empty: it is enabled). */
  blockers: Blocker[];
  /** The sending state: the order call, or the browser leaving for the payment page. */
  sending: boolean;
  submit(): void;
}

/**
 * The checkout of one menu (the order path's first step, decision 025): the form, the chosen
 * user, the attempt's idempotency key, the failure and the order call. The Order button calls
 * `submit`: the payload goes to POST /app/order/create (api.ts) with the attempt's key; a placed
 * order leaves for the payment page or the success page, a refused one shows its errors and
 * reloads the menu.
 */
export function useCheckout({ data, isCustomer, displayOnly, user, setUser }: CheckoutOptions): Checkout {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lines = useCart((s) => s.lines);
  const clearCart = useCart((s) => s.clear);
  const context = { isCustomer, methods: data.paymentMethods, disableCash: data.orderSettings.disable_cash };
  const choices = paymentChoices(context);
  const [form, setForm] = useState<CheckoutForm>(() => initialForm(context, data.orderSettings.shifts));
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const shifts = isCustomer ? data.orderSettings.shifts : (user?.shifts ?? []);

  const userData = isCustomer ? data.userData : (user?.userData ?? null);
  // The eater's budget: the customer's own from the page's data; for staff, the chosen user's from
  // the user list on this menu. The server prices the order with it either way (and refuses past a
  // blocking one).
  const budget = isCustomer ? (data.budget ?? null) : (user?.budget ?? null);
  const totals = cartTotals(
    lines,
    userCents(userData),
    isCustomer ? commissionCents(form.payment, data.paymentMethods) : 0,
    budgetCents(budget),
  );

  const edit = (field: CheckoutField, patch: Partial<CheckoutForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setFailure((current) => {
      if (!current || current.kind === 'general' || !current.fields[field]) return current;
      const fields = { ...current.fields };
      delete fields[field];
      return { ...current, fields };
    });
  };

  const send = useMutation({
    mutationFn: () => {
      const payload = orderPayload(data.dishlist.id, lines, form, isCustomer);
      attempt.current = attemptFor(attempt.current, payload, randomKey);
      return placeOrder(payload, !isCustomer, attempt.current.key);
    },
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      if (answer === undefined) return; // 429: ignored silently (spec 7)
      if (!isPlaced(answer)) {
        setFailure({ kind: 'general' });
        return;
      }
      attempt.current = null;
      // The menu's page data holds what the order used (subsidy and budget left, bonus, "N left"):
      // marked stale, so the order page shows the new figures when it is opened again (no request
      // now: the page is left for the success or payment page).
      void queryClient.invalidateQueries({ queryKey: ORDER_KEYS.page(data.dishlist.id) });
      const link = safePaymentLink(answer.payment_link, window.location.href);
      if (link) {
        // Off to the payment page; the button keeps spinning until the browser leaves. The order
        // is placed (waiting for payment, shown with Pay and Cancel): the tab's kept cart goes, so
        // coming back does not offer the same dishes a second time.
        forgetSavedCart(sessionStore(), data.dishlist.id);
        setRedirecting(true);
        window.location.assign(link);
        return;
      }
      clearCart();
      // Staff: the success page names whom the order is for and offers another user's order.
      navigate(`/order/success?order_id=${answer.order_id}`, !isCustomer && user ? { state: { forUser: user.name } } : undefined);
    },
    onError: (error) => {
      // A definite "no" from the server: the next try is a new attempt. Unknown outcomes
      // (network, server failure) keep the key so a retry cannot order twice.
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      const result = classifyOrderFailure(error);
      setFailure(result);
      if (result.kind !== 'general') {
        // Spec 4: errors kept and order data reloaded (stock, removed dishes).
        void queryClient.invalidateQueries({ queryKey: ORDER_KEYS.page(data.dishlist.id) });
        void queryClient.invalidateQueries({ queryKey: ORDER_KEYS.dishlists });
      }
    },
  });

  const sending = send.isPending || redirecting;
  const bankCodes = data.paymentMethods.banks.map((b) => b.code);
  return {
    form,
    user,
    chooseUser: (next) => {
      setUser(next);
      // One shift is no choice at all: take it. Several: the user picks.
      edit('user', { userId: next?.id ?? null, shiftId: next && next.shifts.length === 1 ? next.shifts[0].id : null });
    },
    edit,
    choices,
    shifts,
    totals,
    budget,
    failure,
    fieldError: (field) => (failure && failure.kind !== 'general' ? failure.fields[field] : undefined),
    blockers: checkoutBlockers({ isCustomer, displayOnly, sending, cart: lines, form, choices, bankCodes, shifts }),
    sending,
    submit: () => send.mutate(),
  };
}

import { toEuros } from '../../../shared/money.js';
import { onlineMethods } from '../../../shared/ordering/checkout.js';
import type { PaymentMethods } from '../../../shared/schemas/ordering.js';
import type { RequestContext } from '../../lib/context.js';
import { paymentsText } from './payments.messages.js';

/** What the payment methods of a menu depend on: its provider's card setting and commissions. */
export interface MenuProviderPayments {
  cardEnabled: boolean;
  cardCommissionCents: number;
  bankCommissionCents: number;
}

/**
 * Card and bank as the checkout policy offers them (customers only), with their consent texts in
 * the reader's language; commissions from the menu's provider (null: no menu).
 */
export function paymentMethodsFor(
  ctx: Pick<RequestContext, 'gateway' | 'lang'>,
  q: { provider: MenuProviderPayments | null; forCustomer: boolean },
): PaymentMethods {
  const { lang } = ctx;
  const { provider, forCustomer } = q;
  const offered = ctx.gateway.methods();
  const { card, banks } = onlineMethods({
    forCustomer,
    providerCard: provider?.cardEnabled ?? false,
    gatewayCard: offered.card,
    banks: provider ? offered.banks : [],
  });
  return {
    card,
    cardCommission: toEuros(provider?.cardCommissionCents ?? 0),
    cardConsent: card ? paymentsText(lang, 'cardConsent') : '',
    banks: [...banks],
    bankCommission: toEuros(provider?.bankCommissionCents ?? 0),
    bankConsent: banks.length > 0 ? paymentsText(lang, 'bankConsent') : '',
  };
}

/** The payment-link rule lives in src/web/lib (the shared "Pay" link uses it too). */
export { safePaymentLink } from '../../../lib/payment-link';

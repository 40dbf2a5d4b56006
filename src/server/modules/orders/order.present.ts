/* An order as the API presents it (schemas/orders.ts `order`), in one language. */
import { pickText, type Lang } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { Order } from '../../../shared/schemas/orders.js';
import type { orders } from '../../db/schema/index.js';
import type { PaymentGateway } from '../../lib/payments/gateway.js';
import { isoTime } from '../../lib/time.js';
import { presentSummary } from '../priced-menu/priced-menu.read.js';
import { namedAllergens, type AllergenTitles } from './allergens.read.js';
import type { OrderLine } from './orders.read.js';

/** An order as read with what its presentation names (menu, user, location, shift, creator, payment, refund). */
export interface OrderRow {
  order: typeof orders.$inferSelect;
  menu: { id: number; title: string; from: Date; to: Date; providerId: number; timezone: string };
  user: { id: number; firstName: string; phone: string };
  location: { id: number | null; title: string | null } | null;
  shift: { id: number | null; title: string | null } | null;
  creator: { id: number | null; firstName: string | null } | null;
  payment: { reference: string | null; status: string | null } | null;
  refund: {
    status: 'pending' | 'refunded' | 'failed' | null;
    amountCents: number | null;
    attempts: number | null;
    lastError: string | null;
  } | null;
}

export interface OrderView {
  allergenTitles: AllergenTitles;
  gateway: PaymentGateway;
  lang: Lang;
  /** Staff see a failed refund's reason too. */
  staffView: boolean;
}

export function presentOrder(r: OrderRow, lines: readonly OrderLine[], view: OrderView): Order {
  const { lang } = view;
  const o = r.order;
  const named = (ids: readonly number[]) => namedAllergens(view.allergenTitles, ids, lang);
  return {
    id: o.id,
    created_at: isoTime(o.createdAt),
    dishlist: presentSummary(r.menu),
    user: {
      id: r.user.id,
      first_name: r.user.firstName,
      phone: r.user.phone,
      location: r.location && r.location.id !== null ? { id: r.location.id, title: r.location.title! } : null,
    },
    created_by: r.creator && r.creator.id !== null ? { id: r.creator.id, first_name: r.creator.firstName! } : null,
    items: lines.map((i) => ({
      id: i.id,
      dish: { id: i.dishId, title: pickText(i.title, lang) },
      qty: i.qty,
      price: toEuros(i.unitPriceCents),
      total: toEuros(i.unitPriceCents * i.qty),
      complex: i.options.map((opt) => ({
        group_id: opt.groupId,
        dish: { id: opt.dishId, title: pickText(opt.title, lang) },
        price: toEuros(opt.priceCents),
      })),
      allergens: named(i.allergenIds),
    })),
    allergen_warnings: named(o.allergenWarnings),
    comment: o.comment,
    cost_centre_id: o.costCentreId,
    amount: toEuros(o.amountCents),
    subsidy: toEuros(o.subsidyCents),
    budget: toEuros(o.budgetCents),
    bonus: toEuros(o.bonusCents),
    commission: toEuros(o.commissionCents),
    amount_to_pay: toEuros(o.amountToPayCents),
    payment_type: o.paymentType,
    bank: o.bankCode,
    status: o.status,
    accepted: o.accepted,
    shift: r.shift && r.shift.id !== null ? { id: r.shift.id, title: r.shift.title! } : null,
    paid_at: o.paidAt ? isoTime(o.paidAt) : null,
    payment_link:
      o.status === 1 && r.payment?.reference && r.payment.status === 'pending' ? view.gateway.resumeUrl(r.payment.reference, lang) : null,
    cancelled_at: o.cancelledAt ? isoTime(o.cancelledAt) : null,
    refund:
      r.refund && r.refund.status !== null
        ? {
            status: r.refund.status,
            amount: toEuros(r.refund.amountCents!),
            attempts: r.refund.attempts!,
            last_error: view.staffView ? r.refund.lastError : null,
          }
        : null,
  };
}

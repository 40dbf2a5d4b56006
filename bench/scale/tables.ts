/** The tables a working day fills (bench/scale/days.ts), their COPY column lists and the id counters. */
import type pg from 'pg';
import { CopyTable } from './copy.js';

/** Counters of the generated ids, carried from day to day. */
export interface Ids {
  menuDish: number;
  order: number;
  item: number;
  option: number;
  payment: number;
  refund: number;
  ledger: number;
  audit: number;
  cash: number;
  reminder: number;
}
export const newIds = (): Ids => ({
  menuDish: 0,
  order: 0,
  item: 0,
  option: 0,
  payment: 0,
  refund: 0,
  ledger: 0,
  audit: 0,
  cash: 0,
  reminder: 0,
});

/** Per company and month: the subsidy billed (the invoices' totals). */
export type Billing = Map<string, number>;

export function dayTables(client: pg.PoolClient) {
  const t = (table: string, cols: string[]) => new CopyTable(client, table, cols);
  return {
    menus: t('menus', ['id', 'provider_id', 'title', 'from', 'to', 'status', 'created_at']),
    menuDishes: t('menu_dishes', ['id', 'menu_id', 'dish_id', 'category_id', 'price_cents']),
    balances: t('balances', ['menu_id', 'dish_id', 'qty']),
    orders: t('orders', [
      'id',
      'menu_id',
      'user_id',
      'location_id',
      'created_by_id',
      'shift_id',
      'comment',
      'payment_type',
      'bank_code',
      'amount_cents',
      'subsidy_cents',
      'bonus_cents',
      'commission_cents',
      'amount_to_pay_cents',
      'status',
      'accepted',
      'stock_released',
      'allergen_warnings',
      'paid_at',
      'cancelled_at',
      'cancelled_by_id',
      'created_at',
      'updated_at',
    ]),
    items: t('order_items', ['id', 'order_id', 'dish_id', 'title', 'qty', 'unit_price_cents', 'position', 'allergen_ids']),
    options: t('order_item_options', ['id', 'order_item_id', 'group_id', 'dish_id', 'title', 'price_cents']),
    payments: t('payments', [
      'id',
      'order_id',
      'gateway',
      'method',
      'bank_code',
      'amount_cents',
      'status',
      'reference',
      'created_at',
      'updated_at',
    ]),
    refunds: t('refunds', [
      'id',
      'order_id',
      'payment_id',
      'gateway',
      'refund_reference',
      'amount_cents',
      'status',
      'attempts',
      'refunded_at',
      'created_at',
      'updated_at',
    ]),
    ledger: t('ledger_entries', [
      'id',
      'at',
      'order_id',
      'user_id',
      'location_id',
      'provider_id',
      'menu_id',
      'kind',
      'amount_cents',
      'reversal',
      'payment_id',
      'refund_id',
      'reason',
      'actor_id',
    ]),
    cash: t('cash_balances', ['id', 'menu_id', 'location_id', 'amount_cents', 'created_by_id', 'created_at', 'updated_at']),
    stops: t('lap_stop_statuses', [
      'menu_id',
      'location_id',
      'status',
      'note',
      'changed_at',
      'changed_by_id',
      'delivered_at',
      'delivered_by_id',
    ]),
    bumps: t('kds_bumps', ['menu_id', 'ticket_key', 'bumped_at', 'bumped_by_id']),
    handovers: t('portion_handovers', ['item_id', 'unit', 'order_id', 'handed_over_at', 'handed_over_by_id']),
    reminders: t('reminders_sent', ['id', 'user_id', 'menu_id', 'channel', 'sent_at']),
    audit: t('audit_log', ['id', 'at', 'actor_id', 'provider_id', 'action', 'entity_type', 'entity_id', 'before', 'after', 'request_id']),
  };
}
export type DayTables = ReturnType<typeof dayTables>;

/** Flushes the day's rows in foreign-key order. */
export async function flushDay(tb: DayTables): Promise<void> {
  for (const x of [
    tb.menus,
    tb.menuDishes,
    tb.balances,
    tb.orders,
    tb.items,
    tb.options,
    tb.payments,
    tb.refunds,
    tb.ledger,
    tb.cash,
    tb.stops,
    tb.bumps,
    tb.handovers,
    tb.reminders,
    tb.audit,
  ])
    await x.flush();
}

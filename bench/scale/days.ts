/**
 * One working day of the big caterer, written with COPY: each provider's menu (dishes, set meals,
 * balances), every location's 150 orders with their lines, set-meal options, payments, refunds
 * and ledger entries (as the order statement, the payment notice, cancel and refund write them),
 * and for a past day what delivery leaves: lap cash (cash_balances and lap_cash entries), stop
 * statuses, kitchen bumps, scanned hand-overs, reminders and the staff's audit rows. Every amount
 * follows shared/ordering/totals.ts, so `ledger:check` finds no difference.
 */
import type { Billing, DayTables, Ids } from './tables.js';
import { dishCategory, dishTitle, groupIdOf, groupOptions, lapsOf, locationSubsidy, reminds, shiftsOf } from './reference.js';
import {
  PLAIN_DISHES,
  SET_MEALS,
  categoryId,
  dishAllergens,
  dishId,
  dishPrice,
  firstUserOf,
  kitchenIds,
  menuIdOf,
  menuPlainDishes,
  prng,
  providerOf,
  type Shape,
} from './shape.js';

const HOUR = 3600_000;
const BANKS = ['swedbank', 'seb', 'citadele', 'luminor'];

/** The menu of provider p on a day: open two days before, its deadline 9:00 Riga (today's: 23:00). */
export function menuWindow(day: Date, today: boolean) {
  return { from: new Date(day.getTime() - 38 * HOUR), to: new Date(day.getTime() + (today ? 21 : 7) * HOUR) };
}

const titles = new Map<number, string>();
function titleOf(p: number, i: number): string {
  const key = p * 1000 + i;
  let v = titles.get(key);
  if (v === undefined) titles.set(key, (v = JSON.stringify(dishTitle(p, i))));
  return v;
}

export function writeDay(tb: DayTables, s: Shape, ids: Ids, billing: Billing, d: number, day: Date, isToday: boolean, now: Date): void {
  const rng = prng(s.seed * 100_003 + d);
  const kitchen = kitchenIds(s);
  const admin = 1 + (d % s.admins);
  const { from, to } = menuWindow(day, isToday);
  const plain = menuPlainDishes(d);
  const month = day.toISOString().slice(0, 7);
  for (let p = 1; p <= s.providers; p++) {
    const menu = menuIdOf(s, d, p);
    tb.menus.push(menu, p, `Ēdienkarte ${day.toISOString().slice(0, 10)}`, from, to, true, from);
    for (const i of [...plain, ...Array.from({ length: SET_MEALS }, (_, m) => PLAIN_DISHES + m)])
      tb.menuDishes.push(++ids.menuDish, menu, dishId(p, i), categoryId(p, dishCategory(i)), null);
    for (const i of plain.slice(0, 2)) tb.balances.push(menu, dishId(p, i), 40);
    tb.audit.push(
      ++ids.audit,
      from,
      admin,
      p,
      'menu.create',
      'menu',
      String(menu),
      null,
      { title: `Ēdienkarte ${day.toISOString().slice(0, 10)}` },
      null,
    );
  }
  const deliveredAt = new Date(day.getTime() + 10 * HOUR);
  for (let l = 1; l <= s.locations; l++) {
    const p = providerOf(s, l);
    const menu = menuIdOf(s, d, p);
    const sub = locationSubsidy(l);
    const shifts = shiftsOf(l);
    const staff = rng.pick(kitchen);
    let cash = 0;
    let subsidyBilled = 0;
    for (let u = 0; u < s.ordersPerLocation; u++) {
      const user = firstUserOf(s, l) + (u % s.usersPerLocation);
      const orderId = ++ids.order;
      const latest = isToday ? Math.min(to.getTime(), now.getTime()) : to.getTime();
      const at = new Date(latest - rng.int(5, isToday ? 100 : 1200) * 60_000 - rng.int(0, 59_999));
      // Lines: 1-3, a fifth of them set meals (with a soup and a main chosen).
      const nLines = rng.next() < 0.3 ? 1 : rng.next() < 0.64 ? 2 : 3;
      let amount = 0;
      const warnings: number[] = [];
      for (let k = 0; k < nLines; k++) {
        const set = rng.chance(0.2);
        const i = set ? PLAIN_DISHES + rng.int(0, SET_MEALS - 1) : rng.pick(plain);
        const qty = rng.chance(0.05) ? 2 : 1;
        const item = ++ids.item;
        let allergens = set ? [] : dishAllergens(i);
        if (set) {
          const m = i - PLAIN_DISHES;
          for (let g = 0; g < 2; g++) {
            const opt = rng.pick(groupOptions(g));
            tb.options.push(++ids.option, item, groupIdOf(p, m, g), dishId(p, opt), titleOf(p, opt), 0);
            allergens = [...allergens, ...dishAllergens(opt).filter((a) => !allergens.includes(a))];
          }
        }
        tb.items.push(item, orderId, dishId(p, i), titleOf(p, i), qty, dishPrice(i), k, allergens);
        amount += dishPrice(i) * qty;
        if (allergens.length && rng.chance(0.01)) warnings.push(allergens[0]!);
        if (!isToday && l <= s.scanningLocations)
          for (let unit = 1; unit <= qty; unit++)
            tb.handovers.push(item, unit, orderId, new Date(deliveredAt.getTime() + rng.int(0, 90) * 60_000), staff);
      }
      // Totals as shared/ordering/totals.ts computes them (no bonus in this data).
      const subsidy = sub.full ? amount : Math.min(sub.cents, amount);
      const rest = amount - subsidy;
      const chosen = rest === 0 ? null : rng.next() < 0.35 ? 'cash' : rng.next() < 0.7 ? 'card' : 'bank';
      const commission = chosen === 'card' ? 25 : chosen === 'bank' ? 15 : 0;
      const toPay = rest === 0 ? 0 : rest + commission;
      const type = chosen ?? 'subsidy';
      const online = chosen === 'card' || chosen === 'bank';
      // Outcome: online payments fail (2 %) or, today, may still be pending; some orders are cancelled.
      const r = rng.next();
      const outcome: 'placed' | 'failed' | 'pending' | 'cancelled' =
        online && r < 0.02 ? (isToday ? 'pending' : 'failed') : r > (isToday ? 0.99 : 0.97) ? 'cancelled' : 'placed';
      const status = outcome === 'failed' ? 0 : outcome === 'pending' ? 1 : outcome === 'cancelled' ? 3 : 2;
      const paid = online && (outcome === 'placed' || outcome === 'cancelled');
      const paidAt = paid ? new Date(at.getTime() + 40_000) : null;
      const cancelledAt = outcome === 'cancelled' ? new Date(at.getTime() + rng.int(10, 120) * 60_000) : null;
      const cancelledBy = cancelledAt ? (rng.chance(0.5) ? staff : user) : null;
      const byStaff = rng.chance(0.01) ? staff : null;
      tb.orders.push(
        orderId,
        menu,
        user,
        l,
        byStaff,
        shifts.length ? rng.pick(shifts) : null,
        '',
        type,
        chosen === 'bank' ? rng.pick(BANKS) : null,
        amount,
        subsidy,
        0,
        commission,
        toPay,
        status,
        !isToday || rng.chance(0.3) ? 1 : 0,
        status === 0 || status === 3,
        warnings,
        paidAt,
        cancelledAt,
        cancelledBy,
        at,
        cancelledAt ?? paidAt ?? at,
      );
      const entry = (
        when: Date,
        kind: string,
        cents: number,
        reversal: boolean,
        payment: number | null,
        refund: number | null,
        actor: number | null,
      ) => tb.ledger.push(++ids.ledger, when, orderId, user, l, p, menu, kind, cents, reversal, payment, refund, null, actor);
      // What the order statement writes when it places the order.
      if (subsidy > 0) entry(at, 'subsidy', subsidy, false, null, null, byStaff ?? user);
      if (chosen === 'cash') entry(at, 'payment_cash', toPay, false, null, null, byStaff ?? user);
      let paymentId: number | null = null;
      if (online) {
        paymentId = ++ids.payment;
        const pStatus = outcome === 'failed' ? 'failed' : outcome === 'pending' ? 'pending' : 'paid';
        tb.payments.push(
          paymentId,
          orderId,
          'sandbox',
          chosen,
          chosen === 'bank' ? 'swedbank' : null,
          toPay,
          pStatus,
          `scale-${paymentId}`,
          at,
          paidAt ?? at,
        );
        if (paid) entry(paidAt!, `payment_${chosen}`, toPay, false, paymentId, null, null);
        if (outcome === 'failed' && subsidy > 0) entry(new Date(at.getTime() + 900_000), 'subsidy', -subsidy, true, null, null, null);
      }
      if (cancelledAt) {
        if (subsidy > 0) entry(cancelledAt, 'subsidy', -subsidy, true, null, null, cancelledBy);
        if (chosen === 'cash') entry(cancelledAt, 'payment_cash', -toPay, true, null, null, cancelledBy);
        if (paid) {
          const refundId = ++ids.refund;
          const done = new Date(cancelledAt.getTime() + 60_000);
          tb.refunds.push(
            refundId,
            orderId,
            paymentId,
            'sandbox',
            `scale-refund-${refundId}`,
            toPay,
            'refunded',
            1,
            done,
            cancelledAt,
            done,
          );
          entry(done, 'refund', -toPay, false, null, refundId, null);
        }
        if (cancelledBy === staff)
          tb.audit.push(++ids.audit, cancelledAt, staff, p, 'order.cancel', 'order', String(orderId), { status: 2 }, { status: 3 }, null);
      }
      if (status === 2 && chosen === 'cash') cash += toPay;
      if (status === 2 || status === 1) subsidyBilled += subsidy;
    }
    const key = `${Math.ceil(l / 4)}:${month}`;
    billing.set(key, (billing.get(key) ?? 0) + subsidyBilled);
    if (isToday) continue;
    // Delivery: the stop marked delivered, the cash collected (its ledger entry), the orders accepted.
    tb.stops.push(menu, l, 'delivered', '', deliveredAt, staff, deliveredAt, staff);
    if (cash > 0) {
      const cashId = ++ids.cash;
      tb.cash.push(cashId, menu, l, cash, staff, deliveredAt, deliveredAt);
      tb.ledger.push(++ids.ledger, deliveredAt, null, null, l, p, menu, 'lap_cash', cash, false, null, null, null, staff);
      tb.audit.push(++ids.audit, deliveredAt, staff, p, 'lap.cash', 'cash_balance', String(cashId), null, { amount: cash / 100 }, null);
    }
    tb.audit.push(
      ++ids.audit,
      new Date(to.getTime() + HOUR),
      staff,
      p,
      'order.accept',
      'location',
      String(l),
      null,
      { orders: s.ordersPerLocation },
      null,
    );
  }
  for (let p = 1; p <= s.providers; p++) {
    const menu = menuIdOf(s, d, p);
    if (!isToday)
      for (const lap of lapsOf(s).filter((x) => x.provider === p)) {
        const at = new Date(day.getTime() + 8 * HOUR + lap.id * 60_000);
        tb.bumps.push(menu, `lap:${lap.id}`, at, kitchen[lap.id % kitchen.length]!);
        tb.audit.push(++ids.audit, at, kitchen[lap.id % kitchen.length]!, p, 'ticket.bump', 'ticket', `lap:${lap.id}`, null, null, null);
      }
    // "Remind me to order": one e-mail per reminded user and menu, 30 minutes before the deadline.
    const sentAt = new Date(to.getTime() - 30 * 60_000);
    if (sentAt > now) continue;
    for (let l = 1; l <= s.locations; l++) {
      if (providerOf(s, l) !== p) continue;
      for (let u = 0; u < s.usersPerLocation; u++)
        if (reminds(u)) tb.reminders.push(++ids.reminder, firstUserOf(s, l) + u, menu, 'email', sentAt);
    }
  }
}

/**
 * A dish withdrawn from a menu after people ordered it (issue 30, decision 083): staff of the
 * menu's provider take it off, refunding its portions or giving a substitute (another plain dish
 * of the menu) that each eater may turn into a refund. One transaction: the withdrawal row (once
 * per menu and dish: a second call, even at the same time, does nothing again), every live order
 * with the dish (locked as cancel locks them), the dish's stock set to 0 (it can no longer be
 * ordered), the eaters' announcement and the audit entry. Refunds are sent after the commit.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { toEuros } from '../../../shared/money.js';
import type { WithdrawDishInput, WithdrawPreview, Withdrawal, WithdrawalList } from '../../../shared/schemas/withdrawals.js';
import type { Db, Tx } from '../../db/client.js';
import {
  balances,
  dishes,
  dishWithdrawals,
  menuDishes,
  menus,
  orderItems,
  orders,
  providers,
  users,
  withdrawnOrders,
} from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { pgIntArray, takeStock } from '../orders/stock.service.js';
import { announceWithdrawal } from './withdrawals.announce.js';
import { withdrawalsText } from './withdrawals.messages.js';
import { isWithdrawn, refuseIfChosenInSetMeals } from './withdrawals.options.js';
import { lockOrder, takeBack, type Parts, type TakeBackRequest } from './withdrawals.money.js';

/** When withdrawn after the menu's deadline, the eaters have this long to choose the refund instead. */
export const CHOICE_WINDOW_MS = 3600_000;

/** Until when an eater may take the refund instead of the substitute: the menu's deadline, or an hour after a late withdrawal. */
export const chooseUntil = (menuTo: Date, withdrawnAt: Date) =>
  menuTo > withdrawnAt ? menuTo : new Date(withdrawnAt.getTime() + CHOICE_WINDOW_MS);

/** The active provider's menu (another provider's: 404, as everywhere). */
export async function staffMenu(ctx: Pick<UserContext, 'db' | 'provider'>, menuId: number, db: Db | Tx = ctx.db) {
  const providerId = await ctx.provider();
  const [menu] = await db
    .select({ id: menus.id, title: menus.title, to: menus.to, providerId: menus.providerId, timezone: providers.timezone })
    .from(menus)
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(and(eq(menus.id, menuId), eq(menus.providerId, providerId)));
  if (!menu) throw new AppError(404, t.coded('notFound'));
  return menu;
}

/** The live orders (pending or placed) of a menu with lines of a dish: order, eater, the lines. */
async function affected(db: Db | Tx, menuId: number, dishId: number, orderId?: number) {
  return db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      itemIds: sql<number[]>`array_agg(${orderItems.id} order by ${orderItems.id})`,
      qty: sql<number>`sum(${orderItems.qty})::int`,
      cents: sql<number>`sum(${orderItems.qty} * ${orderItems.unitPriceCents})::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.menuId, menuId),
        inArray(orders.status, [1, 2]),
        eq(orderItems.dishId, dishId),
        orderId === undefined ? undefined : eq(orders.id, orderId),
      ),
    )
    .groupBy(orders.id)
    .orderBy(asc(orders.id));
}

/** GET /app/dishlists/{id}/withdrawals/preview: what withdrawing the dish would touch, before confirming. */
export async function previewWithdrawal(ctx: UserContext, menuId: number, dishId: number): Promise<WithdrawPreview> {
  await staffMenu(ctx, menuId);
  const rows = await affected(ctx.db, menuId, dishId);
  const [done] = await ctx.db
    .select({ id: dishWithdrawals.id })
    .from(dishWithdrawals)
    .where(and(eq(dishWithdrawals.menuId, menuId), eq(dishWithdrawals.dishId, dishId)));
  return {
    orders: rows.length,
    eaters: new Set(rows.map((r) => r.userId)).size,
    portions: rows.reduce((s, r) => s + r.qty, 0),
    amount: toEuros(rows.reduce((s, r) => s + r.cents, 0)),
    withdrawn: !!done,
  };
}

const given = (p: Parts) => p.subsidy + p.budget + p.bonus + p.company + p.cash + p.paid;

/** A withdrawal as answered, with what became of its orders. */
async function presentWithdrawal(db: Db | Tx, w: typeof dishWithdrawals.$inferSelect): Promise<Withdrawal> {
  const rows = await db.select().from(withdrawnOrders).where(eq(withdrawnOrders.withdrawalId, w.id));
  const refunded = rows.filter((r) => r.status === 'refunded' || r.status === 'cancelled');
  return {
    id: w.id,
    dish_id: w.dishId,
    mode: w.mode,
    substitute_dish_id: w.substituteDishId,
    orders: rows.length,
    refunded: refunded.length,
    substituted: rows.length - refunded.length,
    amount: toEuros(
      refunded.reduce(
        (s, r) =>
          s +
          given({
            subsidy: r.subsidyCents,
            budget: r.budgetCents,
            bonus: r.bonusCents,
            company: r.companyCents,
            cash: r.cashCents,
            paid: r.paidCents,
          }),
        0,
      ),
    ),
    created_at: w.createdAt.toISOString(),
  };
}

/** GET /app/dishlists/{id}/withdrawals. */
export async function listWithdrawals(ctx: UserContext, menuId: number): Promise<WithdrawalList> {
  await staffMenu(ctx, menuId);
  const rows = await ctx.db.select().from(dishWithdrawals).where(eq(dishWithdrawals.menuId, menuId)).orderBy(asc(dishWithdrawals.id));
  return { data: await Promise.all(rows.map((w) => presentWithdrawal(ctx.db, w))) };
}

async function menuDish(tx: Tx, menuId: number, dishId: number): Promise<MenuDish | null> {
  const [d] = await tx
    .select({
      id: dishes.id,
      title: dishes.title,
      type: dishes.type,
      allergens: sql<number[]>`array(select da.allergen_id from dish_allergens da where da.dish_id = ${dishes.id} order by 1)`,
    })
    .from(menuDishes)
    .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
    .where(and(eq(menuDishes.menuId, menuId), eq(menuDishes.dishId, dishId)));
  return d ?? null;
}

interface MenuDish {
  id: number;
  title: Partial<Record<'lv' | 'en' | 'ru', string>>;
  type: string;
  /** Its allergen ids now (a line's snapshot, as placing takes it). */
  allergens: number[];
}

export interface WithdrawOutcome {
  withdrawal: Withdrawal;
  changed: boolean;
  /** Partial and whole refunds to send after the commit. */
  refundIds: number[];
  orderIds: number[];
}

/** POST /app/dishlists/{id}/withdrawals. */
export async function withdrawDish(
  ctx: UserContext,
  req: { menuId: number; input: WithdrawDishInput; who: AuditWho; linkBase: string },
): Promise<WithdrawOutcome> {
  const { db, now, user } = ctx;
  const { input } = req;
  return db.transaction(async (tx) => {
    const menu = await staffMenu(ctx, req.menuId, tx);
    const dish = await menuDish(tx, menu.id, input.dish_id);
    if (!dish) throw fieldError(withdrawalsText.coded('dishNotOnMenu'), { dish_id: [withdrawalsText.coded('dishNotOnMenu')] });
    await refuseIfChosenInSetMeals(tx, menu.id, dish.id);
    let substitute: MenuDish | null = null;
    if (input.mode === 'substitute') {
      substitute = input.substitute_dish_id === dish.id ? null : await menuDish(tx, menu.id, input.substitute_dish_id!);
      const bad = !substitute
        ? 'substituteInvalid'
        : substitute.type !== 'simple' || dish.type !== 'simple'
          ? 'substituteSetMeal'
          : (await isWithdrawn(tx, menu.id, substitute.id))
            ? 'substituteWithdrawn'
            : null;
      if (bad) throw fieldError(withdrawalsText.coded(bad), { substitute_dish_id: [withdrawalsText.coded(bad)] });
    }
    // Once per menu and dish: a second withdrawal (even at the same time: it waits on the unique key) changes nothing.
    const [w] = await tx
      .insert(dishWithdrawals)
      .values({
        menuId: menu.id,
        dishId: dish.id,
        providerId: menu.providerId,
        mode: input.mode,
        substituteDishId: substitute?.id ?? null,
        createdById: user.id,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!w) {
      const [old] = await tx
        .select()
        .from(dishWithdrawals)
        .where(and(eq(dishWithdrawals.menuId, menu.id), eq(dishWithdrawals.dishId, dish.id)));
      return { withdrawal: await presentWithdrawal(tx, old!), changed: false, refundIds: [], orderIds: [] };
    }
    const refundIds: number[] = [];
    const eaters = new Map<number, number>();
    const orderIds: number[] = [];
    const take = { withdrawalId: w.id, who: req.who, actorId: user.id, providerId: menu.providerId, now };
    // Twice: an order that took the dish while the first pass ran is found once its stock row is held at 0.
    const seen = new Set<number>();
    for (let pass = 0; pass < 2; pass++) {
      const found = (await affected(tx, menu.id, dish.id)).filter((a) => !seen.has(a.orderId));
      for (const a of found) seen.add(a.orderId);
      await withdrawFrom(tx, found, { menuId: menu.id, dishId: dish.id, substitute, take, refundIds, eaters, orderIds });
      // Nothing more of it on this menu: its stock is 0 (after the give-backs above returned theirs).
      await tx
        .insert(balances)
        .values({ menuId: menu.id, dishId: dish.id, qty: 0 })
        .onConflictDoUpdate({ target: [balances.menuId, balances.dishId], set: { qty: 0 } });
    }
    const announcementId = await announceWithdrawal(tx, {
      providerId: menu.providerId,
      menuId: menu.id,
      menuTitle: menu.title,
      dishId: dish.id,
      dish: dish.title,
      substitute: substitute?.title ?? null,
      withdrawalId: w.id,
      createdById: user.id,
      orders: eaters,
      chooseUntil: chooseUntil(menu.to, now),
      timezone: menu.timezone,
      linkBase: req.linkBase,
      now,
    });
    if (announcementId !== null) await tx.update(dishWithdrawals).set({ announcementId }).where(eq(dishWithdrawals.id, w.id));
    const withdrawal = await presentWithdrawal(tx, w);
    await recordAudit(tx, req.who, {
      action: 'dish.withdraw',
      entityType: 'menu',
      entityId: menu.id,
      providerId: menu.providerId,
      after: {
        dish_id: dish.id,
        mode: w.mode,
        substitute_dish_id: w.substituteDishId,
        orders: withdrawal.orders,
        refunded: withdrawal.amount,
      },
    });
    return { withdrawal, changed: true, refundIds, orderIds };
  });
}

type Affected = Awaited<ReturnType<typeof affected>>[number];

/**
 * Withdraws the dish from the orders found: each gets the substitute (its stock taken under the
 * balance row's lock, never oversold) or, in refund mode or when the substitute ran out, its
 * portions given back. Cancel's lock order: every order (payment, order), then their users.
 */
async function withdrawFrom(
  tx: Tx,
  found: Affected[],
  s: {
    menuId: number;
    dishId: number;
    substitute: { id: number; title: Partial<Record<string, string>>; allergens: number[] } | null;
    take: TakeBackRequest;
    refundIds: number[];
    /** Each eater's (last) order changed, for the announcement. */
    eaters: Map<number, number>;
    /** Every order changed (an eater may have two on the menu), for the change bus. */
    orderIds: number[];
  },
) {
  const locked = new Map<number, NonNullable<Awaited<ReturnType<typeof lockOrder>>>>();
  for (const a of found) {
    const l = await lockOrder(tx, a.orderId);
    if (l) locked.set(a.orderId, l);
  }
  const userIds = [...new Set(found.map((a) => a.userId))].sort((x, y) => x - y);
  if (userIds.length > 0)
    await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds)).orderBy(asc(users.id)).for('update');
  const { substitute, take } = s;
  for (const seen of found) {
    const l = locked.get(seen.orderId);
    // Its lines as they are now that the order is locked (a change of the order may have come between).
    const [a] = l ? await affected(tx, s.menuId, s.dishId, seen.orderId) : [];
    if (!l || !a) continue;
    const base = {
      withdrawalId: take.withdrawalId,
      orderId: a.orderId,
      userId: a.userId,
      itemIds: a.itemIds,
      qty: a.qty,
      amountCents: a.cents,
      createdAt: take.now,
    };
    if (substitute && (await takeStock(tx, s.menuId, new Map([[substitute.id, a.qty]]))).short.length === 0) {
      // The lines become the substitute with its allergens (labels, tickets and the eater's order read
      // them); an allergen the eater avoids in it is flagged for the kitchen, as placing flags one.
      await tx
        .update(orderItems)
        .set({ dishId: substitute.id, title: substitute.title, allergenIds: substitute.allergens })
        .where(inArray(orderItems.id, a.itemIds));
      await flagAvoided(tx, a.orderId, substitute.allergens);
      await tx.insert(withdrawnOrders).values({ ...base, status: 'substituted' });
    } else {
      // Refund, or the substitute ran out for this order: its portions are refunded.
      const back = await takeBack(tx, take, l, a.itemIds);
      if (!back) continue;
      if (back.refundId !== null) s.refundIds.push(back.refundId);
      await tx.insert(withdrawnOrders).values({ ...base, status: back.status, ...partsColumns(back.parts), refundId: back.refundId });
    }
    s.eaters.set(a.userId, a.orderId);
    s.orderIds.push(a.orderId);
  }
}

/** Adds to an own order's kitchen flag the allergens of `allergenIds` its eater avoids (orders.allergen_warnings). */
async function flagAvoided(tx: Tx, orderId: number, allergenIds: number[]) {
  if (allergenIds.length === 0) return;
  await tx.execute(sql`
    update ${orders} o set allergen_warnings = array(
      select distinct a from unnest(o.allergen_warnings || array(
        select x from unnest(u.avoided_allergens) x where x = any(${pgIntArray(allergenIds)}::int[]))) a order by a)
    from ${users} u where u.id = o.user_id and o.id = ${orderId} and o.kind = 'own'`);
}

/** The withdrawn_orders columns of what was given back. */
export const partsColumns = (p: Parts) => ({
  subsidyCents: p.subsidy,
  budgetCents: p.budget,
  bonusCents: p.bonus,
  companyCents: p.company,
  cashCents: p.cash,
  paidCents: p.paid,
});

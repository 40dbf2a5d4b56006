/*
 * Card and bank standing orders prepared for the user to pay (issue 27, decision 061): the sweep
 * records the day `prepared` and writes no order; the order page reads them here and offers each
 * in the cart with a notice to pay through the same checkout. Never charged without the user.
 */
import { and, asc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import type { StandingPrepared, StandingPreparedResult } from '../../../shared/schemas/plan-ahead.js';
import { dishes, menus, orders, standingOrderRuns, standingOrders } from '../../db/schema/index.js';
import type { UserContext } from '../../lib/context.js';
import { ORDER_STATUS } from '../orders/placed.read.js';

/**
 * GET /app/standing-orders/prepared: the caller's prepared days on published menus still open
 * (one menu with `menuId`), unless they have an order there since (placed, or waiting for its payment).
 */
export async function preparedDays(ctx: UserContext, menuId: number | undefined): Promise<StandingPreparedResult> {
  const rows = await ctx.db
    .select({ run: standingOrderRuns, so: standingOrders, to: menus.to, title: dishes.title })
    .from(standingOrderRuns)
    .innerJoin(standingOrders, eq(standingOrders.id, standingOrderRuns.standingOrderId))
    .innerJoin(menus, eq(menus.id, standingOrderRuns.menuId))
    .innerJoin(dishes, eq(dishes.id, standingOrders.dishId))
    .where(
      and(
        eq(standingOrderRuns.userId, ctx.user.id),
        eq(standingOrderRuns.outcome, 'prepared'),
        menuId === undefined ? undefined : eq(standingOrderRuns.menuId, menuId),
        eq(menus.status, true),
        gt(menus.to, ctx.now),
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(orders)
            .where(
              and(
                eq(orders.userId, ctx.user.id),
                eq(orders.menuId, standingOrderRuns.menuId),
                inArray(orders.status, [ORDER_STATUS.pending, ORDER_STATUS.placed]),
                // Their own lunch only: a meeting or guest order they host is the company's (issue 29).
                eq(orders.kind, 'own'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(menus.to), asc(standingOrderRuns.day));
  const optionIds = [...new Set(rows.flatMap((r) => r.so.complex.map((c) => c.dish_id)))];
  const optionTitles = new Map(
    optionIds.length === 0
      ? []
      : (await ctx.db.select({ id: dishes.id, title: dishes.title }).from(dishes).where(inArray(dishes.id, optionIds))).map((d) => [
          d.id,
          pickText(d.title, ctx.lang),
        ]),
  );
  const data = rows.map((r): StandingPrepared => ({
    standing_order_id: r.so.id,
    day: r.run.day,
    menu_id: r.run.menuId,
    deadline: r.to.toISOString(),
    dish: { id: r.so.dishId, title: pickText(r.title, ctx.lang) },
    qty: r.so.qty,
    complex: r.so.complex.map((c) => ({ group_id: c.group_id, dish: { id: c.dish_id, title: optionTitles.get(c.dish_id) ?? '' } })),
    payment_type: r.so.paymentType,
    bank: r.so.bankCode,
  }));
  return { data };
}

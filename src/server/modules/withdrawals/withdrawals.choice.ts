/**
 * The eater's side of a withdrawn dish (decision 083): what became of it in their order, and the
 * choice between the substitute (given by default) and the refund, until the menu's deadline (or
 * an hour after a withdrawal made later). Choosing twice at once changes once: the order is locked
 * as cancel locks it and the choice is taken only from the state 'substituted'.
 */
import { and, asc, eq } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import { toEuros } from '../../../shared/money.js';
import type { WithdrawnChoiceInput, WithdrawnNotice, WithdrawnNotices } from '../../../shared/schemas/withdrawals.js';
import type { Db, Tx } from '../../db/client.js';
import { dishes, dishWithdrawals, menus, orders, withdrawnOrders } from '../../db/schema/index.js';
import type { AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { lockOrder, takeBack } from './withdrawals.money.js';
import { withdrawalsText } from './withdrawals.messages.js';
import { chooseUntil, partsColumns } from './withdrawals.service.js';

async function noticeRows(db: Db | Tx, orderId: number, withdrawalId?: number) {
  const rows = await db
    .select({ row: withdrawnOrders, w: dishWithdrawals, menuTo: menus.to, dish: dishes.title })
    .from(withdrawnOrders)
    .innerJoin(dishWithdrawals, eq(dishWithdrawals.id, withdrawnOrders.withdrawalId))
    .innerJoin(menus, eq(menus.id, dishWithdrawals.menuId))
    .innerJoin(dishes, eq(dishes.id, dishWithdrawals.dishId))
    .where(and(eq(withdrawnOrders.orderId, orderId), withdrawalId ? eq(withdrawnOrders.withdrawalId, withdrawalId) : undefined))
    .orderBy(asc(withdrawnOrders.id));
  const subs = new Map<number, Partial<Record<string, string>>>();
  for (const r of rows)
    if (r.w.substituteDishId && !subs.has(r.w.substituteDishId)) {
      const [d] = await db.select({ title: dishes.title }).from(dishes).where(eq(dishes.id, r.w.substituteDishId));
      subs.set(r.w.substituteDishId, d?.title ?? {});
    }
  return rows.map((r) => ({ ...r, substitute: r.w.substituteDishId ? (subs.get(r.w.substituteDishId) ?? null) : null }));
}

type NoticeRow = Awaited<ReturnType<typeof noticeRows>>[number];

function present(ctx: Pick<UserContext, 'lang' | 'now'>, n: NoticeRow): WithdrawnNotice {
  const r = n.row;
  const until = chooseUntil(n.menuTo, n.w.createdAt);
  return {
    withdrawal_id: n.w.id,
    dish: pickText(n.dish, ctx.lang),
    substitute: n.substitute ? pickText(n.substitute, ctx.lang) : null,
    status: r.status,
    portions: r.qty,
    amount: toEuros(r.amountCents),
    refund: {
      subsidy: toEuros(r.subsidyCents),
      budget: toEuros(r.budgetCents),
      bonus: toEuros(r.bonusCents),
      company: toEuros(r.companyCents),
      cash: toEuros(r.cashCents),
      paid: toEuros(r.paidCents),
    },
    choose_until: r.status === 'substituted' && ctx.now <= until ? until.toISOString() : null,
  };
}

/** The order's owner only (anyone else: 404, the order is not theirs to see here). */
async function ownOrder(db: Db | Tx, userId: number, orderId: number) {
  const [o] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!o || o.userId !== userId) throw new AppError(404, t.coded('notFound'));
}

/** GET /app/order/{id}/withdrawn: the dishes withdrawn from this order, and the choice still open. */
export async function withdrawnNotices(ctx: UserContext, orderId: number): Promise<WithdrawnNotices> {
  await ownOrder(ctx.db, ctx.user.id, orderId);
  return { data: (await noticeRows(ctx.db, orderId)).map((n) => present(ctx, n)) };
}

/** POST /app/order/{id}/withdrawn/{withdrawalId}: keep the substitute or take the refund (once). */
export async function chooseWithdrawn(
  ctx: UserContext,
  req: { orderId: number; withdrawalId: number; input: WithdrawnChoiceInput; who: AuditWho },
): Promise<{ notice: WithdrawnNotice; changed: boolean; refundId: number | null; menuId: number }> {
  const { db, now, user } = ctx;
  return db.transaction(async (tx) => {
    await ownOrder(tx, user.id, req.orderId);
    const locked = await lockOrder(tx, req.orderId);
    const [row] = await tx
      .select()
      .from(withdrawnOrders)
      .where(and(eq(withdrawnOrders.orderId, req.orderId), eq(withdrawnOrders.withdrawalId, req.withdrawalId)))
      .for('update');
    if (!locked || !row) throw new AppError(404, t.coded('notFound'));
    const [n] = await noticeRows(tx, req.orderId, req.withdrawalId);
    let changed = false;
    let refundId: number | null = null;
    if (row.status === 'substituted') {
      if (now > chooseUntil(n!.menuTo, n!.w.createdAt)) throw new AppError(409, withdrawalsText.coded('choiceClosed'));
      if (req.input.choice === 'substitute') {
        await tx.update(withdrawnOrders).set({ status: 'kept', chosenAt: now }).where(eq(withdrawnOrders.id, row.id));
      } else {
        const take = { withdrawalId: row.withdrawalId, who: req.who, actorId: user.id, providerId: n!.w.providerId, now };
        const back = await takeBack(tx, take, locked, row.itemIds);
        if (!back) throw new AppError(409, t.coded('notFound'));
        refundId = back.refundId;
        await tx
          .update(withdrawnOrders)
          .set({ status: back.status, chosenAt: now, refundId, ...partsColumns(back.parts) })
          .where(eq(withdrawnOrders.id, row.id));
      }
      changed = true;
    }
    const [after] = await noticeRows(tx, req.orderId, req.withdrawalId);
    return { notice: present(ctx, after!), changed, refundId, menuId: locked.order.menuId };
  });
}

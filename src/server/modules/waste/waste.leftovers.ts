import { and, asc, eq, inArray } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import { LEFTOVER_MAX, type LeftoversInput, type LeftoversResult, type LeftoversWritten } from '../../../shared/schemas/waste.js';
import type { Db, Tx } from '../../db/client.js';
import { complexGroups, complexOptions, dishes, leftovers, menuDishes, orderItems, orders } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isoTime } from '../../lib/time.js';
import { providerMenu } from '../priced-menu/priced-menu.read.js';
import { countDishes } from '../kitchen/kitchen.read.js';
import { wasteText } from './waste.messages.js';

type Ctx = Pick<RequestContext, 'db' | 'now' | 'lang' | 'provider'>;
type WriteCtx = Pick<UserContext, 'db' | 'now' | 'lang' | 'provider' | 'user'>;

/**
 * The dishes whose leftovers a menu takes: its plain dishes and the options of its set meals (what
 * the kitchen cooks), and any dish ordered on it (a dish taken off the menu after orders), by id.
 */
async function recordableDishIds(db: Db | Tx, menuId: number): Promise<Set<number>> {
  // One after the other: inside a transaction there is one connection.
  const plain = await db
    .select({ id: dishes.id })
    .from(menuDishes)
    .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
    .where(and(eq(menuDishes.menuId, menuId), eq(dishes.type, 'simple')));
  const options = await db
    .select({ id: complexOptions.dishId })
    .from(menuDishes)
    .innerJoin(complexGroups, eq(complexGroups.dishId, menuDishes.dishId))
    .innerJoin(complexOptions, eq(complexOptions.groupId, complexGroups.id))
    .where(eq(menuDishes.menuId, menuId));
  return new Set([...plain, ...options].map((r) => r.id));
}

/** GET /app/kitchen/{id}/leftovers: the menu's dishes with what was ordered and what was left over. */
export async function leftoversOfMenu(ctx: Ctx, menuId: number): Promise<LeftoversResult> {
  const { db, now, lang } = ctx;
  const providerId = await ctx.provider();
  const menu = await providerMenu(db, providerId, menuId);
  const [ids, counts, recorded] = await Promise.all([
    recordableDishIds(db, menuId),
    countDishes(db, menuId, lang),
    db.select().from(leftovers).where(eq(leftovers.menuId, menuId)),
  ]);
  const ordered = new Map(counts.dishes.flatMap((g) => g.data.map((d) => [d.id, d.qty] as const)));
  for (const id of [...ordered.keys(), ...recorded.map((r) => r.dishId)]) ids.add(id);
  const rows = ids.size
    ? await db
        .select({ id: dishes.id, title: dishes.title, grams: dishes.portionGrams, position: dishes.position })
        .from(dishes)
        .where(inArray(dishes.id, [...ids]))
    : [];
  const byDish = new Map(recorded.map((r) => [r.dishId, r]));
  rows.sort((a, b) => a.position - b.position || a.id - b.id);
  return {
    menu_id: menuId,
    deadline: isoTime(menu.to),
    open: now.getTime() >= menu.to.getTime(),
    max: LEFTOVER_MAX,
    dishes: rows.map((d) => {
      const r = byDish.get(d.id);
      return {
        dish_id: d.id,
        title: pickText(d.title, lang),
        ordered: ordered.get(d.id) ?? 0,
        portions: r?.portions ?? null,
        portion_grams: d.grams,
        recorded_at: r ? isoTime(r.recordedAt) : null,
      };
    }),
    updated_at: isoTime(now),
  };
}

/** A write's answer: the menu's recorded leftovers (primary-key reads, unlike the whole list). */
async function recordedOf(db: Db, menuId: number, changed: boolean): Promise<LeftoversWritten> {
  const rows = await db.select().from(leftovers).where(eq(leftovers.menuId, menuId)).orderBy(asc(leftovers.dishId));
  return {
    menu_id: menuId,
    changed,
    dishes: rows.map((r) => ({ dish_id: r.dishId, portions: r.portions, recorded_at: isoTime(r.recordedAt) })),
  };
}

/** The menu of the active provider (404 otherwise), after its deadline (409 before). */
async function closedMenu(ctx: Ctx, menuId: number) {
  const providerId = await ctx.provider();
  const menu = await providerMenu(ctx.db, providerId, menuId);
  if (ctx.now.getTime() < menu.to.getTime()) throw new AppError(409, wasteText.coded('beforeDeadline'));
  return providerId;
}

/** Refuses dishes the menu does not take (422 keyed by their place in the request). */
async function checkDishes(tx: Tx, menuId: number, dishIds: number[], key: (i: number) => string) {
  const known = await recordableDishIds(tx, menuId);
  // A dish taken off the menu after it was ordered: looked for only when one is asked for.
  const other = dishIds.filter((id) => !known.has(id));
  const ordered = other.length
    ? await tx
        .selectDistinct({ id: orderItems.dishId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.menuId, menuId), inArray(orderItems.dishId, other)))
    : [];
  for (const r of ordered) if (r.id !== null) known.add(r.id);
  const errors: Record<string, ReturnType<typeof wasteText.coded>[]> = {};
  dishIds.forEach((id, i) => {
    if (!known.has(id)) errors[key(i)] = [wasteText.coded('notOnMenu')];
  });
  if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
}

const audit = (tx: Tx, who: AuditWho, providerId: number, menuId: number, dishId: number, before: number | null, after: number) =>
  recordAudit(tx, who, {
    action: 'leftovers.record',
    entityType: 'leftover',
    entityId: `${menuId}:${dishId}`,
    providerId,
    before: { portions: before },
    after: { portions: after },
  });

/**
 * PUT /app/kitchen/{id}/leftovers (and /{dishId}): sets the portions left of each dish sent.
 * Idempotent: a dish already at its number is left as it was and audited no further; every
 * change is one audit entry. Answers whether anything changed, and the menu's recorded leftovers.
 */
export async function setLeftovers(ctx: WriteCtx, menuId: number, input: LeftoversInput, who: AuditWho) {
  const providerId = await closedMenu(ctx, menuId);
  const changed = await ctx.db.transaction(async (tx) => {
    await checkDishes(
      tx,
      menuId,
      input.dishes.map((d) => d.dish_id),
      (i) => `dishes.${i}.dish_id`,
    );
    let count = 0;
    const row = { recordedById: ctx.user.id, recordedAt: ctx.now };
    // In dish order, so two writers of the same dishes lock their rows in one order.
    for (const d of [...input.dishes].sort((a, b) => a.dish_id - b.dish_id)) {
      // Inserted if missing; a concurrent first write waits here for the other's commit and then
      // finds its row, so each entry's `before` is the committed value and an equal set is no change.
      const created = await tx
        .insert(leftovers)
        .values({ menuId, dishId: d.dish_id, portions: d.portions, ...row })
        .onConflictDoNothing()
        .returning({ portions: leftovers.portions });
      let before: number | null = null;
      if (created.length === 0) {
        const [locked] = await tx
          .select({ portions: leftovers.portions })
          .from(leftovers)
          .where(and(eq(leftovers.menuId, menuId), eq(leftovers.dishId, d.dish_id)))
          .for('update');
        before = locked!.portions;
        if (before === d.portions) continue;
        await tx
          .update(leftovers)
          .set({ portions: d.portions, ...row })
          .where(and(eq(leftovers.menuId, menuId), eq(leftovers.dishId, d.dish_id)));
      }
      await audit(tx, who, providerId, menuId, d.dish_id, before, d.portions);
      count++;
    }
    return count > 0;
  });
  return recordedOf(ctx.db, menuId, changed);
}

/**
 * POST /app/kitchen/{id}/leftovers/{dishId}/step: one tap, +1 or −1 (kept within 0..LEFTOVER_MAX).
 * The row is created first if missing, then locked and changed from its committed value, so taps
 * on several screens at once each count (none is lost to another's read).
 */
export async function stepLeftover(ctx: WriteCtx, menuId: number, dishId: number, by: 1 | -1, who: AuditWho) {
  const providerId = await closedMenu(ctx, menuId);
  const changed = await ctx.db.transaction(async (tx) => {
    await checkDishes(tx, menuId, [dishId], () => 'dish_id');
    const created = await tx
      .insert(leftovers)
      .values({ menuId, dishId, portions: 0, recordedById: ctx.user.id, recordedAt: ctx.now })
      .onConflictDoNothing()
      .returning({ portions: leftovers.portions });
    const [row] = await tx
      .select({ portions: leftovers.portions })
      .from(leftovers)
      .where(and(eq(leftovers.menuId, menuId), eq(leftovers.dishId, dishId)))
      .for('update');
    const before = created.length ? null : row!.portions;
    const after = Math.min(LEFTOVER_MAX, Math.max(0, row!.portions + by));
    if (before === after) return false;
    await tx
      .update(leftovers)
      .set({ portions: after, recordedById: ctx.user.id, recordedAt: ctx.now })
      .where(and(eq(leftovers.menuId, menuId), eq(leftovers.dishId, dishId)));
    await audit(tx, who, providerId, menuId, dishId, before, after);
    return true;
  });
  return recordedOf(ctx.db, menuId, changed);
}

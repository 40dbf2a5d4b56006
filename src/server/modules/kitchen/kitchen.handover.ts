import { and, asc, eq, sql } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import type { HandoverPortion, HandoverResult } from '../../../shared/schemas/kitchen.js';
import type { Db, Tx } from '../../db/client.js';
import { locations, orderItemOptions, orderItems, orders, portionHandovers, users } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { kitchenText } from './kitchen.messages.js';

const nameOfUser = (id: typeof portionHandovers.handedOverById) =>
  sql<string | null>`(select coalesce(nullif(trim(u.first_name), ''), u.email) from users u where u.id = ${id})`;

/** How long after marking a portion handed over the mark can be undone (a wrong label scanned). */
export const HANDOVER_UNDO_MS = 60_000;

type Who = AuditWho & { user: { id: number } };
type Portion = { providerId: number; orderId: number; itemId: number; unit: number; lang: Lang };

/**
 * The portion `unit` of order line `itemId` of order `orderId` of the active provider, or 404
 * (another provider's label answers 404 like its menus and laps, decision 040); 409 for a
 * cancelled order or one not placed (an unpaid card order), so nobody hands over food that is
 * not sold.
 */
async function portionLine(db: Db | Tx, p: Portion) {
  const [line] = await db
    .select({
      provider: sql<number>`(select m.provider_id from menus m where m.id = ${orders.menuId})`,
      menuId: orders.menuId,
      qty: orderItems.qty,
      title: orderItems.title,
      status: orders.status,
      name: users.firstName,
      email: users.email,
      location: locations.title,
      lapId: sql<number | null>`(select ll.lap_id from lap_locations ll join laps l on l.id = ll.lap_id
        where ll.location_id = ${orders.locationId} and l.provider_id = (select m.provider_id from menus m where m.id = ${orders.menuId}))`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orderItems.id, p.itemId), eq(orderItems.orderId, p.orderId)));
  if (!line || p.unit > line.qty || Number(line.provider) !== p.providerId) throw new AppError(404, kitchenText.coded('portionNotFound'));
  if (line.status === ORDER_STATUS.cancelled) throw new AppError(409, kitchenText.coded('orderCancelled', { n: p.orderId }));
  if (line.status !== ORDER_STATUS.placed) throw new AppError(409, kitchenText.coded('orderNotPlaced', { n: p.orderId }));
  return line;
}

/** What the hand-over page shows of a portion: who, where, what, and whether (when, by whom) it was handed over. */
async function describePortion(db: Db, p: Portion, line: Awaited<ReturnType<typeof portionLine>>, now: Date): Promise<HandoverPortion> {
  const [[row], options] = await Promise.all([
    db
      .select({ at: portionHandovers.handedOverAt, by: nameOfUser(portionHandovers.handedOverById) })
      .from(portionHandovers)
      .where(and(eq(portionHandovers.itemId, p.itemId), eq(portionHandovers.unit, p.unit))),
    db
      .select({ title: orderItemOptions.title })
      .from(orderItemOptions)
      .where(eq(orderItemOptions.orderItemId, p.itemId))
      .orderBy(asc(orderItemOptions.id)),
  ]);
  const undoUntil = row ? new Date(row.at.getTime() + HANDOVER_UNDO_MS) : null;
  return {
    handed_over_at: row ? row.at.toISOString() : null,
    handed_over_by: row ? row.by : null,
    undo_until: undoUntil && undoUntil > now ? undoUntil.toISOString() : null,
    order_id: p.orderId,
    menu_id: line.menuId,
    lap_id: line.lapId === null ? null : Number(line.lapId),
    unit: p.unit,
    qty: line.qty,
    person: line.name.trim() || line.email,
    location: line.location,
    dish: pickText(line.title, p.lang),
    options: options.map((o) => pickText(o.title, p.lang)),
  };
}

/**
 * GET /app/handover/{orderId}/{itemId}/{unit}: the portion a label's QR code names, and whether
 * it was handed over; writes nothing (the hand-over page shows it before the staff confirm).
 */
export async function portionOf(db: Db, p: Portion, now: Date): Promise<HandoverPortion> {
  return describePortion(db, p, await portionLine(db, p), now);
}

/**
 * POST /app/handover/{orderId}/{itemId}/{unit}: marks one portion (a label) handed over, once,
 * audited. Staff of the active provider only (another provider's portion answers 404). A second
 * scan writes nothing and answers the first one's time and person (`already: true`).
 */
export async function handOver(db: Db, p: Portion, who: Who, now: Date): Promise<HandoverResult> {
  const line = await portionLine(db, p);
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(portionHandovers)
      .values({ itemId: p.itemId, unit: p.unit, orderId: p.orderId, handedOverAt: now, handedOverById: who.user.id })
      .onConflictDoNothing()
      .returning({ itemId: portionHandovers.itemId });
    // A second scan writes nothing, and records nothing.
    if (rows.length)
      await recordAudit(tx, who, {
        action: 'portion.handover',
        entityType: 'order',
        entityId: p.orderId,
        providerId: p.providerId,
        after: { item_id: p.itemId, unit: p.unit },
      });
    return rows;
  });
  const portion = await describePortion(db, p, line, now);
  return { ...portion, already: inserted.length === 0, handed_over_at: portion.handed_over_at! };
}

/**
 * DELETE /app/handover/{orderId}/{itemId}/{unit}: undoes a mark within HANDOVER_UNDO_MS of it
 * (the wrong label scanned), audited; 409 when the portion is not handed over or the minute is
 * over (the server's clock decides).
 */
export async function undoHandOver(db: Db, p: Portion, who: Who, now: Date): Promise<HandoverPortion> {
  const line = await portionLine(db, p);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ at: portionHandovers.handedOverAt, by: portionHandovers.handedOverById })
      .from(portionHandovers)
      .where(and(eq(portionHandovers.itemId, p.itemId), eq(portionHandovers.unit, p.unit)))
      .for('update');
    if (!row) throw new AppError(409, kitchenText.coded('notHandedOver'));
    if (now.getTime() - row.at.getTime() > HANDOVER_UNDO_MS) throw new AppError(409, kitchenText.coded('undoTooLate'));
    await tx.delete(portionHandovers).where(and(eq(portionHandovers.itemId, p.itemId), eq(portionHandovers.unit, p.unit)));
    await recordAudit(tx, who, {
      action: 'portion.handover_undo',
      entityType: 'order',
      entityId: p.orderId,
      providerId: p.providerId,
      before: { item_id: p.itemId, unit: p.unit, handed_over_at: row.at.toISOString(), handed_over_by_id: row.by },
    });
  });
  return describePortion(db, p, line, now);
}

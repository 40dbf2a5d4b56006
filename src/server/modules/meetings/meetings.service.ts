/**
 * Company orders (issue 29, decision 076): a meeting order (a location's manager, or staff) and a
 * guest order (the visitors slice calls `placeCompanyOrder` with kind 'guest'). Paid by the
 * company: payment type 'company', one ledger 'company' entry of the amount, no subsidy, budget,
 * bonus or card; they take stock like any order (under the balance rows' lock, `takeStock`) and
 * are cancelled like any order (POST /app/order/{id}/cancel gives the stock back and reverses the
 * 'company' entry). Their user is the host: the one who ordered (the manager or the staff member).
 */
import { and, eq } from 'drizzle-orm';
import { stockNeeds } from '../../../shared/ordering/stock.js';
import type { Tx } from '../../db/client.js';
import { ledgerEntries, locations, menus, orderItemOptions, orderItems, orders } from '../../db/schema/index.js';
import { recordAudit } from '../../lib/audit.js';
import type { RequestContext, UserContext } from '../../lib/context.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isStaff } from '../orders/orders.read.js';
import type { ChangePublisher } from '../../lib/events.js';
import { localEuros } from '../../lib/i18n.js';
import { activeCostCentreAt } from '../cost-centres/cost-centres.read.js';
import { takeStock } from '../orders/stock.service.js';
import { priceLines, stockRefusal } from '../ordering/ordering.service.js';
import { isOpen, loadPricedDishes, type DishData, type MenuData } from '../priced-menu/priced-menu.read.js';
import { meetingsText } from './meetings.messages.js';

/** Largest company order (as any order: 100 000.00 EUR); the location's limit is usually far lower. */
const MAX_ORDER_CENTS = 10_000_000;

/** What placing a company order needs of the request: the database, its instant, and the change bus (after the commit). */
export type CompanyOrderCtx = Pick<RequestContext, 'db' | 'now'> & { changes: ChangePublisher };

export interface CompanyOrderLine {
  dishId: number;
  qty: number;
  complex?: { group_id: number; dish_id: number }[];
  /** The guest the portions are for ('' unnamed); trimmed by the caller's schema. */
  guestName: string;
}

export interface CompanyOrderRequest {
  kind: 'meeting' | 'guest';
  /** The order's user: the one who ordered (manager or staff), or the visitor's host. */
  hostId: number;
  locationId: number;
  menuId: number;
  lines: CompanyOrderLine[];
  deliveryNote: string;
  costCentreId: number | null;
  /** Who placed it (the audit entry's actor); null: the host themselves. */
  actorId: number | null;
  /** The request's id (the audit entry). */
  requestId: string;
  /**
   * Run inside the order's transaction right after the order row is written (before the stock is
   * taken): a throw writes nothing. A visitor link is claimed here, so a link is used exactly when
   * its order exists (decision 077).
   */
  withinOrder?: (tx: Tx, orderId: number) => Promise<void>;
}

const invalid = (errors: CodedFieldErrors) => fieldError(meetingsText.coded('meetingInvalid'), errors);

/** A company order's line, priced as an order's line is (ordering's priceLines), with its guest. */
interface PricedLine {
  dishId: number;
  title: DishData['title'];
  qty: number;
  unitPriceCents: number;
  options: { groupId: number; dishId: number; title: DishData['title']; priceCents: number }[];
  allergens: number[];
  guestName: string;
}

/** Prices every line against the menu (the order check's priceLines); collects field errors. */
function priceCompanyLines(menu: MenuData, lines: CompanyOrderLine[], errors: CodedFieldErrors): PricedLine[] {
  const items = lines.map((l) => ({ id: l.dishId, qty: l.qty, complex: l.complex }));
  const priced = priceLines(menu, items, errors);
  if (Object.keys(errors).length > 0) return [];
  return priced.map((p, i) => ({
    dishId: p.dish.id,
    title: p.dish.title,
    qty: p.qty,
    unitPriceCents: p.unitPriceCents,
    options: p.options,
    allergens: [...p.dietary.allergens],
    guestName: lines[i]!.guestName,
  }));
}

/**
 * Places a company order: checks the location (its meeting limit: null refuses), the menu (exists,
 * published, before its deadline, provider active), every line, the cost centre (an active one of
 * the location's company) and the amount against the limit; then in one transaction writes the
 * order and its lines (the order row first: its user row is then locked before the balance rows,
 * in the order statement's lock order), takes the stock under the balance rows' lock (refused, and
 * nothing written, when a dish is short), writes the 'company' ledger entry and the audit entry.
 * After the commit the change is published (open order pages see the stock left).
 */
export async function placeCompanyOrder(ctx: CompanyOrderCtx, req: CompanyOrderRequest): Promise<{ orderId: number }> {
  const { db, now } = ctx;
  const [location] = await db
    .select({ id: locations.id, limit: locations.meetingLimitCents, status: locations.status })
    .from(locations)
    .where(eq(locations.id, req.locationId));
  if (!location) throw invalid({ location_id: [meetingsText.coded('locationNotFound')] });
  if (location.limit === null || !location.status) throw invalid({ location_id: [meetingsText.coded('noMeetings')] });

  const dishIds = [...new Set(req.lines.flatMap((l) => [l.dishId, ...(l.complex ?? []).map((c) => c.dish_id)]))];
  const menu = await loadPricedDishes(db, req.menuId, dishIds);
  if (!menu || !menu.provider.status) throw invalid({ menu_id: [meetingsText.coded('menuNotFound')] });
  if (!isOpen(menu, now)) throw invalid({ menu_id: [meetingsText.coded('menuClosed')] });

  const errors: CodedFieldErrors = {};
  const lines = priceCompanyLines(menu, req.lines, errors);
  if (req.costCentreId !== null && !(await activeCostCentreAt(db, location.id, req.costCentreId)))
    errors.cost_centre_id = [meetingsText.coded('costCentreInvalid')];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const amount = lines.reduce((sum, l) => sum + l.unitPriceCents * l.qty, 0);
  if (amount > MAX_ORDER_CENTS) throw invalid({ items: [meetingsText.coded('orderTooLarge')] });
  if (amount > location.limit)
    throw invalid({ items: [meetingsText.coded('overLimit', { limit: localEuros(location.limit), amount: localEuros(amount) })] });

  const needs = stockNeeds(lines.map((l) => ({ id: l.dishId, quantity: l.qty, options: l.options.map((o) => o.dishId) })));
  const actorId = req.actorId ?? req.hostId;
  const placed = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        menuId: menu.id,
        userId: req.hostId,
        locationId: location.id,
        // Someone else placed it for the host (staff for a visitor's host); the host's own: none.
        createdById: req.actorId !== null && req.actorId !== req.hostId ? req.actorId : null,
        paymentType: 'company',
        amountCents: amount,
        amountToPayCents: 0,
        status: 2,
        kind: req.kind,
        deliveryNote: req.deliveryNote,
        costCentreId: req.costCentreId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    if (req.withinOrder) await req.withinOrder(tx, orderId);
    const items = await tx
      .insert(orderItems)
      .values(
        lines.map((l, position) => ({
          orderId,
          dishId: l.dishId,
          title: l.title,
          qty: l.qty,
          unitPriceCents: l.unitPriceCents,
          position,
          guestName: l.guestName,
          allergenIds: l.allergens,
        })),
      )
      .returning({ id: orderItems.id, position: orderItems.position });
    const options = items.flatMap((item) =>
      lines[item.position]!.options.map((o) => ({
        orderItemId: item.id,
        groupId: o.groupId,
        dishId: o.dishId,
        title: o.title,
        priceCents: o.priceCents,
      })),
    );
    if (options.length > 0) await tx.insert(orderItemOptions).values(options);
    const stock = await takeStock(tx, menu.id, needs);
    if (stock.short.length > 0)
      throw stockRefusal(
        menu,
        stock.short.map(([dishId, left]) => ({ dishId, left })),
      );
    await tx.insert(ledgerEntries).values({
      at: now,
      orderId,
      userId: req.hostId,
      locationId: location.id,
      providerId: menu.providerId,
      menuId: menu.id,
      kind: 'company',
      amountCents: amount,
      actorId,
    });
    await recordAudit(
      tx,
      { user: { id: actorId }, id: req.requestId },
      {
        action: 'order.create',
        entityType: 'order',
        entityId: orderId,
        providerId: menu.providerId,
        after: {
          kind: req.kind,
          user_id: req.hostId,
          location_id: location.id,
          menu_id: menu.id,
          payment_type: 'company',
          amount_cents: amount,
          cost_centre_id: req.costCentreId,
        },
      },
    );
    return { orderId, stockLeft: stock.left };
  });
  ctx.changes.publish({ type: 'order', menuId: menu.id, orderId: placed.orderId, stockLeft: placed.stockLeft });
  return { orderId: placed.orderId };
}

/**
 * Staff order meetings and guest orders, and make visitor links, only on menus of their active
 * provider: another provider's menu is not theirs to see (404).
 */
export async function checkStaffMenu(ctx: UserContext, menuId: number): Promise<void> {
  if (!isStaff(ctx.user)) return;
  const provider = await ctx.provider();
  const [menu] = await ctx.db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.providerId, provider)));
  if (!menu) throw new AppError(404, t.coded('notFound'));
}

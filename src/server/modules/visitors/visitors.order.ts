/*
 * The one place the visitors area places an order: the meetings slice's company order of kind
 * 'guest' (paid by the company, checked against the location's limit, stock taken under lock).
 */
import type { OrderItemInput } from '../../../shared/schemas/ordering.js';
import type { Tx } from '../../db/client.js';
import { placeCompanyOrder, type CompanyOrderCtx } from '../meetings/meetings.service.js';

export interface GuestOrder {
  hostId: number;
  locationId: number;
  menuId: number;
  guestName: string;
  items: OrderItemInput[];
  deliveryNote: string;
  costCentreId: number | null;
  /** The signed-in host or staff member; null when the visitor's own pick places it. */
  actorId: number | null;
  requestId: string;
  /** Inside the order's transaction, after the order row is written (the visitor link's claim). */
  withinOrder?: (tx: Tx, orderId: number) => Promise<void>;
}

/** What the order needs of the request: the database, the clock, and the change bus (open pages hear of it). */
export type GuestOrderCtx = CompanyOrderCtx;

/** Places a visitor's order as the host's guest order (one line per item, each in the visitor's name); answers its id. */
export async function placeGuestOrder(ctx: GuestOrderCtx, order: GuestOrder): Promise<{ orderId: number }> {
  return placeCompanyOrder(ctx, {
    kind: 'guest',
    hostId: order.hostId,
    locationId: order.locationId,
    menuId: order.menuId,
    lines: order.items.map((i) => ({ dishId: i.id, qty: i.qty, complex: i.complex, guestName: order.guestName })),
    deliveryNote: order.deliveryNote,
    costCentreId: order.costCentreId,
    actorId: order.actorId,
    requestId: order.requestId,
    withinOrder: order.withinOrder,
  });
}

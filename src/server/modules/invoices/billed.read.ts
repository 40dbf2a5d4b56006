import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { menus, orders, providers } from '../../db/schema/index.js';
import { billedBy } from './invoices.queries.js';

/**
 * The open (issued, not credited) invoice that bills an order, or null: an invoice covers a
 * location's month of the provider's menus (a menu belongs to the month of its day in the
 * provider's zone, as on the statement), whether issued for the location or for its company.
 */
export async function invoiceOfOrder(db: Db | Tx, orderId: number): Promise<{ id: number; code: string } | null> {
  const [row] = await db
    .select({
      locationId: orders.locationId,
      providerId: menus.providerId,
      month: sql<string>`to_char(${menus.from} at time zone ${providers.timezone}, 'YYYY-MM')`,
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .innerJoin(providers, eq(providers.id, menus.providerId))
    .where(eq(orders.id, orderId));
  if (!row || row.locationId === null) return null;
  const [invoice] = await billedBy(db, row.providerId, row.month, [row.locationId]);
  return invoice ? { id: invoice.id, code: invoice.code } : null;
}

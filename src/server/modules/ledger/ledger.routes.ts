import { eq } from 'drizzle-orm';
import { ADMINS } from '../../../shared/roles.js';
import { correctionInput, correctionResult, ledgerEntryAnswer, ledgerFilters, ledgerPage } from '../../../shared/schemas/ledger.js';
import { listQuerySchema, pagedOf } from '../../../shared/list-query.js';
import { listLedger } from './ledger.service.js';
import { locations, menus, orders } from '../../db/schema/index.js';
import type { App, Deps } from '../../lib/context.js';
import { userOf } from '../../lib/context.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { writeCorrection, type Correction } from '../../lib/ledger.js';
import { t } from '../../lib/messages.js';
import { ledgerText } from './ledger.messages.js';

const ledgerListQuery = listQuerySchema({ sort: [] as never[], filters: ledgerFilters, defaultPerPage: 50 });

/** The ledger's routes (decision 038): the entries for admins (read only), and manual corrections with a reason. */
export async function ledgerRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  app.get(
    '/ledger',
    {
      config: { access: ADMINS },
      schema: { tags: ['ledger'], querystring: ledgerListQuery, response: { 200: ledgerPage(pagedOf(ledgerEntryAnswer)) } },
    },
    async (req) => listLedger(db, await req.providerOrNull(), req.query),
  );

  app.post(
    '/ledger/corrections',
    {
      config: { access: ADMINS },
      schema: { tags: ['ledger'], body: correctionInput, response: { 200: correctionResult } },
    },
    async (req) => {
      const body = req.body;
      if (body.amount_cents === 0) throw new AppError(422, t.coded('invalidValue'), { amount_cents: [ledgerText.coded('amountZero')] });
      const correction: Correction = {
        amountCents: body.amount_cents,
        reason: body.reason,
        orderId: null,
        userId: null,
        locationId: body.location_id ?? null,
        providerId: null,
        menuId: null,
      };
      if (body.order_id !== undefined) {
        const [order] = await db
          .select({ userId: orders.userId, locationId: orders.locationId, menuId: orders.menuId, providerId: menus.providerId })
          .from(orders)
          .innerJoin(menus, eq(menus.id, orders.menuId))
          .where(eq(orders.id, body.order_id));
        if (!order) throw new AppError(422, t.coded('invalidValue'), { order_id: [ledgerText.coded('orderNotFound')] });
        Object.assign(correction, { ...order, orderId: body.order_id, locationId: body.location_id ?? order.locationId });
      } else if (body.location_id === undefined) {
        // A correction reaches the statement and invoice of its location (decision 038): it names one.
        throw new AppError(422, t.coded('invalidValue'), { location_id: [ledgerText.coded('locationRequired')] });
      } else {
        // Without an order: the active provider's, so it reaches that provider's statement of the location.
        correction.providerId = await req.provider();
      }
      if (body.location_id !== undefined) {
        const [loc] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, body.location_id));
        if (!loc) throw new AppError(422, t.coded('invalidValue'), { location_id: [ledgerText.coded('locationNotFound')] });
      }
      // The entry and its audit record in one transaction (decision 037).
      const id = await db.transaction(async (tx) => {
        const entryId = await writeCorrection(tx, correction, userOf(req).id, deps.now);
        await recordAudit(tx, req, {
          action: 'ledger.correction',
          entityType: 'ledger_entry',
          entityId: entryId,
          providerId: correction.providerId,
          after: {
            amount_cents: correction.amountCents,
            reason: correction.reason,
            order_id: correction.orderId,
            location_id: correction.locationId,
          },
        });
        return entryId;
      });
      return { id, amount_cents: correction.amountCents, order_id: correction.orderId };
    },
  );
}

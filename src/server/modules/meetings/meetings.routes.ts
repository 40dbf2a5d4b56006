import { and, eq, inArray } from 'drizzle-orm';
import { createMeetingInput, meetingOrder, meetingsQuery, meetingsResult } from '../../../shared/schemas/meetings.js';
import { toEuros } from '../../../shared/money.js';
import { locations, menus, orders } from '../../db/schema/index.js';
import type { App } from '../../lib/context.js';
import { userCtx, type UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { isStaff } from '../orders/orders.read.js';
import { loadMeetings } from './meetings.list.js';
import { meetingsText } from './meetings.messages.js';
import { checkStaffMenu, placeCompanyOrder } from './meetings.service.js';

/**
 * The location a caller orders meetings for (decision 076): a location manager their own (another
 * one named: 403), staff the one they name (any location; required). Anyone else: 403.
 */
function meetingLocationOf(ctx: UserContext, requested: number | undefined, required: boolean): number | null {
  const { user } = ctx;
  if (isStaff(user)) {
    if (requested === undefined && required)
      throw fieldError(meetingsText.coded('meetingInvalid'), { location_id: [meetingsText.coded('locationRequired')] });
    return requested ?? null;
  }
  if (!user.isLocationManager || user.locationId === null) throw new AppError(403, meetingsText.coded('notManager'));
  if (requested !== undefined && requested !== user.locationId) throw new AppError(403, meetingsText.coded('otherLocation'));
  return user.locationId;
}

/** Routes of meeting orders (issue 29, decision 076); cancel goes through POST /app/order/{id}/cancel. */
export async function meetingsRoutes(app: App) {
  app.post(
    '/meetings',
    { config: { access: 'user' }, schema: { tags: ['meetings'], body: createMeetingInput, response: { 201: meetingOrder } } },
    async (req, reply) => {
      const ctx = userCtx(req);
      const body = req.body;
      const locationId = meetingLocationOf(ctx, body.location_id, true)!;
      await checkStaffMenu(ctx, body.menu_id);
      const { orderId } = await placeCompanyOrder(
        { db: ctx.db, now: ctx.now, changes: app.changes },
        {
          kind: 'meeting',
          hostId: ctx.user.id,
          locationId,
          menuId: body.menu_id,
          lines: body.items.map((i) => ({ dishId: i.id, qty: i.qty, complex: i.complex, guestName: i.guest_name ?? '' })),
          deliveryNote: body.delivery_note ?? '',
          costCentreId: body.cost_centre_id ?? null,
          actorId: null,
          requestId: req.id,
        },
      );
      const [placed] = await loadMeetings(ctx, eq(orders.id, orderId));
      return reply.status(201).send(placed!);
    },
  );

  app.get(
    '/meetings',
    { config: { access: 'user' }, schema: { tags: ['meetings'], querystring: meetingsQuery, response: { 200: meetingsResult } } },
    async (req) => {
      const ctx = userCtx(req);
      const q = req.query;
      const locationId = meetingLocationOf(ctx, q.location_id, false);
      const [location] =
        locationId === null
          ? []
          : await ctx.db
              .select({ id: locations.id, title: locations.title, limit: locations.meetingLimitCents })
              .from(locations)
              .where(eq(locations.id, locationId));
      if (locationId !== null && !location) throw new AppError(404, t.coded('notFound'));
      const staffMenus = isStaff(ctx.user)
        ? ctx.db
            .select({ id: menus.id })
            .from(menus)
            .where(eq(menus.providerId, await ctx.provider()))
        : undefined;
      const data = await loadMeetings(
        ctx,
        and(
          locationId !== null ? eq(orders.locationId, locationId) : undefined,
          q.menu_id !== undefined ? eq(orders.menuId, q.menu_id) : undefined,
          staffMenus ? inArray(orders.menuId, staffMenus) : undefined,
        ),
      );
      return {
        location: location
          ? { id: location.id, title: location.title, meeting_limit: location.limit === null ? null : toEuros(location.limit) }
          : null,
        data,
      };
    },
  );
}

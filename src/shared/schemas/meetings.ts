import { z } from 'zod';
import { ORDER_COMMENT_MAX, NAME_MAX } from '../limits.js';
import { dbId, dbIdParam } from './ids.js';
import { complexChoice } from './ordering.js';
import { text } from './text.js';

/*
 * Meeting orders (issue 29, decision 076): a location manager (their own location) or staff (any
 * location, a menu of their active provider) order portions and set meals for a meeting in one
 * order, paid by the company (payment type company), within the location's limit per meeting.
 * Money in euros with two decimals, dates ISO 8601.
 *
 * POST /app/meetings                   (manager, admin, kitchen) body CreateMeetingInput -> 201 MeetingOrder
 *      422: the location orders no meetings (location_id), the amount is over its limit (items, the
 *      limit named), a dish short of stock (balance.<dishId>), a closed menu (menu_id).
 * GET  /app/meetings?menu_id=&location_id= (manager: own location; staff: any) -> MeetingsResult
 * Cancel: POST /app/order/{id}/cancel (the host or the location's manager while the menu is open; staff any time).
 */

/** A guest's name on a portion, as long as a person's name may be. */
export const GUEST_NAME_MAX = NAME_MAX;
/** The delivery note of a meeting ("meeting room 3"), as long as an order's comment. */
export const DELIVERY_NOTE_MAX = ORDER_COMMENT_MAX;
/** Lines of one meeting order (a line per named guest, the unnamed ones counted). */
export const MEETING_LINES_MAX = 100;

export const meetingLineInput = z.object({
  /** Dish id (plain or set meal). */
  id: dbId,
  qty: z.number().int().min(1).max(100),
  complex: z.array(complexChoice).max(50).optional(),
  /** The guest these portions are for ('' or absent: unnamed). */
  guest_name: text().trim().max(GUEST_NAME_MAX).optional(),
});
export type MeetingLineInput = z.infer<typeof meetingLineInput>;

export const createMeetingInput = z.object({
  menu_id: dbId,
  /** Staff: the location ordering; a manager: their own (absent: their own). */
  location_id: dbId.optional(),
  items: z.array(meetingLineInput).min(1).max(MEETING_LINES_MAX),
  delivery_note: text().trim().max(DELIVERY_NOTE_MAX).optional(),
  cost_centre_id: dbId.nullish(),
});
export type CreateMeetingInput = z.infer<typeof createMeetingInput>;

export const meetingsQuery = z.object({ menu_id: dbIdParam.optional(), location_id: dbIdParam.optional() });

export const meetingLine = z.object({
  id: z.number(),
  dish: z.object({ id: z.number(), title: z.string() }),
  qty: z.number(),
  /** Unit price with the chosen options (euros). */
  price: z.number(),
  total: z.number(),
  options: z.array(z.string()),
  guest_name: z.string(),
});

export const meetingOrder = z.object({
  id: z.number(),
  kind: z.enum(['meeting', 'guest']),
  /** 1 pending, 2 placed, 3 cancelled (as every order). */
  status: z.number(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  menu: z.object({ id: z.number(), title: z.string(), from: z.string(), to: z.string() }),
  location: z.object({ id: z.number(), title: z.string() }).nullable(),
  host: z.object({ id: z.number(), first_name: z.string() }),
  delivery_note: z.string(),
  cost_centre_id: z.number().nullable(),
  /** Euros: what the company pays. */
  amount: z.number(),
  portions: z.number(),
  items: z.array(meetingLine),
  /** The host, the location's manager (while the menu is open) or staff may cancel it now. */
  cancellable: z.boolean(),
});
export type MeetingOrder = z.infer<typeof meetingOrder>;

export const meetingsResult = z.object({
  /** The location the list is of (null: staff listing every location). */
  location: z.object({ id: z.number(), title: z.string(), meeting_limit: z.number().nullable() }).nullable(),
  data: z.array(meetingOrder),
});
export type MeetingsResult = z.infer<typeof meetingsResult>;

import { z } from 'zod';
import { DIET_TAGS } from '../dietary.js';
import { dbId, dbIdParam } from './ids.js';
import { complexChoice, orderItemInput } from './ordering.js';
import { text } from './text.js';

/*
 * Visitors (issue 29, decision 077): a host orders for a visitor without an account, or sends them
 * a visitor link to pick their own dish from one menu before its deadline (single use, expiring).
 * Hosts: a location's manager (own location) and staff (admin, kitchen; location_id required).
 * The order is the host's guest order, paid by the company (kind 'guest').
 *
 * POST   /app/visitors/orders        (hosts) HostOrderInput -> 201 HostOrderResult
 * POST   /app/visitor-links          (hosts) CreateVisitorLinkInput -> 201 CreatedVisitorLink
 *        (the token only in `url`; stored hashed; expires at the menu's deadline; rate limited)
 * GET    /app/visitor-links          (hosts) -> VisitorLinkList (the caller's own links)
 * DELETE /app/visitor-links/{id}     (the link's host) -> { id, revoked: true }; 409 once used
 * GET    /app/visit/{token}          (public) -> Visit: that menu's dishes and set meals, no prices;
 *        404 unknown or revoked, 410 used or expired
 * POST   /app/visit/{token}/order    (public) VisitOrderInput -> 201 VisitOrderResult (once)
 */

export const GUEST_NAME_MAX = 100;
const guestName = text().trim().min(1).max(GUEST_NAME_MAX);

/** POST /app/visitors/orders. */
export const hostOrderInput = z.object({
  menu_id: dbId,
  /** Staff name the location; a manager's is their own (another one is refused). */
  location_id: dbId.nullish(),
  guest_name: guestName,
  items: z.array(orderItemInput).min(1).max(50),
  cost_centre_id: dbId.nullish(),
  delivery_note: text().trim().max(200).default(''),
});
export type HostOrderInput = z.input<typeof hostOrderInput>;
export type HostOrderBody = z.output<typeof hostOrderInput>;

export const hostOrderResult = z.object({ order_id: z.number() });
export type HostOrderResult = z.infer<typeof hostOrderResult>;

/** POST /app/visitor-links. */
export const createVisitorLinkInput = z.object({
  menu_id: dbId,
  location_id: dbId.nullish(),
  guest_name: guestName,
  cost_centre_id: dbId.nullish(),
});
export type CreateVisitorLinkInput = z.input<typeof createVisitorLinkInput>;
export type CreateVisitorLinkBody = z.output<typeof createVisitorLinkInput>;

export const createdVisitorLink = z.object({ id: z.number(), url: z.string(), expires_at: z.string() });
export type CreatedVisitorLink = z.infer<typeof createdVisitorLink>;

export const VISITOR_LINK_STATES = ['open', 'used', 'expired'] as const;
export type VisitorLinkState = (typeof VISITOR_LINK_STATES)[number];

export const visitorLink = z.object({
  id: z.number(),
  guest_name: z.string(),
  menu_id: z.number(),
  menu_title: z.string(),
  /** The menu's day (its start), ISO. */
  menu_from: z.string(),
  location_title: z.string(),
  state: z.enum(VISITOR_LINK_STATES),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  /** The order the visitor's pick made, with what they chose. */
  order: z.object({ id: z.number(), dishes: z.array(z.string()) }).nullable(),
});
export type VisitorLink = z.infer<typeof visitorLink>;

export const visitorLinkList = z.object({ data: z.array(visitorLink) });
export type VisitorLinkList = z.infer<typeof visitorLinkList>;

export const visitParams = z.object({ token: text().min(1).max(200) });

const allergen = z.object({ id: z.number(), title: z.string() });
const visitOption = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  allergens: z.array(allergen),
  allergens_unknown: z.literal(true).optional(),
  diets: z.array(z.enum(DIET_TAGS)),
  available: z.boolean(),
});
const visitDish = visitOption.extend({
  type: z.enum(['simple', 'complex', 'initial']),
  complex: z.array(z.object({ id: z.number(), title: z.string(), optional: z.boolean(), dishes: z.array(visitOption) })),
});
export type VisitDish = z.infer<typeof visitDish>;
export type VisitOption = z.infer<typeof visitOption>;

/** GET /app/visit/{token}: only what the visitor needs to choose; no prices (the visitor does not pay). */
export const visit = z.object({
  guest_name: z.string(),
  host_first_name: z.string(),
  location_title: z.string(),
  menu: z.object({ id: z.number(), title: z.string(), from: z.string(), deadline: z.string(), timezone: z.string() }),
  categories: z.array(z.object({ id: z.number(), title: z.string(), dishes: z.array(visitDish) })),
});
export type Visit = z.infer<typeof visit>;

/** POST /app/visit/{token}/order: one portion or one set meal. */
export const visitOrderInput = z.object({
  items: z.array(z.object({ id: dbId, qty: z.literal(1).default(1), complex: z.array(complexChoice).max(50).optional() })).length(1),
});
export type VisitOrderInput = z.input<typeof visitOrderInput>;
export type VisitOrderBody = z.output<typeof visitOrderInput>;

/** What the visitor is told: the dish they chose (nothing of the order itself). */
export const visitOrderResult = z.object({ dish: z.string() });
export type VisitOrderResult = z.infer<typeof visitOrderResult>;

export const revokedVisitorLink = z.object({ id: z.number(), revoked: z.literal(true) });

export const visitorLinkParams = z.object({ id: dbIdParam });

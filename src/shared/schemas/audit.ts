import { z } from 'zod';
import { idFilter } from '../list-query.js';
import { isoDay } from './dates.js';
import { text } from './text.js';

/**
 * The staff actions the audit log records (design 7), a fixed set: the server writes only these
 * and the admin page filters and names them (web texts `audit:actions.<name>`).
 */
export const AUDIT_ACTIONS = [
  'dish.price',
  'dish.create',
  'dish.update',
  'dish.delete',
  'dish.image',
  'category.create',
  'category.update',
  'category.delete',
  'menu.create',
  'menu.copy',
  'menu.update',
  'menu.delete',
  'balance.update',
  'order.accept',
  'order.revoke',
  'order.delete',
  'order.cancel',
  'order.release',
  'order.create',
  'portion.handover',
  'portion.handover_undo',
  'ticket.bump',
  'ticket.recall',
  'location.create',
  'location.update',
  'location.subsidy',
  'provider.create',
  'provider.update',
  'lap.create',
  'lap.update',
  'lap.cash',
  'lap.delete',
  'lap.stop_status',
  'lap.run',
  'lap.depart',
  'lap.stop_arrive',
  'user.role',
  'user.active',
  'user.update',
  'user.invite',
  'invoice.issue',
  'invoice.credit',
  'team.invite',
  'visitor_link.create',
  'visitor_link.revoke',
  'team.invitation_revoke',
  'team.invitation_resend',
  'team.notify',
  'identity_provider.create',
  'identity_provider.update',
  'identity_provider.delete',
  'ledger.correction',
  'maintenance.set',
  'reminders.run',
  'location.closed_day',
  'location.closed_day_remove',
  'standing_orders.run',
  'leftovers.record',
  'group.create',
  'group.update',
  'group.delete',
  'user.group',
  'budget_rule.set',
  'budget_rule.delete',
  'cost_centre.create',
  'cost_centre.update',
  'cost_centre.delete',
  'user.cost_centre',
  'order.cost_centre',
  'dish.withdraw',
  'rating.answer',
  'announcement.create',
  'announcement.update',
  'announcement.schedule',
  'announcement.send',
  'announcement.cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about; entity ids are kept as text (an order id, "menuId:locationId" for cash). */
export const AUDIT_ENTITIES = [
  'dish',
  'category',
  'menu',
  'order',
  'location',
  'provider',
  'cash_balance',
  'user',
  'lap',
  'lap_stop',
  'lap_run',
  'ticket',
  'identity_provider',
  'ledger_entry',
  'setting',
  'invoice',
  'leftover',
  'location_group',
  'budget_rule',
  'cost_centre',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What the log holds instead of a secret's value (client secrets, passwords, tokens): the entry
 * says the secret was set or changed, never what it is.
 */
export const AUDIT_SECRET = '[secret]';
/** Fields whose values are secrets: never written into an entry's before/after. */
export const isSecretField = (key: string) => !/^has_/i.test(key) && /(secret|password|token)(_?hash)?$/i.test(key);

/** Filters of GET /app/audit: filter[action], filter[actor_id], filter[entity_type], filter[entity_id], filter[from], filter[to] (days). */
export const auditFilters = {
  action: z.enum(AUDIT_ACTIONS),
  actor_id: idFilter,
  entity_type: z.enum(AUDIT_ENTITIES),
  entity_id: text().trim().min(1).max(50),
  from: isoDay,
  to: isoDay,
};

/** Kinds of object whose names the audit list resolves (the answer's `names`, keyed "kind:id"). */
export type AuditRefKind =
  'dish' | 'category' | 'menu' | 'order' | 'location' | 'provider' | 'user' | 'lap' | 'identity_provider' | 'invoice' | 'cost_centre';

/**
 * Fields of before/after that hold ids, and of what: a number or a list (nested lists too), or
 * (`in: 'keys'`) the keys of an object, e.g. stock by dish id.
 */
export const AUDIT_REF_FIELDS: Record<string, { kind: AuditRefKind; in?: 'keys' } | undefined> = {
  user_id: { kind: 'user' },
  location_id: { kind: 'location' },
  location_ids: { kind: 'location' },
  menu_id: { kind: 'menu' },
  menu_ids: { kind: 'menu' },
  copied_from: { kind: 'menu' },
  category_id: { kind: 'category' },
  dish_ids: { kind: 'dish' },
  complex: { kind: 'dish' },
  qty: { kind: 'dish', in: 'keys' },
  prices: { kind: 'dish', in: 'keys' },
  order_id: { kind: 'order' },
  invoice_id: { kind: 'invoice' },
  credits_id: { kind: 'invoice' },
  cost_centre_id: { kind: 'cost_centre' },
};

const changes = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.string(),
  entity_id: z.string(),
  /** The object's name now (dish or menu title, location, user's name and e-mail…), null when it is gone. */
  entity_name: z.string().nullable(),
  provider_id: z.number().int().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  before: changes,
  after: changes,
  request_id: z.string().nullable(),
  /** Names of the ids the entry mentions (its object and ids in before/after), keyed "kind:id". */
  names: z.record(z.string(), z.string()),
});
export type AuditEntryAnswer = z.infer<typeof auditEntry>;

/** Who appears in the log (for the person filter). */
export const auditActors = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })) });

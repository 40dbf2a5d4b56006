import { z } from 'zod';
import { hasCentPrecision } from '../money.js';
import { dbId, dbIdParam } from './ids.js';
import { text } from './text.js';

/*
 * The employer's budget rules and groups (issue 29, decision 074). Who: an administrator for any
 * location, a location manager for their own location only; kitchen staff and members none (403).
 * Money in euros with two decimals at the API, integer cents in the database.
 */

export const BUDGET_PERIODS = ['day', 'week', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** A budget amount: euros above zero, at most two decimals. */
export const positiveEuros = z
  .number()
  .min(0.01)
  .max(100_000)
  .refine((v) => hasCentPrecision(v), { message: 'invalidValue' });

export const GROUP_TITLE_MAX = 100;

/** A group of people within a location ("Sales", "Night shift"). */
export const locationGroup = z.object({ id: z.number(), location_id: z.number(), title: z.string(), members: z.number() });
export type LocationGroup = z.infer<typeof locationGroup>;

/** One person of the location and their group (null: none). */
export const groupMember = z.object({ id: z.number(), name: z.string(), email: z.string(), group_id: z.number().nullable() });
export type GroupMember = z.infer<typeof groupMember>;

/** GET /app/locations/{id}/groups: the groups and the location's people with their group. */
export const groupList = z.object({
  location: z.object({ id: z.number(), title: z.string() }),
  data: z.array(locationGroup),
  people: z.array(groupMember),
});
export type GroupList = z.infer<typeof groupList>;

/** POST /app/locations/{id}/groups and PUT /app/groups/{id}. */
export const groupInput = z.object({ title: text().trim().min(1).max(GROUP_TITLE_MAX) });
export type GroupInput = z.infer<typeof groupInput>;

/** PUT /app/users/{id}/group: the group must be of the person's location; null takes them out. */
export const userGroupInput = z.object({ group_id: dbId.nullable() });
export type UserGroupInput = z.infer<typeof userGroupInput>;
export const userGroupResult = z.object({ user_id: z.number(), group_id: z.number().nullable() });

/** A spending rule of a location (group_id null) or of one of its groups. */
export const budgetRule = z.object({
  id: z.number(),
  location_id: z.number(),
  group_id: z.number().nullable(),
  period: z.enum(BUDGET_PERIODS),
  /** Euros per person per period. */
  amount: z.number(),
  /** null: the budget covers the whole order (up to what is left); else at most this much of one order. */
  cap: z.number().nullable(),
  /** true: an order needing more than is left is refused; false: the eater is warned and pays the rest. */
  blocking: z.boolean(),
});
export type BudgetRule = z.infer<typeof budgetRule>;
export const budgetRuleList = z.object({ data: z.array(budgetRule) });
export type BudgetRuleList = z.infer<typeof budgetRuleList>;

/** PUT /app/locations/{id}/budget-rules: sets the rule of its scope (the location, or the group). */
export const budgetRuleInput = z.object({
  group_id: dbId.nullable().default(null),
  period: z.enum(BUDGET_PERIODS),
  amount: positiveEuros,
  cap: positiveEuros.nullable().default(null),
  blocking: z.boolean(),
});
export type BudgetRuleInput = z.input<typeof budgetRuleInput>;

/** DELETE /app/locations/{id}/budget-rules?group_id= (without: the location's own rule). */
export const budgetRuleScopeQuery = z.object({ group_id: dbIdParam.optional() });
export const deletedResult = z.object({ deleted: z.boolean() });

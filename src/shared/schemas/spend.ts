import { z } from 'zod';
import { dbIdParam } from './ids.js';
import { BUDGET_PERIODS } from './budget-rules.js';
import { text } from './text.js';

/*
 * The employer's spend page (issue 29 "The employer's view", decision 074): one month of a
 * location's placed orders (status 2, by the menu's day in its provider's zone). Who: a location
 * manager their own location; an administrator any location or all; kitchen staff the
 * aggregates without people (no names, no e-mails). Euros with two decimals.
 */

export const spendMonth = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidValue');
export const SPEND_FORMATS = ['csv', 'xlsx'] as const;

/** GET /app/spend?month=&location_id= (location_id: managers their own, whatever is sent; staff: absent = all). */
export const spendQuery = z.object({ month: spendMonth, location_id: dbIdParam.optional() });
export const spendExportQuery = spendQuery.extend({ format: z.enum(SPEND_FORMATS) });

const euros = z.number();

export const spendTotals = z.object({
  /** The eaters' own orders. */
  orders: z.number(),
  /** Food value of own orders (their amounts). */
  food_value: euros,
  subsidy: euros,
  budget_used: euros,
  bonus: euros,
  /** What the eaters paid themselves. */
  paid_by_eaters: euros,
  /** Meeting and guest orders, paid by the company. */
  company_orders: z.number(),
  company_amount: euros,
});
export type SpendTotals = z.infer<typeof spendTotals>;

export const spendCostCentre = z.object({
  /** null: orders without a cost centre. */
  id: z.number().nullable(),
  code: z.string(),
  title: z.string(),
  orders: z.number(),
  /** Food value of all its orders (own, meeting, guest). */
  amount: euros,
  budget_used: euros,
  company_amount: euros,
});

export const spendPerson = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  orders: z.number(),
  amount: euros,
  budget_used: euros,
  /** The rule that applies to the person now (their group's, else the location's); null: none. */
  budget: z.object({ period: z.enum(BUDGET_PERIODS), amount: euros }).nullable(),
});
export type SpendPerson = z.infer<typeof spendPerson>;

export const spendMeetings = z.object({
  meeting: z.object({ count: z.number(), amount: euros }),
  guest: z.object({ count: z.number(), amount: euros }),
});

export const spendAnswer = z.object({
  month: z.string(),
  location: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** False for kitchen staff: `people` is then empty. */
  names_visible: z.boolean(),
  totals: spendTotals,
  cost_centres: z.array(spendCostCentre),
  people: z.array(spendPerson),
  meetings: spendMeetings,
});
export type SpendAnswer = z.infer<typeof spendAnswer>;

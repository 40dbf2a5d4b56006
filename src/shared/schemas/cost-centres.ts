import { z } from 'zod';
import { dbId, dbIdParam } from './ids.js';
import { text } from './text.js';

/*
 * Cost centres (issue 29, decision 075): a company's departments (code and name) that orders are
 * booked to. A company is the locations sharing a registration number (issue 16).
 */

/** A cost centre as its editors see it. */
export const costCentre = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  active: z.boolean(),
  /** Orders booked to it: a cost centre in use is deactivated, never deleted. */
  orders: z.number(),
});
export type CostCentre = z.infer<typeof costCentre>;

/** GET /app/cost-centres: one company's cost centres, active first, by code. */
export const costCentreList = z.object({
  company: z.object({ registration: z.string(), name: z.string() }),
  data: z.array(costCentre),
});
export type CostCentreList = z.infer<typeof costCentreList>;

/** ?company=<registration number> (administrators), or ?location_id= (the location's company). A manager may omit both: their own. */
export const costCentreListQuery = z.object({
  company: text().trim().min(1).max(40).optional(),
  location_id: dbIdParam.optional(),
});

const code = text().trim().min(1).max(30);
const title = text().trim().min(1).max(100);

/** POST /app/cost-centres */
export const createCostCentreInput = z.object({ company: text().trim().min(1).max(40), code, title });
export type CreateCostCentreInput = z.infer<typeof createCostCentreInput>;

/** PUT /app/cost-centres/{id} */
export const updateCostCentreInput = z.object({ code, title, active: z.boolean() });
export type UpdateCostCentreInput = z.infer<typeof updateCostCentreInput>;

/** DELETE /app/cost-centres/{id}: deleted when nothing uses it, else deactivated. */
export const removeCostCentreResult = z.object({ deleted: z.boolean(), cost_centre: costCentre.nullable() });
export type RemoveCostCentreResult = z.infer<typeof removeCostCentreResult>;

/** A cost centre one may choose (an active one of one's company). */
export const costCentreChoice = z.object({ id: z.number(), code: z.string(), title: z.string() });
export type CostCentreChoice = z.infer<typeof costCentreChoice>;

/** GET /app/cost-centres/choices: the signed-in user's company's active cost centres and their default. */
export const costCentreChoices = z.object({ data: z.array(costCentreChoice), default_id: z.number().nullable() });
export type CostCentreChoices = z.infer<typeof costCentreChoices>;

/** ?location_id=: the choices of an order for that location (staff any; a manager their own company's). */
export const costCentreChoicesQuery = z.object({ location_id: dbIdParam.optional() });

/** PUT /app/users/{id}/cost-centre, PUT /app/me/cost-centre and PATCH /app/orders/{id}/cost-centre. */
export const setCostCentreInput = z.object({ cost_centre_id: dbId.nullable() });
export type SetCostCentreInput = z.infer<typeof setCostCentreInput>;

/** The answer of setting a user's default. */
export const userCostCentreResult = z.object({ user_id: z.number(), cost_centre_id: z.number().nullable() });
export type UserCostCentreResult = z.infer<typeof userCostCentreResult>;

/** The answer of changing an order's cost centre. */
export const orderCostCentreResult = z.object({ order_id: z.number(), cost_centre: costCentreChoice.nullable() });
export type OrderCostCentreResult = z.infer<typeof orderCostCentreResult>;

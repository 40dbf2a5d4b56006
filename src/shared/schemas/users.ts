import { z } from 'zod';
import { boolFilter, idFilter, listQuerySchema } from '../list-query.js';
import { NAME_MAX, PHONE_MAX } from '../limits.js';
import { dbId } from './ids.js';
import { text } from './text.js';
import { ROLES } from '../roles.js';

/** GET /app/admin/users: search by name, e-mail, phone, location; filter by role, active, manager, location. */
export const adminUsersQuery = listQuerySchema({
  sort: [],
  filters: {
    role: z.enum(ROLES),
    active: boolFilter,
    is_location_manager: boolFilter,
    location_id: idFilter,
  },
  defaultPerPage: 20,
  searchMaxLength: 100,
});

export const adminUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  is_location_manager: z.boolean(),
  /** False until the user has a password (an invitation not yet taken up, or company sign-in only). */
  has_password: z.boolean(),
  location: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** The user's default cost centre (decision 075); null: none. Set with PUT /app/users/{id}/cost-centre. */
  cost_centre_id: z.number().nullable(),
  created_at: z.date().or(z.string()),
});
export type AdminUser = z.infer<typeof adminUser>;

/** PUT /app/admin/users/{id}: the fields an administrator edits. */
export const adminUserInput = z.object({
  first_name: text().trim().min(1).max(NAME_MAX),
  phone: text().trim().max(PHONE_MAX),
  location_id: dbId.nullable(),
  role: z.enum(ROLES),
  is_location_manager: z.boolean(),
});
export type AdminUserInput = z.infer<typeof adminUserInput>;

export const adminUserResult = z.object({ success: z.literal(true), message: z.string(), user: adminUser });
export type AdminUserResult = z.infer<typeof adminUserResult>;

/** A user's recent orders, newest first (GET /app/admin/users/{id}/orders). */
export const adminUserOrders = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      created_at: z.date().or(z.string()),
      menu: z.object({ id: z.number(), title: z.string() }),
      status: z.number(),
      accepted: z.number(),
      amount_to_pay: z.number(),
      payment_type: z.string(),
    }),
  ),
});
export type AdminUserOrders = z.infer<typeof adminUserOrders>;

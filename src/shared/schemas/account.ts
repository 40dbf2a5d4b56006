import { z } from 'zod';
import { text } from './text.js';
import { dbId } from './ids.js';
import { PROFILE_DIETS } from '../dietary.js';
import { NAME_MAX, PHONE_MAX } from '../limits.js';

export const roleSchema = z.enum(['admin', 'kitchen', 'customer']);

export const profile = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  phone: z.string(),
  role: roleSchema,
  is_customer: z.boolean(),
  is_location_manager: z.boolean(),
  location: z.object({ id: z.number(), title: z.string() }).nullable(),
  remind_to_make_order: z.boolean(),
  notify_on_delivery: z.boolean(),
  /** Tell me when my lunch is on the way (its lap departed; issue 28). */
  notify_on_the_way: z.boolean(),
  /** "I avoid"": allergen ids (GET /app/allergens). */
  avoid_allergens: z.array(z.number()),
  /** "I eat": shared/dietary.ts PROFILE_DIETS. */
  diets: z.array(z.enum(PROFILE_DIETS)),
});
export type Profile = z.infer<typeof profile>;

/** POST /app/me: only the edited fields are sent. */
export const updateProfileInput = z
  .object({
    first_name: text().trim().min(1).max(NAME_MAX),
    phone: text().trim().max(PHONE_MAX),
    remind_to_make_order: z.boolean(),
    notify_on_delivery: z.boolean(),
    notify_on_the_way: z.boolean(),
    /** Unknown allergen ids answer 422 (avoid_allergens.N). */
    avoid_allergens: z.array(dbId).max(50),
    diets: z.array(z.enum(PROFILE_DIETS)).max(PROFILE_DIETS.length),
  })
  .partial();
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

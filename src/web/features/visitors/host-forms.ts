/*
 * The host's forms as they hold their values (selects give strings), reaching the request schemas
 * the server validates with (decision 048): a missing choice is refused in the form's own words.
 */
import { z } from 'zod';
import { createVisitorLinkInput, hostOrderInput } from '../../../shared/schemas/visitors';

export interface LinkValues {
  menu_id: string;
  location_id: string;
  guest_name: string;
}
export interface GuestOrderValues extends LinkValues {
  dish_id: string;
  delivery_note: string;
}

const REQUIRED = 'visitors:required';
const chosen = (v: string) => Number(v) || 0;

function requireChoices(staff: boolean, fields: readonly string[]) {
  return (v: Record<string, string>, ctx: z.RefinementCtx) => {
    for (const f of fields) if (!chosen(v[f] ?? '')) ctx.addIssue({ code: 'custom', path: [f], message: REQUIRED });
    if (staff && !chosen(v.location_id ?? '')) ctx.addIssue({ code: 'custom', path: ['location_id'], message: REQUIRED });
    // Checked here too: with a choice missing, the request schema below never runs.
    if (!(v.guest_name ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['guest_name'], message: REQUIRED });
  };
}

/** The new-link form (staff also name the location). */
export const linkForm = (staff: boolean) =>
  z
    .custom<LinkValues>()
    .superRefine((v, ctx) => requireChoices(staff, ['menu_id'])(v as unknown as Record<string, string>, ctx))
    .transform((v): z.input<typeof createVisitorLinkInput> => ({
      menu_id: chosen(v.menu_id),
      guest_name: v.guest_name,
      ...(staff ? { location_id: chosen(v.location_id) } : {}),
    }))
    .pipe(createVisitorLinkInput);

/** The order-for-a-visitor form: one portion of one dish. */
export const guestOrderForm = (staff: boolean) =>
  z
    .custom<GuestOrderValues>()
    .superRefine((v, ctx) => requireChoices(staff, ['menu_id', 'dish_id'])(v as unknown as Record<string, string>, ctx))
    .transform((v): z.input<typeof hostOrderInput> => ({
      menu_id: chosen(v.menu_id),
      guest_name: v.guest_name,
      items: [{ id: chosen(v.dish_id), qty: 1 }],
      delivery_note: v.delivery_note,
      ...(staff ? { location_id: chosen(v.location_id) } : {}),
    }))
    .pipe(hostOrderInput);

export const EMPTY_LINK: LinkValues = { menu_id: '', location_id: '', guest_name: '' };
export const EMPTY_ORDER: GuestOrderValues = { ...EMPTY_LINK, dish_id: '', delivery_note: '' };

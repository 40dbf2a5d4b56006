import type { Profile } from '../../../../shared/schemas/account';

/** The profile fields a person may change (spec 3: email is read-only). */
export interface EditableProfile {
  first_name: string;
  phone: string;
  remind_to_make_order: boolean;
  notify_on_delivery: boolean;
}

export type ProfileEdits = Partial<EditableProfile>;

/**
 * Applies one edit to the overlay (spec 4, Profile form): an edited field equal to the stored
 * value is dropped, so Save and Cancel only light up for real changes.
 */
export function editProfile<K extends keyof EditableProfile>(
  stored: Profile,
  edits: ProfileEdits,
  field: K,
  value: EditableProfile[K],
): ProfileEdits {
  const next = { ...edits };
  if (stored[field] === value) delete next[field];
  else next[field] = value;
  return next;
}

/** What the form shows: the stored profile with the unsaved edits on top. */
export function shownProfile(stored: Profile, edits: ProfileEdits): EditableProfile {
  return {
    first_name: edits.first_name ?? stored.first_name,
    phone: edits.phone ?? stored.phone,
    remind_to_make_order: edits.remind_to_make_order ?? stored.remind_to_make_order,
    notify_on_delivery: edits.notify_on_delivery ?? stored.notify_on_delivery,
  };
}

export const hasEdits = (edits: ProfileEdits) => Object.keys(edits).length > 0;

/** The password form's Update button waits until all three fields are filled (spec 4). */
export function passwordFormReady(f: { old_password: string; password: string; password_confirmation: string }) {
  return f.old_password !== '' && f.password !== '' && f.password_confirmation !== '';
}

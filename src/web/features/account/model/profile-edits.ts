import type { Profile } from '../../../../shared/schemas/account';

/** The profile fields a person may change (spec 3: email is read-only). */
export interface EditableProfile {
  first_name: string;
  phone: string;
  remind_to_make_order: boolean;
  notify_on_delivery: boolean;
  notify_on_the_way: boolean;
}

const EDITABLE = ['first_name', 'phone', 'remind_to_make_order', 'notify_on_delivery', 'notify_on_the_way'] as const;

/** The form's starting values: the stored profile's editable fields. */
export function editableOf(stored: Profile): EditableProfile {
  return {
    first_name: stored.first_name,
    phone: stored.phone,
    remind_to_make_order: stored.remind_to_make_order,
    notify_on_delivery: stored.notify_on_delivery,
    notify_on_the_way: stored.notify_on_the_way,
  };
}

/**
 * What Save sends (spec 4, Profile form): only the fields that differ from the stored profile;
 * a field edited back to its stored value is left out.
 */
export function changedFields(stored: Profile, shown: EditableProfile): Partial<EditableProfile> {
  const edits: Partial<EditableProfile> = {};
  for (const field of EDITABLE) if (shown[field] !== stored[field]) Object.assign(edits, { [field]: shown[field] });
  return edits;
}

/** The password form's Update button waits until all three fields are filled (spec 4). */
export function passwordFormReady(f: { old_password: string; password: string; password_confirmation: string }) {
  return f.old_password !== '' && f.password !== '' && f.password_confirmation !== '';
}

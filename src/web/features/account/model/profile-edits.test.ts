import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../shared/schemas/account';
import { editProfile, hasEdits, passwordFormReady, shownProfile } from './profile-edits';

const stored: Profile = {
  id: 1,
  email: 'anna@demo.lv',
  first_name: 'Anna',
  phone: '+371 2000',
  role: 'customer',
  is_customer: true,
  is_location_manager: false,
  location: null,
  remind_to_make_order: false,
  notify_on_delivery: true,
  avoid_allergens: [],
  diets: [],
};

describe('profile edits', () => {
  it('keeps a changed field and drops one edited back to the stored value', () => {
    let edits = editProfile(stored, {}, 'first_name', 'Annija');
    expect(edits).toEqual({ first_name: 'Annija' });
    expect(hasEdits(edits)).toBe(true);
    edits = editProfile(stored, edits, 'first_name', 'Anna');
    expect(edits).toEqual({});
    expect(hasEdits(edits)).toBe(false);
  });

  it('treats notification flags the same way', () => {
    const edits = editProfile(stored, {}, 'remind_to_make_order', true);
    expect(shownProfile(stored, edits)).toMatchObject({ remind_to_make_order: true, notify_on_delivery: true, first_name: 'Anna' });
    expect(editProfile(stored, edits, 'remind_to_make_order', false)).toEqual({});
  });

  it('readies the password form only when all three fields are filled', () => {
    expect(passwordFormReady({ old_password: 'a', password: 'b', password_confirmation: '' })).toBe(false);
    expect(passwordFormReady({ old_password: 'a', password: 'b', password_confirmation: 'b' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../../shared/schemas/account';
import { changedFields, editableOf, passwordFormReady } from './profile-edits';

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
  notify_on_the_way: false,
  avoid_allergens: [],
  diets: [],
};

describe('profile edits', () => {
  it('sends a changed field and leaves out one edited back to the stored value', () => {
    expect(changedFields(stored, { ...editableOf(stored), first_name: 'Annija' })).toEqual({ first_name: 'Annija' });
    expect(changedFields(stored, { ...editableOf(stored), first_name: 'Anna' })).toEqual({});
  });

  it('treats notification flags the same way', () => {
    expect(changedFields(stored, { ...editableOf(stored), remind_to_make_order: true })).toEqual({ remind_to_make_order: true });
    expect(changedFields(stored, { ...editableOf(stored), notify_on_the_way: true })).toEqual({ notify_on_the_way: true });
    expect(changedFields(stored, editableOf(stored))).toEqual({});
  });

  it('readies the password form only when all three fields are filled', () => {
    expect(passwordFormReady({ old_password: 'a', password: 'b', password_confirmation: '' })).toBe(false);
    expect(passwordFormReady({ old_password: 'a', password: 'b', password_confirmation: 'b' })).toBe(true);
  });
});

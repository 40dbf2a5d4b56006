import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { NAME_MAX, PHONE_MAX } from '../../../../shared/limits';
import { ROLES } from '../../../../shared/roles';
import { adminUserInput } from '../../../../shared/schemas/users';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { UserCostCentre } from '../../../components/cost-centres/user-cost-centre';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import { errorAt, fieldBinder, useSchemaForm } from '../../../lib/forms';
import { usersApi, type AdminUser, type AdminUserInput, type AdminUserResult } from '../api';

const SHOWN = /^(first_name|phone|location_id|role|is_location_manager)$/;

interface UserEditorProps {
  user: AdminUser;
  locations: { id: number; title: string }[];
  onClose(): void;
  onSaved(result: AdminUserResult): void;
  /** The user's default cost centre was saved (it saves at once, apart from the form). */
  onCostCentreSaved?(): void;
}

/** The form's values: the request's fields, the location as its select holds it ('' for none). */
type UserValues = Omit<AdminUserInput, 'location_id'> & { location_id: string };

/**
 * The request schema, reached from what the form holds. Only customers manage a location's team:
 * the flag is sent off for staff (the server refuses it for them).
 */
const userForm = z
  .custom<UserValues>()
  .transform(({ location_id, role, is_location_manager, ...rest }): z.input<typeof adminUserInput> => ({
    ...rest,
    location_id: location_id === '' ? null : Number(location_id),
    role,
    is_location_manager: role === 'customer' && is_location_manager,
  }))
  .pipe(adminUserInput);

/** An administrator edits a user's name, phone, location, role and manager flag. */
export function UserEditor({ user, locations, onClose, onSaved, onCostCentreSaved }: UserEditorProps) {
  const { t } = useTranslation('users');
  const form = useSchemaForm(userForm, {
    defaultValues: {
      first_name: user.first_name,
      phone: user.phone,
      location_id: user.location ? String(user.location.id) : '',
      role: user.role,
      is_location_manager: user.is_location_manager,
    },
  });
  const field = fieldBinder(form);
  const errors = form.formState.errors;
  const customer = form.watch('role') === 'customer';
  // The default cost centre is one of the saved location's company's (none shown when it has none).
  const savedLocation = user.location !== null && form.watch('location_id') === String(user.location.id) ? user.location.id : null;
  const save = useEditorSave((input: AdminUserInput) => usersApi.update(user.id, input), onSaved, { form, shown: SHOWN });

  return (
    <EditorModal
      title={t('editor.title', { name: user.first_name || user.email })}
      save={save}
      shownFields={SHOWN}
      onClose={onClose}
      onSubmit={form.handleSubmit(save.submit, save.clearError)}
    >
      <p className="muted">{user.email}</p>
      <TextField label={t('fields.name')} required maxLength={NAME_MAX} {...field('first_name')} />
      <TextField label={t('fields.phone')} type="tel" maxLength={PHONE_MAX} {...field('phone')} />
      <Field label={t('fields.location')} error={errorAt(errors, 'location_id')}>
        {(control) => (
          <select {...control} className="input" {...form.register('location_id')}>
            <option value="">{t('noLocation')}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      {savedLocation !== null && (
        <UserCostCentre userId={user.id} locationId={savedLocation} value={user.cost_centre_id} onSaved={onCostCentreSaved} />
      )}
      <Field label={t('fields.role')} error={errorAt(errors, 'role')}>
        {(control) => (
          <select {...control} className="input" {...form.register('role')}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CheckboxField
        label={t('fields.manager')}
        checked={customer && form.watch('is_location_manager')}
        disabled={!customer}
        error={errorAt(errors, 'is_location_manager')}
        onChange={(e) => form.setValue('is_location_manager', e.target.checked, { shouldValidate: form.formState.isSubmitted })}
      />
    </EditorModal>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, PHONE_MAX } from '../../../../shared/limits';
import { ROLES } from '../../../../shared/roles';
import { EditorModal, useEditorSave } from '../../../components/manage/editor-modal';
import { CheckboxField, Field, TextField } from '../../../components/ui/field';
import { usersApi, type AdminUser, type AdminUserInput, type AdminUserResult } from '../api';

const SHOWN = /^(first_name|phone|location_id|role|is_location_manager)$/;

interface UserEditorProps {
  user: AdminUser;
  locations: { id: number; title: string }[];
  onClose(): void;
  onSaved(result: AdminUserResult): void;
}

/** An administrator edits a user's name, phone, location, role and manager flag. */
export function UserEditor({ user, locations, onClose, onSaved }: UserEditorProps) {
  const { t } = useTranslation('users');
  const [name, setName] = useState(user.first_name);
  const [phone, setPhone] = useState(user.phone);
  const [locationId, setLocationId] = useState<number | ''>(user.location?.id ?? '');
  const [role, setRole] = useState<AdminUser['role']>(user.role);
  const [manager, setManager] = useState(user.is_location_manager);
  const save = useEditorSave((input: AdminUserInput) => usersApi.update(user.id, input), onSaved);
  const { first, clear } = save.fieldErrors;

  return (
    <EditorModal
      title={t('editor.title', { name: user.first_name || user.email })}
      save={save}
      shownFields={SHOWN}
      onClose={onClose}
      onSubmit={() =>
        save.submit({
          first_name: name.trim(),
          phone: phone.trim(),
          location_id: locationId === '' ? null : locationId,
          role,
          // Only customers manage a location's team; the server refuses the flag for staff.
          is_location_manager: role === 'customer' && manager,
        })
      }
    >
      <p className="muted">{user.email}</p>
      <TextField
        label={t('fields.name')}
        required
        maxLength={NAME_MAX}
        value={name}
        error={first('first_name')}
        onChange={(e) => {
          setName(e.target.value);
          clear('first_name');
        }}
      />
      <TextField
        label={t('fields.phone')}
        type="tel"
        maxLength={PHONE_MAX}
        value={phone}
        error={first('phone')}
        onChange={(e) => {
          setPhone(e.target.value);
          clear('phone');
        }}
      />
      <Field label={t('fields.location')} error={first('location_id')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={locationId}
            onChange={(e) => {
              setLocationId(e.target.value ? Number(e.target.value) : '');
              clear('location_id');
            }}
          >
            <option value="">{t('noLocation')}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('fields.role')} error={first('role')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={role}
            onChange={(e) => {
              setRole(e.target.value as AdminUser['role']);
              clear('role');
            }}
          >
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
        checked={role === 'customer' && manager}
        disabled={role !== 'customer'}
        error={first('is_location_manager')}
        onChange={(e) => {
          setManager(e.target.checked);
          clear('is_location_manager');
        }}
      />
    </EditorModal>
  );
}

import { TextField } from '../../../components/ui/field';
import type { BoundField } from '../../../lib/forms';

interface Props {
  /** The form's binder (fieldBinder): registers each control with its error. */
  field: (name: 'password' | 'password_confirmation') => BoundField;
  labels: { password: string; confirm: string };
}

/** A new password and its confirmation, as the reset and create-password forms ask for them. */
export function NewPasswordFields({ field, labels }: Props) {
  return (
    <>
      <TextField label={labels.password} type="password" autoComplete="new-password" required {...field('password')} />
      <TextField label={labels.confirm} type="password" autoComplete="new-password" required {...field('password_confirmation')} />
    </>
  );
}

import type { ChangeEvent } from 'react';
import { TextField } from '../../../components/ui/field';

interface Props {
  values: { password: string; password_confirmation: string };
  set: (name: 'password' | 'password_confirmation') => (e: ChangeEvent<HTMLInputElement>) => void;
  errorOf: (name: string) => string | undefined;
  labels: { password: string; confirm: string };
}

/** A new password and its confirmation, as the reset and create-password forms ask for them. */
export function NewPasswordFields({ values, set, errorOf, labels }: Props) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errorOf('password')}
        required
      />
      <TextField
        label={labels.confirm}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={set('password_confirmation')}
        error={errorOf('password_confirmation')}
        required
      />
    </>
  );
}

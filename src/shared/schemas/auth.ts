import { z } from 'zod';
import { text } from './text.js';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../limits.js';

export const loginInput = z.object({
  email: text().trim().min(1).max(EMAIL_MAX),
  password: text().min(1).max(1000),
  rememberme: z.boolean().default(true),
});
export type LoginInput = z.infer<typeof loginInput>;

export const loginResult = z.object({ token: z.string() });

/** Rules every new password follows. */
export const newPassword = text().min(8).max(200);

export const changePasswordInput = z
  .object({
    old_password: text().min(1),
    password: newPassword,
    password_confirmation: text().min(1),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'passwordMismatch' });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

const matches = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: 'passwordMismatch' };
const passwords = { password: newPassword, password_confirmation: text().min(1) };

export const passwordEmailInput = z.object({ email: text().trim().email().max(EMAIL_MAX) });
export const passwordResetInput = z
  .object({ email: text().trim().email().max(EMAIL_MAX), token: text().min(1).max(200), ...passwords })
  .refine(matches, mismatch);
export const passwordCreateInput = z.object({ token: text().min(1).max(200), ...passwords }).refine(matches, mismatch);
export const registerInvitedInput = z
  .object({
    name: text().trim().min(1).max(NAME_MAX),
    email: text().trim().email().max(EMAIL_MAX),
    phone: text().trim().max(PHONE_MAX).default(''),
    token: text().min(1).max(200),
    ...passwords,
  })
  .refine(matches, mismatch);
export type PasswordResetInput = z.infer<typeof passwordResetInput>;
export type PasswordCreateInput = z.infer<typeof passwordCreateInput>;
export type RegisterInvitedInput = z.infer<typeof registerInvitedInput>;

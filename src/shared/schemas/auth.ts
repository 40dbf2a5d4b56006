import { z } from 'zod';

export const loginInput = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1000),
  rememberme: z.boolean().default(true),
});
export type LoginInput = z.infer<typeof loginInput>;

export const loginResult = z.object({ token: z.string() });

/** Rules every new password follows. */
export const newPassword = z.string().min(8).max(200);

export const changePasswordInput = z
  .object({
    old_password: z.string().min(1),
    password: newPassword,
    password_confirmation: z.string().min(1),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'passwordMismatch' });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

const matches = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: 'passwordMismatch' };
const passwords = { password: newPassword, password_confirmation: z.string().min(1) };

export const passwordEmailInput = z.object({ email: z.string().trim().email().max(254) });
export const passwordResetInput = z
  .object({ email: z.string().trim().email().max(254), token: z.string().min(1).max(200), ...passwords })
  .refine(matches, mismatch);
export const passwordCreateInput = z.object({ token: z.string().min(1).max(200), ...passwords }).refine(matches, mismatch);
export const registerInvitedInput = z
  .object({
    name: z.string().trim().min(1).max(100),
    email: z.string().trim().email().max(254),
    phone: z.string().trim().max(40).default(''),
    token: z.string().min(1).max(200),
    ...passwords,
  })
  .refine(matches, mismatch);
export type PasswordResetInput = z.infer<typeof passwordResetInput>;
export type PasswordCreateInput = z.infer<typeof passwordCreateInput>;
export type RegisterInvitedInput = z.infer<typeof registerInvitedInput>;

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

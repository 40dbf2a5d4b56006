import { z } from 'zod';

export const reviewInput = z.object({ message: z.string().trim().min(1).max(5000) });
export type ReviewInput = z.infer<typeof reviewInput>;

export const frontendExceptionInput = z.object({
  environment: z.string().max(50).default(''),
  boundary: z.string().max(200).default(''),
  error: z.string().max(20_000).default(''),
  errorInfo: z.string().max(50_000).default(''),
});

export const maintenanceInput = z.object({ maintenance: z.boolean() });

import { z } from 'zod';
import { text } from './text.js';

export const reviewInput = z.object({ message: text().trim().min(1).max(5000) });
export type ReviewInput = z.infer<typeof reviewInput>;

export const frontendExceptionInput = z.object({
  environment: text().max(50).default(''),
  boundary: text().max(200).default(''),
  error: text().max(20_000).default(''),
  errorInfo: text().max(50_000).default(''),
});

export const maintenanceInput = z.object({ maintenance: z.boolean() });

const stamp = z.union([z.date(), z.string()]);

export const reviewList = z.object({
  data: z.array(
    z.object({ id: z.number(), message: z.string(), created_at: stamp, email: z.string().nullable(), first_name: z.string().nullable() }),
  ),
});

export const frontendExceptionList = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      user_id: z.number().nullable(),
      environment: z.string(),
      boundary: z.string(),
      error: z.string(),
      error_info: z.string(),
      user_agent: z.string(),
      created_at: stamp,
    }),
  ),
});

export const outboxList = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      error: z.string().nullable(),
      created_at: stamp,
      sent_at: stamp.nullable(),
    }),
  ),
});

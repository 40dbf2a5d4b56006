import { z } from 'zod';
import { text } from './text.js';

/*
 * Reminders (decision 033): "Remind to make order" e-mails and web push, the unsubscribe link.
 */

/** An unsubscribe token: the user id and its signature. */
const token = text().trim().max(100);

/**
 * POST /app/reminders/unsubscribe — public (the signed token is the permission). The web page
 * sends `{ token }` as JSON; a mail client's RFC 8058 one-click POST sends the form body
 * `List-Unsubscribe=One-Click` with the token in the query. Answers `unsubscribeResult`;
 * a token that is not a valid signature is a 422 on `token`.
 */
export const unsubscribeQuery = z.object({ token: token.optional() });
export const unsubscribeInput = z.object({ token: token.optional(), 'List-Unsubscribe': text().max(50).optional() }).optional();
export const unsubscribeResult = z.object({ success: z.literal(true), message: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;

/** POST /app/reminders/run — admins: sends the reminders due now (the job's sweep) and answers how many went. */
export const reminderRunResult = z.object({ email: z.number(), push: z.number() });
export type ReminderRunResult = z.infer<typeof reminderRunResult>;

/** GET /app/push/key — signed-in users: the VAPID public key (base64url) for PushManager.subscribe(). */
export const pushKey = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKey>;

const base64url = (max: number) =>
  text()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'invalidValue');

/** POST /app/push/subscriptions — the browser's PushSubscription.toJSON() (endpoint and keys). */
export const pushSubscriptionInput = z.object({
  endpoint: text().trim().url().max(1000),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** POST /app/push/subscriptions/remove — forgets one of the caller's own subscriptions. */
export const pushUnsubscribeInput = z.object({ endpoint: text().trim().max(1000) });
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInput>;

export const pushResult = z.object({ message: z.string() });
export type PushResult = z.infer<typeof pushResult>;

/*
 * A web push to every browser a user subscribed (decision 033), for any area that tells a user
 * something (reminders, standing orders): gone subscriptions are forgotten, unreachable push
 * services skipped.
 */
import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema/index.js';
import type { Deps } from '../../lib/context.js';
import { BROWSER_PUSH_SERVICES, PushTargetRefused } from '../../lib/push-services.js';
import { removeSubscription, sendPush, subscriptionGone, vapidKeys, vapidSubject, type PushTarget, type VapidKeys } from './push.js';

/** The push message a service worker shows (public/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The deployment's VAPID keys and subject, read once per sweep. */
export async function pushSender(deps: Deps): Promise<{ vapid: VapidKeys; subject: string }> {
  return { vapid: await vapidKeys(deps.database.db, deps.env), subject: vapidSubject(deps.env) };
}

/** Sends the message to each of the user's browsers; true when at least one push service took it. */
export async function pushToUser(
  deps: Deps,
  sender: { vapid: VapidKeys; subject: string },
  userId: number,
  message: PushMessage,
): Promise<boolean> {
  const db = deps.database.db;
  const targets: PushTarget[] = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const payload = JSON.stringify(message);
  let delivered = false;
  for (const target of targets) {
    try {
      const status = await sendPush(target, payload, sender.vapid, sender.subject, deps.pushServices ?? BROWSER_PUSH_SERVICES);
      if (subscriptionGone(status)) await removeSubscription(db, target.id);
      else if (status >= 200 && status < 300) delivered = true;
    } catch (err) {
      // Not a push service (stored before the check existed): never sent to, and forgotten. A
      // push service name that now resolves to a non-public address is only skipped.
      if (err instanceof PushTargetRefused && err.kind === 'endpoint') await removeSubscription(db, target.id);
      // An unreachable push service: this browser misses this message; the e-mail still went.
    }
  }
  return delivered;
}

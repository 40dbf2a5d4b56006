import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.js';
import { pushSubscriptions, settings } from '../../db/schema/index.js';
import { publicBaseUrl, type Env } from '../../env.js';
import { deploymentSecretBox } from '../../lib/secret-box.js';
import { getSetting } from '../../lib/settings.js';

/** The VAPID key pair (decision 033): made once, kept in the settings table, the private half sealed. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

interface StoredVapid {
  publicKey: string;
  /** Sealed by the deployment's secret box (lib/secret-box.ts). */
  privateKey: string;
}

/**
 * The deployment's VAPID keys, made on first use. Every instance reads the same pair: the first
 * insert wins (on conflict do nothing) and everyone reads what was stored.
 */
export async function vapidKeys(db: Db, env: Pick<Env, 'SECRETS_KEY'>): Promise<VapidKeys> {
  const box = await deploymentSecretBox(db, env.SECRETS_KEY);
  let stored = await getSetting<StoredVapid>(db, 'vapid_keys');
  if (!stored) {
    const fresh = webpush.generateVAPIDKeys();
    await db
      .insert(settings)
      .values({ key: 'vapid_keys', value: { publicKey: fresh.publicKey, privateKey: box.seal(fresh.privateKey) } satisfies StoredVapid })
      .onConflictDoNothing();
    stored = await getSetting<StoredVapid>(db, 'vapid_keys');
    if (!stored) throw new Error('vapid_keys setting is missing');
  }
  return { publicKey: stored.publicKey, privateKey: box.open(stored.privateKey) };
}

/** The VAPID subject: the site's https address, else a mailto: of the sender address. */
export function vapidSubject(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'MAIL_FROM'>): string {
  const base = publicBaseUrl(env);
  if (base.startsWith('https://')) return base;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long a push service keeps an undelivered reminder (seconds): it is useless after the deadline anyway. */
export const PUSH_TTL_SECONDS = 3600;

/**
 * Sends one encrypted push message (RFC 8291 aes128gcm, VAPID RFC 8292) and answers the push
 * service's status. web-push builds the request (encryption and the signed Authorization header);
 * it is sent with fetch, which also reaches a plain-HTTP endpoint in tests.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  subject: string,
  ttl = PUSH_TTL_SECONDS,
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: ttl,
      contentEncoding: 'aes128gcm',
    },
  );
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}

/** 404 and 410 from a push service: the subscription is gone for good (RFC 8030 section 7.3). */
export function subscriptionGone(status: number): boolean {
  return status === 404 || status === 410;
}

export async function removeSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

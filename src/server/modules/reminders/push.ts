import { eq } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { Db } from '../../db/client.js';
import { pushSubscriptions, settings } from '../../db/schema/index.js';
import { publicBaseUrl, type Env } from '../../env.js';
import { deploymentSecretBox } from '../../lib/secret-box.js';
import { getSetting } from '../../lib/settings.js';
import { checkedLookup, pushEndpoint, PushTargetRefused, type PushServices } from '../../lib/push-services.js';

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
 * service's status. web-push builds the request (encryption and the signed Authorization header).
 * The one place the server talks to a push service: the endpoint must name one of `services`
 * (push-services.ts; refused with PushTargetRefused otherwise, whatever was stored), the socket
 * connects only to a public address (its own connection, never a pooled socket whose address was
 * checked under other rules), and redirects are not followed.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: VapidKeys,
  subject: string,
  services: PushServices,
  ttl = PUSH_TTL_SECONDS,
): Promise<number> {
  const url = pushEndpoint(services, target.endpoint);
  if (!url) throw new PushTargetRefused('endpoint');
  const details = webpush.generateRequestDetails({ endpoint: url.href, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: ttl,
    contentEncoding: 'aes128gcm',
  });
  const body = details.body ? Buffer.from(details.body) : undefined;
  const headers = { ...(details.headers as Record<string, string | number>), ...(body ? { 'Content-Length': body.length } : {}) };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(url, { method: details.method, headers, lookup: checkedLookup(services), agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('push service timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** 404 and 410 from a push service: the subscription is gone for good (RFC 8030 section 7.3). */
export function subscriptionGone(status: number): boolean {
  return status === 404 || status === 410;
}

export async function removeSubscription(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

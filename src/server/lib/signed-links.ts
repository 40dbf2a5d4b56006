import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.js';
import { deploymentKey } from './secret-box.js';

/**
 * Signs the small capabilities the app puts in links that work without signing in (the
 * reminders' unsubscribe link, decision 033): HMAC-SHA256 with a key derived from the
 * deployment key per purpose, so a signature made for one purpose is worthless for another and
 * no stored secret is used as-is.
 */
export interface Signer {
  sign(data: string): string;
  verify(data: string, signature: string): boolean;
}

export function signer(deploymentKeyBytes: Buffer, purpose: string): Signer {
  const key = createHmac('sha256', deploymentKeyBytes).update(`signed-link:${purpose}`).digest();
  const mac = (data: string) => createHmac('sha256', key).update(data).digest();
  return {
    sign: (data) => mac(data).toString('base64url'),
    verify(data, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(data);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The deployment's signer for one purpose (SECRETS_KEY, else the key kept in the database). */
export async function deploymentSigner(db: Db, secretsKey: string, purpose: string): Promise<Signer> {
  return signer(await deploymentKey(db, secretsKey), purpose);
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema/index.js';
import { getSetting } from './settings.js';

/**
 * Encrypts secrets kept in the database (identity providers' client secrets) with AES-256-GCM.
 * The key is SECRETS_KEY from the environment (hashed to 256 bits), else a random key made once
 * and kept in the settings table (shared by all instances, like the payment secret). Decision 022.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret box key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The deployment's 256-bit key: SHA-256 of SECRETS_KEY when set, else a random key made once and
 * kept in the settings table (the same for every instance). The secret box encrypts with it; signed
 * links (lib/signed-links.ts) derive their own key from it.
 */
export async function deploymentKey(db: Db, configured: string): Promise<Buffer> {
  if (configured) return createHash('sha256').update(configured).digest();
  await db
    .insert(settings)
    .values({ key: 'secrets_key', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const stored = await getSetting<string>(db, 'secrets_key');
  if (typeof stored !== 'string') throw new Error('secrets_key setting is missing');
  return Buffer.from(stored, 'base64url');
}

/** The box for this deployment: SECRETS_KEY when set, else the key kept in the database. */
export async function deploymentSecretBox(db: Db, configured: string): Promise<SecretBox> {
  return secretBox(await deploymentKey(db, configured));
}

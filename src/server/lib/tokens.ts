import { hash, randomBytes } from 'node:crypto';

/** A new opaque token: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How tokens are kept in the database: SHA-256, hex (one-shot `crypto.hash`: no Hash object per call). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

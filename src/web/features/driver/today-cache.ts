import type { DriverToday } from '../../../shared/schemas/driver';
import { DRIVER_TODAY_KEY } from '../../lib/offline-cache';

/*
 * The driver's last list (issue 28: the page keeps its list when the network drops, also across
 * a reload). The last answer of GET /app/driver/today is kept in localStorage with the user it
 * belongs to and a fingerprint of the session that fetched it; it is shown, marked "offline, as
 * of HH:MM", only when the fetch fails, and only to the same user (by id when the profile is
 * known, else by the same session). Signing out removes it (lib/offline-cache.ts).
 */

export const TODAY_CACHE_KEY = DRIVER_TODAY_KEY;

export interface CachedToday {
  userId: number;
  /** A fingerprint of the session's token (not the token): offline the profile cannot be read. */
  session: string;
  /** When the answer came (ISO). */
  at: string;
  today: DriverToday;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A short, non-reversible fingerprint of a session token (FNV-1a, 32 bits, hex). */
export function sessionPrint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Keeps the last answer of `userId`, fetched with the session `token`. */
export function saveToday(storage: Storage | null, userId: number, token: string, today: DriverToday, at: Date): void {
  if (!storage) return;
  const entry: CachedToday = { userId, session: sessionPrint(token), at: at.toISOString(), today };
  try {
    storage.setItem(TODAY_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or refused: nothing kept, the page works as before.
  }
}

/**
 * The kept answer for whoever asks: `userId` when the profile is known (offline it is not),
 * else the session `token` must be the one that fetched it. Another user's list: null.
 */
export function readToday(storage: Storage | null, who: { userId: number | null; token: string | null }): CachedToday | null {
  if (!storage || !who.token) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(storage.getItem(TODAY_CACHE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!isEntry(entry)) return null;
  if (who.userId !== null ? entry.userId !== who.userId : entry.session !== sessionPrint(who.token)) return null;
  return entry;
}

const isEntry = (v: unknown): v is CachedToday =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as CachedToday).userId === 'number' &&
  typeof (v as CachedToday).session === 'string' &&
  typeof (v as CachedToday).at === 'string' &&
  Array.isArray((v as CachedToday).today?.laps);

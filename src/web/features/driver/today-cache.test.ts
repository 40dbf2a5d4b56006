import { describe, expect, it, vi } from 'vitest';
import type { DriverToday } from '../../../shared/schemas/driver';
import { clearOfflineData } from '../../lib/offline-cache';
import { readToday, saveToday, sessionPrint, TODAY_CACHE_KEY } from './today-cache';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    raw: m,
  };
}

const today = { laps: [{ lap_id: 1, menu_id: 2, title: 'Lap A', stops: [] }] } as unknown as DriverToday;
const at = new Date('2026-11-27T10:42:00Z');

describe("the driver's kept list", () => {
  it('gives the last answer back to the same user, by id or (offline, no profile) by the same session', () => {
    const storage = memoryStorage();
    saveToday(storage, 7, 'token-of-7', today, at);
    const kept = { userId: 7, at: '2026-11-27T10:42:00.000Z', today };
    expect(readToday(storage, { userId: 7, token: 'token-of-7' })).toMatchObject(kept);
    expect(readToday(storage, { userId: null, token: 'token-of-7' })).toMatchObject(kept);
    // A later answer replaces it.
    const later = { laps: [] } as unknown as DriverToday;
    saveToday(storage, 7, 'token-of-7', later, new Date('2026-11-27T11:00:00Z'));
    expect(readToday(storage, { userId: 7, token: 'token-of-7' })).toMatchObject({ today: later, at: '2026-11-27T11:00:00.000Z' });
  });

  it("never gives another user's list, nor any list without a session", () => {
    const storage = memoryStorage();
    saveToday(storage, 7, 'token-of-7', today, at);
    expect(readToday(storage, { userId: 8, token: 'token-of-8' })).toBeNull();
    // Offline the profile is unknown: another session (another user signed in) does not see it.
    expect(readToday(storage, { userId: null, token: 'token-of-8' })).toBeNull();
    expect(readToday(storage, { userId: 7, token: null })).toBeNull();
    expect(readToday(null, { userId: 7, token: 'token-of-7' })).toBeNull();
  });

  it('keeps no token, only its fingerprint, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    saveToday(storage, 7, 'secret-token-of-7', today, at);
    const stored = storage.raw.get(TODAY_CACHE_KEY)!;
    expect(stored).not.toContain('secret-token-of-7');
    expect(JSON.parse(stored)).toMatchObject({ session: sessionPrint('secret-token-of-7') });
    expect(sessionPrint('a')).not.toBe(sessionPrint('b'));
    storage.raw.set(TODAY_CACHE_KEY, '{not json');
    expect(readToday(storage, { userId: 7, token: 'secret-token-of-7' })).toBeNull();
    storage.raw.set(TODAY_CACHE_KEY, JSON.stringify({ userId: 7, session: sessionPrint('secret-token-of-7'), at: 'x' }));
    expect(readToday(storage, { userId: 7, token: 'secret-token-of-7' })).toBeNull();
  });

  it('a storage that refuses to write keeps nothing and throws nothing', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveToday(refusing, 7, 't', today, at)).not.toThrow();
    expect(readToday(refusing, { userId: 7, token: 't' })).toBeNull();
  });

  it('sign-out forgets it (clearOfflineData, called when the session token goes)', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    try {
      saveToday(storage, 7, 'token-of-7', today, at);
      storage.setItem('driver-taps:7', '[]');
      clearOfflineData();
      expect(readToday(storage, { userId: 7, token: 'token-of-7' })).toBeNull();
      // The taps not yet sent stay: they are the driver's, sent after signing in again.
      expect(storage.getItem('driver-taps:7')).toBe('[]');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

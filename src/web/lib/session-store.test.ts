import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from './debounced-storage';
import { createSessionStore, readRequestMode, SESSION_STORAGE_KEY } from './session-store';

function stored(storage: ReturnType<typeof createMemoryStorage>) {
  const raw = storage.data.get(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown>; version: number }) : null;
}

describe('session store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts logged out in Latvian with the three languages', () => {
    const store = createSessionStore({ storage: createMemoryStorage() });
    const s = store.getState();
    expect(s.token).toBeNull();
    expect(s.maintenance).toBe(false);
    expect(s.lang).toBe('lv');
    expect(s.languages.map((l) => l.code)).toEqual(['lv', 'en', 'ru']);
    expect(s.loading).toEqual([]);
    expect(s.requestMode).toBeNull();
  });

  it('persists with a 200 ms debounce, without the loading list and requestMode', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore({ storage, requestMode: '1' });
    store.getState().setToken('t-1');
    store.getState().setLang('en');
    store.getState().startLoading('GET /app/me #1');
    store.getState().setActiveProviderId(3);

    vi.advanceTimersByTime(199);
    expect(stored(storage)).toBeNull();
    vi.advanceTimersByTime(1);

    const saved = stored(storage);
    expect(saved?.state).toEqual({
      token: 't-1',
      maintenance: false,
      csrfToken: null,
      lang: 'en',
      languages: [{ code: 'lv' }, { code: 'en' }, { code: 'ru' }],
      activeProviderId: 3,
    });
    expect(saved?.state).not.toHaveProperty('loading');
    expect(saved?.state).not.toHaveProperty('requestMode');
  });

  it('restores on start, taking requestMode from the new page address only', () => {
    const storage = createMemoryStorage();
    const first = createSessionStore({ storage, requestMode: 'old' });
    first.getState().setToken('t-2');
    first.getState().setLang('ru');
    first.storage.flush();

    const second = createSessionStore({ storage, requestMode: null });
    expect(second.getState().token).toBe('t-2');
    expect(second.getState().lang).toBe('ru');
    expect(second.getState().requestMode).toBeNull();
    expect(second.getState().loading).toEqual([]);
  });

  it('ignores requestMode and loading even if the stored copy has them', () => {
    const storage = createMemoryStorage();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { token: 'x', requestMode: 'stale', loading: ['a'] }, version: 1 }));
    const store = createSessionStore({ storage, requestMode: 'fresh' });
    expect(store.getState().token).toBe('x');
    expect(store.getState().requestMode).toBe('fresh');
    expect(store.getState().loading).toEqual([]);
  });

  it('logout clears the token; maintenance and languages only change when different', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore({ storage });
    const listener = vi.fn();
    store.subscribe(listener);
    store.getState().setToken('t');
    store.getState().logout();
    expect(store.getState().token).toBeNull();
    listener.mockClear();
    store.getState().setMaintenance(false);
    store.getState().setLanguages([{ code: 'lv' }, { code: 'en' }, { code: 'ru' }]);
    store.getState().logout();
    expect(listener).not.toHaveBeenCalled();
  });

  it('tracks several requests in the loading list', () => {
    const store = createSessionStore({ storage: createMemoryStorage() });
    store.getState().startLoading('a');
    store.getState().startLoading('b');
    store.getState().stopLoading('a');
    expect(store.getState().loading).toEqual(['b']);
  });
});

describe('readRequestMode', () => {
  it('is null without the a parameter', () => {
    expect(readRequestMode('')).toBeNull();
    expect(readRequestMode('?b=1')).toBeNull();
  });
  it('keeps the value, and treats a bare ?a as on', () => {
    expect(readRequestMode('?a=7')).toBe('7');
    expect(readRequestMode('?a')).toBe('1');
    expect(readRequestMode('?x=1&a=')).toBe('1');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedStorage, createMemoryStorage } from './debounced-storage';

describe('createDebouncedStorage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes once, 200 ms after the last change', () => {
    const base = createMemoryStorage();
    const setItem = vi.spyOn(base, 'setItem');
    const storage = createDebouncedStorage(base, 200);

    storage.setItem('k', '1');
    vi.advanceTimersByTime(150);
    storage.setItem('k', '2');
    vi.advanceTimersByTime(199);
    expect(setItem).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(base.data.get('k')).toBe('2');
  });

  it('reads pending values before they are written', () => {
    const base = createMemoryStorage();
    base.setItem('k', 'old');
    const storage = createDebouncedStorage(base, 200);
    storage.setItem('k', 'new');
    expect(storage.getItem('k')).toBe('new');
    expect(base.data.get('k')).toBe('old');
  });

  it('flush writes at once and cancels the timer', () => {
    const base = createMemoryStorage();
    const setItem = vi.spyOn(base, 'setItem');
    const storage = createDebouncedStorage(base, 200);
    storage.setItem('a', '1');
    storage.setItem('b', '2');
    storage.flush();
    expect(base.data.get('a')).toBe('1');
    expect(base.data.get('b')).toBe('2');
    vi.advanceTimersByTime(500);
    expect(setItem).toHaveBeenCalledTimes(2);
  });

  it('removeItem drops a pending write', () => {
    const base = createMemoryStorage();
    const storage = createDebouncedStorage(base, 200);
    storage.setItem('k', '1');
    storage.removeItem('k');
    vi.advanceTimersByTime(300);
    expect(base.data.has('k')).toBe(false);
    expect(storage.getItem('k')).toBeNull();
  });

  it('survives a storage that throws on write', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = createDebouncedStorage(
      {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => undefined,
      },
      200,
    );
    storage.setItem('k', '1');
    expect(() => vi.advanceTimersByTime(200)).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});

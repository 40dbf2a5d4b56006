import type { StateStorage } from 'zustand/middleware';

/** Storage that can also write pending values at once (e.g. when the page is hidden). */
export interface DebouncedStorage extends StateStorage<void> {
  flush(): void;
}

/**
 * Wraps a synchronous storage so writes land at most once per `delayMs` (trailing edge).
 * Reads see pending values, so a store that re-reads immediately is never stale.
 * The spec asks for a 200 ms debounce: persisting on every keystroke or request would
 * hammer localStorage (which is synchronous and blocks the main thread).
 */
export function createDebouncedStorage(base: StateStorage, delayMs = 200): DebouncedStorage {
  const pending = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    for (const [name, value] of pending) {
      try {
        void base.setItem(name, value);
      } catch (error) {
        // Quota exceeded or storage disabled: the app keeps working from memory.
        console.warn('Could not persist state', error);
      }
    }
    pending.clear();
  };

  return {
    getItem(name) {
      const value = pending.get(name);
      return value !== undefined ? value : base.getItem(name);
    },
    setItem(name, value) {
      pending.set(name, value);
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    removeItem(name) {
      pending.delete(name);
      void base.removeItem(name);
    },
    flush,
  };
}

/** A Map-backed storage: the fallback when localStorage is missing (tests, privacy modes). */
export function createMemoryStorage(): StateStorage<void> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (name) => data.get(name) ?? null,
    setItem: (name, value) => {
      data.set(name, value);
    },
    removeItem: (name) => {
      data.delete(name);
    },
  };
}

/** localStorage when it is usable, otherwise memory. */
export function browserStorage(): StateStorage {
  try {
    if (typeof localStorage !== 'undefined') {
      const probe = '__probe__';
      localStorage.setItem(probe, probe);
      localStorage.removeItem(probe);
      return localStorage;
    }
  } catch {
    // Access can throw (disabled storage); fall through to memory.
  }
  return createMemoryStorage();
}

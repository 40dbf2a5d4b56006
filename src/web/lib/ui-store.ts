import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { browserStorage, createDebouncedStorage } from './debounced-storage';
import { PERSIST_DEBOUNCE_MS } from './session-store';
import type { StateStorage } from 'zustand/middleware';

/** How the menu's categories expand: all open at once, or one at a time (spec 4, Persistence). */
export type MenuExpandMode = 'all' | 'one';

export interface UiState {
  menuExpandMode: MenuExpandMode;
  setMenuExpandMode(mode: MenuExpandMode): void;
  toggleMenuExpandMode(): void;
}

export const UI_STORAGE_KEY = 'lunch.ui';

export function createUiStore(storage: StateStorage = browserStorage(), debounceMs = PERSIST_DEBOUNCE_MS) {
  const debounced = createDebouncedStorage(storage, debounceMs);
  const store = create<UiState>()(
    persist(
      (set) => ({
        menuExpandMode: 'all',
        setMenuExpandMode: (menuExpandMode) => set({ menuExpandMode }),
        toggleMenuExpandMode: () => set((s) => ({ menuExpandMode: s.menuExpandMode === 'all' ? 'one' : 'all' })),
      }),
      {
        name: UI_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => debounced),
        partialize: (s) => ({ menuExpandMode: s.menuExpandMode }),
      },
    ),
  );
  return Object.assign(store, { storage: debounced });
}

/** Persisted UI preferences shared by features (e.g. the order page's expand mode). */
export const useUi = createUiStore();

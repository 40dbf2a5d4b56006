import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { browserStorage, createDebouncedStorage, type DebouncedStorage } from './debounced-storage';
import type { StateStorage } from 'zustand/middleware';

export interface Language {
  code: string;
}

/** Languages the UI ships translations for; also the fallback when /app/translations fails. */
export const FALLBACK_LANGUAGES: Language[] = [{ code: 'lv' }, { code: 'en' }, { code: 'ru' }];
/** Spec section 9: the default language. */
export const DEFAULT_LANG = 'lv';
/** Spec section 9: local persistence debounce. */
export const PERSIST_DEBOUNCE_MS = 200;
export const SESSION_STORAGE_KEY = 'lunch.session';

/** The spec's "common state" (section 3) plus the active provider that calls carry. */
export interface SessionData {
  token: string | null;
  maintenance: boolean;
  csrfToken: string | null;
  lang: string;
  languages: Language[];
  /** Ids of requests in flight; drives the top progress bar. Never persisted. */
  loading: string[];
  /** Value of the page URL's `a` query parameter at start; sent back as `a`. Never persisted. */
  requestMode: string | null;
  activeProviderId: number | null;
}

export interface SessionActions {
  setToken(token: string | null): void;
  logout(): void;
  setMaintenance(on: boolean): void;
  setCsrfToken(token: string | null): void;
  setLang(lang: string): void;
  setLanguages(languages: Language[]): void;
  startLoading(id: string): void;
  stopLoading(id: string): void;
  setRequestMode(mode: string | null): void;
  setActiveProviderId(id: number | null): void;
}

export type SessionState = SessionData & SessionActions;

type PersistedSession = Omit<SessionData, 'loading' | 'requestMode'>;

export interface SessionStoreOptions {
  storage?: StateStorage;
  requestMode?: string | null;
  debounceMs?: number;
}

/** Reads the request-mode flag from a query string: present `a` means on (empty value counts as '1'). */
export function readRequestMode(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('a')) return null;
  return params.get('a') || '1';
}

function sameLanguages(a: Language[], b: Language[]) {
  return a.length === b.length && a.every((l, i) => l.code === b[i]?.code);
}

export function createSessionStore(options: SessionStoreOptions = {}) {
  const debounced = createDebouncedStorage(options.storage ?? browserStorage(), options.debounceMs ?? PERSIST_DEBOUNCE_MS);
  const requestMode = options.requestMode ?? null;

  const store = create<SessionState>()(
    persist(
      (set, get) => ({
        token: null,
        maintenance: false,
        csrfToken: null,
        lang: DEFAULT_LANG,
        languages: FALLBACK_LANGUAGES,
        loading: [],
        requestMode,
        activeProviderId: null,

        setToken: (token) => set({ token }),
        logout: () => {
          if (get().token !== null) set({ token: null });
        },
        setMaintenance: (on) => {
          if (get().maintenance !== on) set({ maintenance: on });
        },
        setCsrfToken: (csrfToken) => set({ csrfToken }),
        setLang: (lang) => {
          if (get().lang !== lang) set({ lang });
        },
        setLanguages: (languages) => {
          if (!sameLanguages(get().languages, languages)) set({ languages });
        },
        startLoading: (id) => set((s) => ({ loading: [...s.loading, id] })),
        stopLoading: (id) => set((s) => ({ loading: s.loading.filter((x) => x !== id) })),
        setRequestMode: (mode) => set({ requestMode: mode }),
        setActiveProviderId: (activeProviderId) => set({ activeProviderId }),
      }),
      {
        name: SESSION_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage<PersistedSession>(() => debounced),
        partialize: (s): PersistedSession => ({
          token: s.token,
          maintenance: s.maintenance,
          csrfToken: s.csrfToken,
          lang: s.lang,
          languages: s.languages,
          activeProviderId: s.activeProviderId,
        }),
        // Whatever is stored, requestMode comes from this page load's URL and loading starts empty.
        merge: (persisted, current) => {
          const saved = (persisted ?? {}) as Partial<SessionData>;
          const { loading: _l, requestMode: _r, ...rest } = saved;
          return { ...current, ...rest, loading: [], requestMode: current.requestMode };
        },
      },
    ),
  );
  return Object.assign(store, { storage: debounced as DebouncedStorage });
}

const initialRequestMode = typeof window !== 'undefined' ? readRequestMode(window.location.search) : null;

/** The app's single session store. */
export const useSession = createSessionStore({ requestMode: initialRequestMode });

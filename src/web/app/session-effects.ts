import type { QueryClient } from '@tanstack/react-query';
import { changeUiLanguage } from '../lib/i18n';
import { clearOfflineData } from '../lib/offline-cache';
import { useSession } from '../lib/session-store';
import { useUi } from '../lib/ui-store';

/**
 * Wiring between the session store and the rest of the app, set up once at start:
 * - language: the store is the source of truth; the texts follow it (server data follows through
 *   query keys that include lang);
 * - sign-out (token cleared by Log Out or any 401): drop every cached answer of that user, the
 *   service worker's copy of the kitchen display included;
 * - leaving the page: write debounced state now rather than lose the last 200 ms.
 */
export function startSessionEffects(queryClient: QueryClient) {
  const unsubscribe = useSession.subscribe((state, prev) => {
    if (state.lang !== prev.lang) void changeUiLanguage(state.lang);
    if (prev.token && state.token !== prev.token) {
      queryClient.clear();
      clearOfflineData();
    }
  });

  const flush = () => {
    useSession.storage.flush();
    useUi.storage.flush();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);

  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

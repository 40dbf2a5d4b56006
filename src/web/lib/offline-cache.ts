/**
 * Caches the service worker keeps (vite.config.ts, decision 023). Only the kitchen display's last
 * answer is API data; it belongs to the signed-in user, so sign-out deletes it.
 */
export const KDS_CACHE = 'kds-last';

/** Forgets the API data the service worker kept (on sign-out). */
export function clearOfflineData(): void {
  if (typeof caches === 'undefined') return;
  void caches.delete(KDS_CACHE).catch(() => undefined);
}

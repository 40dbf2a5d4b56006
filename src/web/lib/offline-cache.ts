/**
 * API data kept for offline use, all of it the signed-in user's, so sign-out deletes it: the
 * kitchen display's last answer in the service worker's cache (vite.config.ts, decision 023) and
 * the driver's last list in localStorage (features/driver/today-cache.ts).
 */
export const KDS_CACHE = 'kds-last';

/** The localStorage key of the driver's last list. */
export const DRIVER_TODAY_KEY = 'driver-today';

/** Forgets the API data kept for offline use (on sign-out). */
export function clearOfflineData(): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.removeItem(DRIVER_TODAY_KEY);
  } catch {
    // Storage refused: nothing was kept there.
  }
  if (typeof caches === 'undefined') return;
  void caches.delete(KDS_CACHE).catch(() => undefined);
}

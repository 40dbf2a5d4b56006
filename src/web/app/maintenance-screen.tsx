import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { api } from '../lib/api';
import { useDocumentTitle } from '../lib/use-document-title';

/** How often the maintenance screen asks whether the site is back. */
export const MAINTENANCE_POLL_MS = 5000;

/**
 * "Website is under maintenance" (spec 2/8). Replaces every screen while the flag is on. It polls
 * a cheap public call; the first non-503 answer turns the flag off (api client) and RootLayout
 * then sends the visitor home.
 */
export function MaintenanceScreen() {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('maintenance.title'));

  useEffect(() => {
    const controller = new AbortController();
    const id = setInterval(() => {
      api.request('/app/translations', { silent: true, signal: controller.signal }).catch(() => undefined);
    }, MAINTENANCE_POLL_MS);
    return () => {
      clearInterval(id);
      controller.abort();
    };
  }, []);

  return (
    <main className="maintenance" id="main">
      <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" className="maintenance__icon">
        <circle cx="48" cy="48" r="44" fill="var(--color-primary-soft)" />
        <path d="M22 52h52a26 26 0 0 1-52 0z" fill="var(--color-primary)" />
        <path d="M36 24c0 5 5 5 5 10M52 20c0 5 5 5 5 10" fill="none" stroke="var(--color-accent)" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 className="maintenance__title">{t('maintenance.title')}</h1>
      <p className="maintenance__text">{t('maintenance.text')}</p>
    </main>
  );
}

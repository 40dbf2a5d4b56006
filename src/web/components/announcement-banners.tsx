import { useQueryClient } from '@tanstack/react-query';
import type { CurrentBanner, CurrentBanners } from '../../shared/schemas/announcements';
import { api } from '../lib/api';
import { useTranslation } from '../lib/i18n';
import { BANNERS_KEY as KEY } from './announcement-banners-key';
import '../styles/announcement-banners.css';

/**
 * The signed-in user's announcements on the order page (issue 30, decision 081): plain text, never
 * HTML; a missing translation shows the Latvian text with a mark. Dismissed ones stay dismissed.
 * The page asks for them after the menu and loads this (and its texts) only when there are some.
 */
export function AnnouncementBanners({ banners }: { banners: CurrentBanner[] }) {
  const { t } = useTranslation('announcements');
  const client = useQueryClient();
  const dismiss = async (id: number) => {
    client.setQueriesData<CurrentBanners>({ queryKey: KEY }, (old) => old && { data: old.data.filter((b) => b.id !== id) });
    await api.post(`/app/announcements/${id}/dismiss`, {}).catch(() => undefined);
    void client.invalidateQueries({ queryKey: KEY });
  };
  return (
    <section className="announcement-banners" aria-label={t('banner.region')}>
      {banners.map((b) => (
        <div key={b.id} className="announcement-banner" data-testid="announcement-banner">
          <div className="announcement-banner__text">
            <strong>{b.title}</strong>
            {b.fallback && <span className="announcement-banner__mark"> {t('banner.fallback')}</span>}
            <p>{b.body}</p>
          </div>
          <button
            type="button"
            className="announcement-banner__close"
            aria-label={t('banner.dismiss', { title: b.title })}
            onClick={() => void dismiss(b.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

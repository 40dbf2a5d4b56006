import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatWeekdayDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useVisitorLinks, visitorsApi, type VisitorLink } from '../api';
import { CopyLink } from '../../../components/ui/copy-link';

interface LinkListProps {
  /** Links made on this page, by id: their address can still be copied (only the hash is kept). */
  fresh: ReadonlyMap<number, string>;
  onChanged(): void;
}

/** The host's visitor links: who, which day, open / used / expired, what was ordered; withdraw an unused one. */
export function LinkList({ fresh, onChanged }: LinkListProps) {
  const { t, i18n } = useTranslation('visitors');
  const lang = i18n.language;
  const links = useVisitorLinks();
  const [asking, setAsking] = useState<VisitorLink | null>(null);
  const revoke = useMutation({
    mutationFn: (l: VisitorLink) => visitorsApi.revokeLink(l.id),
    onSuccess: () => setAsking(null),
    onSettled: onChanged,
  });
  const rows = links.data?.data ?? [];
  return (
    <section className="card visitors-card visitors-links" aria-labelledby="visitors-links-title">
      <h2 className="visitors-card__title" id="visitors-links-title">
        {t('links.title')}
      </h2>
      <div aria-live="polite">
        {revoke.isSuccess && <Notice tone="success">{t('links.revoked')}</Notice>}
        {revoke.isError && !asking && <Notice tone="error">{errorMessage(revoke.error, t('links.revokeFailed'))}</Notice>}
      </div>
      {links.isPending ? (
        <Spinner block />
      ) : links.isError ? (
        <Notice tone="error">{errorMessage(links.error, t('links.loadFailed'))}</Notice>
      ) : rows.length === 0 ? (
        <p className="muted">{t('links.empty')}</p>
      ) : (
        <ul className="visitors-list" aria-label={t('links.title')}>
          {rows.map((l) => (
            <li key={l.id} className="visitors-row" data-testid="visitor-link">
              <span className="visitors-row__who">{l.guest_name}</span>
              <span className={`visitors-state visitors-state--${l.state}`}>{t(`state.${l.state}`)}</span>
              <span className="muted visitors-row__when">
                {formatWeekdayDate(l.menu_from, lang)} · {l.menu_title} · {l.location_title}
              </span>
              {l.order ? (
                <span className="visitors-row__order">{t('links.ordered', { dishes: l.order.dishes.join(', ') })}</span>
              ) : l.state === 'open' ? (
                <span className="muted visitors-row__order">{t('links.until', { when: formatDateTime(l.expires_at, lang) })}</span>
              ) : null}
              {l.state === 'open' && (
                <span className="visitors-row__actions">
                  {fresh.has(l.id) && <CopyLink className="copy-link" url={fresh.get(l.id)!} />}
                  <Button size="sm" variant="ghost" onClick={() => setAsking(l)} aria-label={t('links.revokeFor', { name: l.guest_name })}>
                    {t('links.revoke')}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('links.revokeTitle')}
        message={t('links.revokeConfirm', { name: asking?.guest_name ?? '' })}
        confirmLabel={t('links.revoke')}
        onConfirm={() => asking && revoke.mutate(asking)}
        onCancel={() => setAsking(null)}
        busy={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error, t('links.revokeFailed')) : null}
      />
    </section>
  );
}

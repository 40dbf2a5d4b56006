import type { DriverStop } from '../../../../shared/schemas/driver';
import { Button } from '../../../components/ui/button';
import { formatEuros, formatTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** The maps app's search for an address (Android opens the maps app, others the web map). */
export const mapsLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** A phone number as a tel: address (spaces and dashes dropped). */
export const telLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

interface StopCardProps {
  stop: DriverStop;
  zone: string;
  /** The stop the action buttons act on. */
  current: boolean;
  /** A tap about this stop waits to be sent. */
  waiting: boolean;
  onChoose: () => void;
}

/** One stop of the lap: where, when, who receives, what to hand over and cash to collect. */
export function StopCard({ stop: s, zone, current, waiting, onChoose }: StopCardProps) {
  const { t, i18n } = useTranslation('driver');
  const time = (iso: string) => formatTime(iso, i18n.language, zone);
  const headingId = `driver-stop-${s.location_id}`;
  return (
    <li
      className={`card driver-stop${current ? ' driver-stop--current' : ''}`}
      aria-labelledby={headingId}
      aria-current={current ? 'step' : undefined}
    >
      <div className="driver-stop__head">
        <h3 className="driver-stop__title" id={headingId}>
          {t('stopN', { n: s.stop, title: s.title })}
        </h3>
        <span className={`badge ${s.status === 'delivered' ? 'badge--ok' : s.status === 'problem' ? 'badge--warn' : ''}`}>
          {s.status ? t(`status.${s.status}`) : s.arrived_at ? t('status.arrived') : t('status.none')}
        </span>
        {waiting && <span className="driver-badge driver-badge--wait">{t('waitingOne')}</span>}
      </div>
      {s.status === 'problem' && s.note && <p className="driver-stop__note">{s.note}</p>}
      <dl className="driver-stop__facts">
        {s.address && (
          <div>
            <dt>{t('address')}</dt>
            <dd>
              <a href={mapsLink(s.address)} target="_blank" rel="noopener noreferrer">
                {s.address}
              </a>
            </dd>
          </div>
        )}
        {s.window_from && s.window_to && (
          <div>
            <dt>{t('window')}</dt>
            <dd>
              {time(s.window_from)}–{time(s.window_to)}
            </dd>
          </div>
        )}
        {(s.contact_name || s.contact_phone) && (
          <div>
            <dt>{t('contact')}</dt>
            <dd>
              {s.contact_name}
              {s.contact_phone && (
                <>
                  {s.contact_name && ' · '}
                  <a href={telLink(s.contact_phone)}>{s.contact_phone}</a>
                </>
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('portions')}</dt>
          <dd>
            {t('portionsValue', { count: s.portions, handed: s.handed_over })}
            {s.hand_over.length > 0 && <span className="muted"> — {s.hand_over.map((h) => `${h.title} × ${h.qty}`).join(', ')}</span>}
          </dd>
        </div>
        {s.cash_to_collect !== null && (
          <div>
            <dt>{t('cash')}</dt>
            <dd>
              <strong>{formatEuros(s.cash_to_collect, i18n.language)}</strong>
            </dd>
          </div>
        )}
      </dl>
      {!current && s.status !== 'delivered' && (
        <Button size="sm" onClick={onChoose}>
          {t('choose', { title: s.title })}
        </Button>
      )}
    </li>
  );
}

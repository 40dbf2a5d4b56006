import type { StopPlan } from '../../../../shared/schemas/lap-plans';
import { formatTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** A lap's stops in order with their promised windows, a new estimate and how late a delivery was (issue 28). */
export function StopWindows({ stops, zone }: { stops: StopPlan[]; zone: string }) {
  const { t, i18n } = useTranslation('laps');
  if (stops.length === 0) return null;
  const time = (iso: string) => formatTime(iso, i18n.language, zone);
  return (
    <ol className="laps-windows">
      {stops.map((s) => (
        <li key={s.location_id}>
          <span>{s.title}</span>{' '}
          <span className="muted">
            {s.from && s.to ? t('day.window', { from: time(s.from), to: time(s.to) }) : t('day.noWindow')}
            {' · '}
            {t('day.travel', { n: s.travel_minutes })}
          </span>
          {s.estimate_at && <span className="badge badge--warn">{t('day.estimate', { time: time(s.estimate_at) })}</span>}
          {s.late_minutes !== null && (
            <span className={`badge ${s.late_minutes > 0 ? 'badge--warn' : 'badge--ok'}`}>
              {s.late_minutes > 0 ? t('day.late', { n: s.late_minutes }) : t('day.onTime')}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

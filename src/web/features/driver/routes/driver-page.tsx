import { useCallback, useEffect, useState } from 'react';
import type { DriverLap, DriverToday } from '../../../../shared/schemas/driver';
import { Button } from '../../../components/ui/button';
import { LoadErrorNotice } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useLiveRefetch, type ServerEvent } from '../../../lib/events';
import { formatTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { useProviderZone } from '../../../lib/provider-zone';
import { useApiQuery } from '../../../lib/query';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ProblemForm } from '../components/problem-form';
import { ScanLabel } from '../components/scan-label';
import { StopCard } from '../components/stop-card';
import { withPending } from '../tap-queue';
import { readToday, saveToday } from '../today-cache';
import { DRIVER_KEY, useOnline, useTapQueue } from '../use-tap-queue';
import '../driver.css';

/**
 * /driver (issue 28, decision 069): the laps the signed-in staff member drives today, stops in
 * order, and one big button per action near the bottom of the screen. Taps are queued on the
 * phone and sent in order; without network they wait ("waiting to send") and go when it is back.
 */
export function Component() {
  const { t } = useTranslation('driver');
  useDocumentTitle(t('title'));
  const me = useMe();
  const today = useApiQuery<DriverToday>(DRIVER_KEY, '/app/driver/today', { staleTime: 0 });
  const route = useCallback(
    (event: ServerEvent) =>
      event.type === 'reset' || (event.type === 'menu' && today.data?.laps.some((l) => l.menu_id === event.menuId))
        ? { queryKey: DRIVER_KEY, bucket: 'driver', gapMs: 2000 }
        : null,
    [today.data],
  );
  useLiveRefetch(route);

  // The last answer is kept on the phone; when the fetch fails it is shown, marked as of its time.
  const token = useSession((s) => s.token);
  const userId = me.data?.id ?? null;
  useEffect(() => {
    if (today.data && userId !== null && token && !today.isError)
      saveToday(storage(), userId, token, today.data, new Date(today.dataUpdatedAt));
  }, [today.data, today.dataUpdatedAt, today.isError, userId, token]);
  const error = today.error ?? me.error;
  // Offline the calls are tried again and again (the event stream's reconnects): the browser's
  // word is enough to show the kept list meanwhile.
  const online = useOnline();
  const kept = error || !online ? readToday(storage(), { userId, token }) : null;

  // One Day either way (the kept list or the answer), so its tap queue is never mounted twice.
  const shown = kept ?? (today.data && me.data ? { today: today.data, userId: me.data.id, at: null } : null);
  let body;
  if (shown) {
    body = (
      <>
        {kept && <OfflineAsOf at={kept.at} />}
        <Day today={shown.today} userId={shown.userId} />
      </>
    );
  } else {
    body = error ? (
      <>
        <LoadErrorNotice error={error} fallback={t('loadFailed')} />
        <Button onClick={() => void today.refetch()}>{t('retry')}</Button>
      </>
    ) : (
      <Spinner block />
    );
  }

  return (
    <section className="page driver-page" aria-labelledby="driver-title">
      <h1 className="page__title" id="driver-title">
        {t('title')}
      </h1>
      {body}
    </section>
  );
}

function storage() {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** "Offline, as of 11:42": the list shown is the one kept on the phone. */
function OfflineAsOf({ at }: { at: string }) {
  const { t, i18n } = useTranslation('driver');
  const { zone } = useProviderZone();
  return (
    <p className="driver-waiting" role="status">
      {t('offlineAsOf', { time: formatTime(at, i18n.language, zone) })}
    </p>
  );
}

function Day({ today, userId }: { today: DriverToday; userId: number }) {
  const { t, i18n } = useTranslation('driver');
  const { zone } = useProviderZone();
  const online = useOnline();
  const queue = useTapQueue(userId);
  const day = withPending(today, queue.pending);
  const [lapIndex, setLapIndex] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const [problem, setProblem] = useState(false);
  const lap: DriverLap | undefined = day.laps[Math.min(lapIndex, day.laps.length - 1)];
  if (!lap) return <p>{t('none')}</p>;
  const waitingFor = (locationId: number | null) =>
    queue.pending.filter((p) => p.lapId === lap.lap_id && p.menuId === lap.menu_id && (p.locationId ?? null) === locationId);
  const next = lap.stops.find((s) => s.status !== 'delivered');
  const current = lap.stops.find((s) => s.location_id === chosen) ?? next ?? null;
  const time = (iso: string | null) => (iso ? formatTime(iso, i18n.language, zone) : '');
  const at = { lapId: lap.lap_id, menuId: lap.menu_id };

  return (
    <div className="driver-day">
      {!online && <Notice tone="warning">{t('offline')}</Notice>}
      {queue.pending.length > 0 && (
        <p className="driver-waiting" role="status">
          {t('waiting', { count: queue.pending.length })}
        </p>
      )}
      {queue.refused.length > 0 && (
        <Notice tone="error">
          {t('refused', { count: queue.refused.length })}{' '}
          <Button size="sm" onClick={queue.dismissRefused}>
            {t('dismiss')}
          </Button>
        </Notice>
      )}
      {day.laps.length > 1 && (
        <div className="driver-laps" role="group" aria-label={t('laps')}>
          {day.laps.map((l, i) => (
            <Button
              key={`${l.lap_id}:${l.menu_id}`}
              variant={l === lap ? 'primary' : 'secondary'}
              aria-pressed={l === lap}
              onClick={() => setLapIndex(i)}
            >
              {l.title}
            </Button>
          ))}
        </div>
      )}
      <header className="driver-lap">
        <h2 className="driver-lap__title">{lap.title}</h2>
        <p className="muted">
          {lap.departed_at
            ? t('departedAt', { time: time(lap.departed_at) })
            : lap.departs_at
              ? t('departsAt', { time: time(lap.departs_at) })
              : t('noDeparture')}
          {waitingFor(null).length > 0 && <span className="driver-badge driver-badge--wait"> {t('waitingOne')}</span>}
        </p>
      </header>
      <ol className="driver-stops">
        {lap.stops.map((s) => (
          <StopCard
            key={s.location_id}
            stop={s}
            zone={zone}
            current={current?.location_id === s.location_id}
            waiting={waitingFor(s.location_id).length > 0}
            onChoose={() => {
              setChosen(s.location_id);
              setProblem(false);
            }}
          />
        ))}
      </ol>
      <ScanLabel />
      <div className="driver-actions" role="group" aria-label={current ? t('actionsFor', { title: current.title }) : t('actions')}>
        {problem && current ? (
          <ProblemForm
            title={current.title}
            onCancel={() => setProblem(false)}
            onSend={(note, estimate) => {
              queue.tap({ action: 'problem', ...at, locationId: current.location_id, note, estimate_at: estimate });
              setProblem(false);
            }}
          />
        ) : !lap.departed_at ? (
          <Button variant="primary" className="driver-big" onClick={() => queue.tap({ action: 'departed', ...at })}>
            {t('depart')}
          </Button>
        ) : current ? (
          <>
            <p className="driver-actions__stop">{t('stopN', { n: current.stop, title: current.title })}</p>
            <div className="driver-actions__row">
              <Button
                className="driver-big"
                disabled={current.arrived_at !== null}
                onClick={() => queue.tap({ action: 'arrived', ...at, locationId: current.location_id })}
              >
                {t('arrived')}
              </Button>
              <Button
                variant="primary"
                className="driver-big"
                disabled={current.status === 'delivered'}
                onClick={() => {
                  queue.tap({ action: 'delivered', ...at, locationId: current.location_id });
                  setChosen(null);
                }}
              >
                {t('delivered')}
              </Button>
              <Button variant="danger" className="driver-big" onClick={() => setProblem(true)}>
                {t('problem')}
              </Button>
            </div>
          </>
        ) : (
          <p className="driver-actions__stop">{t('allDelivered')}</p>
        )}
      </div>
    </div>
  );
}

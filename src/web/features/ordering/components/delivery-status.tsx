import { useCallback, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { DeliveryStep, DeliveryTimeline, DeliveryWindow, MenuDelivery, OrderDelivery } from '../../../../shared/schemas/delivery';
import { formatTime, isoDayIn } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useLiveRefetch, type ServerEvent } from '../../../lib/events';
import { useApiQuery } from '../../../lib/query';
import { LIVE_REFETCH_MS, ORDER_KEYS } from '../api';

/** "Delivery expected 12:10–12:25" in the provider's zone. */
export function DeliveryExpected({ window, timezone }: { window: DeliveryWindow; timezone: string }) {
  const { t } = useTranslation('delivery');
  const lang = useSession((s) => s.lang);
  return (
    <p className="delivery-expected" data-testid="delivery-expected">
      {t('expected', { from: formatTime(window.from, lang, timezone), to: formatTime(window.to, lang, timezone) })}
    </p>
  );
}

/** The last step that has happened (accepted at the least). */
function currentStep(timeline: DeliveryTimeline): DeliveryStep | null {
  let current: DeliveryStep | null = null;
  for (const s of timeline.steps) if (s.at !== null) current = s.step;
  return current;
}

/** Whether a menu's day (its start in the provider's zone) is today. */
export function isToday(menuFrom: string, timezone: string, now = Date.now()): boolean {
  return isoDayIn(menuFrom, timezone) === isoDayIn(now, timezone);
}

/**
 * An order's progress: accepted, cooking, on the way, delivered, each with its time once it
 * happened, as an ordered list (the current step marked). A change of the current step while the
 * page is open is announced politely, once; a refetch that changes nothing is not.
 */
export function DeliveryProgress({ timeline, timezone }: { timeline: DeliveryTimeline; timezone: string }) {
  const { t } = useTranslation('delivery');
  const lang = useSession((s) => s.lang);
  const current = currentStep(timeline);
  // The step shown last: a change is announced once (set while rendering, as React advises).
  const [seen, setSeen] = useState(current);
  const [announced, setAnnounced] = useState('');
  if (seen !== current) {
    setSeen(current);
    setAnnounced(current ? t('now', { step: t(`steps.${current}`) }) : '');
  }

  return (
    <div className="delivery-progress">
      <h2 className="delivery-progress__title" id="delivery-progress-title">
        {t('title')}
      </h2>
      <ol className="delivery-steps" aria-labelledby="delivery-progress-title">
        {timeline.steps.map((s) => (
          <li
            key={s.step}
            className={`delivery-steps__step${s.at ? ' is-done' : ''}${s.step === current ? ' is-current' : ''}`}
            aria-current={s.step === current ? 'step' : undefined}
            data-step={s.step}
          >
            <span className="delivery-steps__label">{t(`steps.${s.step}`)}</span>
            {s.at ? (
              <time className="delivery-steps__time" dateTime={s.at}>
                {formatTime(s.at, lang, timezone)}
              </time>
            ) : (
              <span className="delivery-steps__time muted">{t('pending')}</span>
            )}
          </li>
        ))}
      </ol>
      {timeline.estimate_at && current !== 'delivered' && (
        <p className="delivery-progress__note">{t('estimate', { time: formatTime(timeline.estimate_at, lang, timezone) })}</p>
      )}
      {timeline.late_minutes !== null && timeline.late_minutes > 0 && (
        <p className="delivery-progress__note muted">{t('late', { minutes: timeline.late_minutes })}</p>
      )}
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </div>
  );
}

/**
 * The order page's delivery panel (one read per page, useMenuDelivery): "delivery expected" for the
 * eater's location, and on the menu's own day their latest order's progress, kept live.
 */
export function MenuDeliveryPanel({ menu, delivery }: { menu: { id: number; from: string; timezone: string }; delivery: MenuDelivery }) {
  const today = isToday(menu.from, menu.timezone);
  return (
    <section className="card delivery-panel">
      {delivery.window && <DeliveryExpected window={delivery.window} timezone={menu.timezone} />}
      {delivery.order && today && <DeliveryProgress timeline={delivery.order} timezone={menu.timezone} />}
    </section>
  );
}

/** The order details' delivery panel: "delivery expected" and, on the menu's day, the live progress. */
export function OrderDeliveryPanel({ orderId, menu }: { orderId: string; menu: { id: number; from: string; timezone: string } }) {
  const delivery = useOrderDelivery(orderId, menu.id).data;
  if (!delivery) return null;
  const today = isToday(menu.from, menu.timezone);
  if (!delivery.window && !today) return null;
  return (
    <section className="card delivery-panel">
      {delivery.window && <DeliveryExpected window={delivery.window} timezone={menu.timezone} />}
      {today && <DeliveryProgress timeline={delivery} timezone={menu.timezone} />}
    </section>
  );
}

/**
 * GET /app/orders/{id}/delivery: the order's progress on its details page, refetched when the
 * event stream tells of a change to its menu (a departure, a delivery), without a reload.
 */
function useOrderDelivery(orderId: string, menuId: number | null) {
  const route = useCallback(
    (event: ServerEvent, client: QueryClient) => {
      if (event.type === 'reset') void client.invalidateQueries({ queryKey: deliveryKey(orderId) });
      return event.type === 'menu' && event.menuId === menuId
        ? { bucket: `order delivery ${orderId}`, queryKey: deliveryKey(orderId), gapMs: LIVE_REFETCH_MS }
        : null;
    },
    [orderId, menuId],
  );
  useLiveRefetch(route);
  return useApiQuery<OrderDelivery>(deliveryKey(orderId), `/app/orders/${encodeURIComponent(orderId)}/delivery`, {
    enabled: menuId !== null,
    staleTime: 30_000,
  });
}

const deliveryKey = (orderId: string) => [...ORDER_KEYS.order(orderId), 'delivery'] as const;

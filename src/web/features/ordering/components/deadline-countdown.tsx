import { useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { countdownText, crossedThreshold, watchCountdown } from '../model/countdown';

interface CountdownAnswer {
  /** False when the server no longer takes orders for the menu, whatever its deadline. */
  open: boolean;
  dishlist: { to: string } | null;
  /** The server's clock when it answered. */
  now: string;
  /** Device time when that answer arrived. */
  receivedAt: number;
}

/**
 * Time left to order, beside "Order until": minutes, then seconds in the last minute, by the
 * server's clock (the answer's `now` at its arrival). The visible text is not a live region (a
 * screen reader would hear every second); 10, 5 and 1 minutes left are announced once each, and
 * the closing itself by the page's "ordering has closed" notice, which appears at the same moment
 * (useDeadlinePassed counts from the same answer).
 */
export function DeadlineCountdown({ answer }: { answer: CountdownAnswer }) {
  const { t } = useTranslation('ordering');
  const [state, setState] = useState<{ key: string; left: number; announce: number | null } | null>(null);
  // Keyed by the deadline: a refetched answer (new `now`) keeps counting and thresholds already
  // announced are not announced again; a moved deadline starts afresh.
  const key = answer.dishlist?.to ?? null;

  // Before the paint: the time left is on the deadline's line in the first frame that shows it,
  // not one frame later, when it wrapped the line and pushed the menu down (decision 095).
  useLayoutEffect(() => {
    if (!key) return;
    const offset = Date.parse(answer.now) - answer.receivedAt;
    return watchCountdown(
      Date.parse(key),
      () => Date.now() + offset,
      (left) =>
        setState((prev) => {
          const previous = prev?.key === key ? prev : null;
          const crossed = crossedThreshold(previous?.left ?? null, left);
          return { key, left, announce: crossed ?? previous?.announce ?? null };
        }),
    );
  }, [key, answer.now, answer.receivedAt]);

  const current = state?.key === key ? state : null;
  const text = !answer.open ? countdownText(0) : current ? countdownText(current.left) : null;
  let visible: string | null = null;
  if (text?.kind === 'minutes' || text?.kind === 'seconds') visible = t(`countdown.${text.kind}`, { count: text.count });
  else if (text?.kind === 'hours') visible = t('countdown.hours', { hours: text.hours, minutes: text.minutes });
  else if (text?.kind === 'closed') visible = t('countdown.closed');

  return (
    <>
      {visible && <span className="order-header__countdown"> · {visible}</span>}
      <span className="visually-hidden" role="status">
        {current?.announce ? t('countdown.soon', { count: current.announce }) : ''}
      </span>
    </>
  );
}

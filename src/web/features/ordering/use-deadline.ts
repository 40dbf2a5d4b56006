import { useEffect, useState } from 'react';

/** setTimeout cannot wait longer than this (about 24.8 days); later deadlines need no timer yet. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * True once the menu's order deadline has passed, judged by the server's clock: the answer's
 * `now` was the server time when that same answer arrived at its `receivedAt` (device time), so
 * a wrong device clock does not open or close ordering early, and an answer kept on screen while
 * another loads is judged with its own times.
 */
export function useDeadlinePassed(answer: { dishlist: { to: string } | null; now: string; receivedAt: number } | null): boolean {
  const [passed, setPassed] = useState<string | null>(null);
  const deadline = answer?.dishlist?.to ?? null;
  const serverNow = answer?.now ?? null;
  const receivedAt = answer?.receivedAt ?? 0;
  // Keyed by the deadline itself: a moved deadline (extended by the kitchen) is judged afresh.
  const key = deadline && serverNow ? deadline : null;

  useEffect(() => {
    if (!key || !serverNow) return;
    const offset = Date.parse(serverNow) - receivedAt;
    const wait = Date.parse(key) - (Date.now() + offset);
    if (!Number.isFinite(wait) || wait > MAX_TIMER_MS) return;
    // A deadline already gone fires at once (on the next tick).
    const timer = setTimeout(() => setPassed(key), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [serverNow, receivedAt, key]);

  return key !== null && passed === key;
}

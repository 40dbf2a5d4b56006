/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Deadlines further away than this show no countdown (the date beside it says enough). */
export const COUNTDOWN_FROM_MS = 24 * HOUR;

/** Minutes left at which the time left is announced to screen readers (once each, when crossed). */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const;

/** What the countdown beside "Order until" says. Counts are rounded up: "1 minute" until it is under a minute. */
export type CountdownText =
  | { kind: 'far' }
  | { kind: 'hours'; hours: number; minutes: number }
  | { kind: 'minutes'; count: number }
  | { kind: 'seconds'; count: number }
  | { kind: 'closed' };

export function countdownText(msLeft: number): CountdownText {
  if (msLeft <= 0) return { kind: 'closed' };
  if (msLeft < MINUTE) return { kind: 'seconds', count: Math.ceil(msLeft / SECOND) };
  const minutes = Math.ceil(msLeft / MINUTE);
  if (minutes <= 60) return { kind: 'minutes', count: minutes };
  if (msLeft <= COUNTDOWN_FROM_MS) return { kind: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  return { kind: 'far' };
}

/** Milliseconds until the countdown's text changes: each second in the last minute, each minute before. */
export function msUntilChange(msLeft: number): number {
  if (msLeft <= 0) return Infinity;
  if (msLeft > COUNTDOWN_FROM_MS) return msLeft - COUNTDOWN_FROM_MS;
  const unit = msLeft < MINUTE ? SECOND : MINUTE;
  // The text changes on reaching the next lower multiple of the unit; the last minute's seconds
  // start just under a minute ("1 minute" up to 60 s left inclusive, then "60 seconds" counting down).
  let target = (Math.ceil(msLeft / unit) - 1) * unit;
  if (unit === MINUTE && target < MINUTE) target = MINUTE - 1;
  return msLeft - target;
}

/** The announcement threshold (minutes) crossed between two readings, or null. */
export function crossedThreshold(previousMsLeft: number | null, msLeft: number): number | null {
  if (previousMsLeft === null) return null;
  for (const minutes of [...ANNOUNCE_AT_MINUTES].sort((a, b) => a - b)) {
    const at = minutes * MINUTE;
    if (previousMsLeft > at && msLeft <= at && msLeft > 0) return minutes;
  }
  return null;
}

/**
 * Calls `onTick` with the time left now and again whenever the countdown's text changes, until the
 * deadline; `serverNow` is the server's clock (the device's moved by the answer's offset).
 * Returns the stop function.
 */
export function watchCountdown(deadlineMs: number, serverNow: () => number, onTick: (msLeft: number) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const left = deadlineMs - serverNow();
    onTick(left);
    if (!(left > 0)) return;
    timer = setTimeout(step, Math.min(msUntilChange(left), MAX_TIMER_MS));
  };
  step();
  return () => clearTimeout(timer);
}

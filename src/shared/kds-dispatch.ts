/**
 * How urgent a kitchen ticket is by the time left until dispatch (decision 041): the display
 * colours it and says it in words.
 */
export type DispatchLevel = 'ok' | 'soon' | 'urgent' | 'overdue';

/** More than this much time left: no hurry. */
export const DISPATCH_SOON_MS = 30 * 60_000;
/** Less than this much time left: urgent. */
export const DISPATCH_URGENT_MS = 10 * 60_000;

/** The level and whole minutes left (negative: minutes overdue, rounded away from zero) at `now`. */
export function dispatchUrgency(dispatchAt: string | Date, now: number): { level: DispatchLevel; minutes: number } {
  const left = new Date(dispatchAt).getTime() - now;
  if (left < 0) return { level: 'overdue', minutes: -Math.ceil(-left / 60_000) };
  const minutes = Math.floor(left / 60_000);
  if (left <= DISPATCH_URGENT_MS) return { level: 'urgent', minutes };
  if (left <= DISPATCH_SOON_MS) return { level: 'soon', minutes };
  return { level: 'ok', minutes };
}

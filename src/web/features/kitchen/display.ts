import { formatClock as formatClockIn, formatTime } from '../../lib/format';
import type { KitchenResult } from '../../../shared/schemas/kitchen';

/** The kitchen display polls its data this often (spec 4: every 10 seconds). */
export const KITCHEN_REFRESH_MS = 10_000;

/** The menu id of /kds/{menuId}; null when it cannot name a menu (the server would answer 422). */
export function parseMenuId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** HH:mm:ss of an ISO time in the given IANA zone (the provider's, not the device's); the shared formatter's clock. */
export function formatClock(iso: string, zone: string): string {
  return formatClockIn(iso, 'lv', zone);
}

/** True when there is nothing to cook. */
export function isEmpty(k: Pick<KitchenResult, 'dishes' | 'initials'>): boolean {
  return k.initials.length === 0 && k.dishes.every((g) => g.data.length === 0);
}

/** Total portions in a category (shown in its tile head). */
export function groupTotal(g: KitchenResult['dishes'][number]): number {
  return g.data.reduce((sum, d) => sum + d.qty, 0);
}

/** The display refetches on the event stream's news at once, then at most this often. */
export const LIVE_REFETCH_MS = 500;

/** The ticket a number key (1–9) selects: its index, or null for any other key. */
export function ticketIndexOfKey(key: string, count: number): number | null {
  if (!/^[1-9]$/.test(key)) return null;
  const i = Number(key) - 1;
  return i < count ? i : null;
}

/** HH:mm of an ISO time in the given zone. */
export function formatHourMinute(iso: string, zone: string): string {
  return formatTime(iso, 'lv', zone);
}

/**
 * The smallest type the "all day" board shrinks to (of its normal size) to fit the screen: at
 * 0.85 dish names are 2.34vw (45 px at 1920 px) and counts 3.75vw (72 px), the least that reads
 * from three metres (decision 046; kitchen.css holds the same floor with max()). A day that does
 * not fit at this size scrolls.
 */
export const MIN_BOARD_SCALE = 0.85;

/**
 * The largest scale in [MIN_BOARD_SCALE, 1] at which `fits` holds (to within 1/128), found by
 * halving; MIN_BOARD_SCALE when even that does not fit. `fits` lays the board out at a scale and
 * says whether it then fits the screen; it is called at most 8 times.
 */
export function fitScale(fits: (scale: number) => boolean): number {
  if (fits(1)) return 1;
  let lo = MIN_BOARD_SCALE;
  let hi = 1;
  for (let i = 0; i < 7; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

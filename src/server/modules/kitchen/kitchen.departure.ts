import { DateTime } from 'luxon';

/**
 * The instant a lap planned to leave at `time` ('HH:MM' or 'HH:MM:SS', the provider's zone) leaves
 * on a menu's day (the day of the menu's start in that zone), as an ISO time; null without a time.
 */
export function departureOn(menuFrom: Date | string, zone: string, time: string | null): string | null {
  if (time === null) return null;
  const [hour, minute] = time.split(':').map(Number);
  const day = DateTime.fromJSDate(new Date(menuFrom)).setZone(zone).startOf('day');
  return day.set({ hour, minute }).toUTC().toISO({ suppressMilliseconds: true });
}

/*
 * The kitchen display's departure (decision 041): the earliest planned departure among the
 * provider's active laps that carry a placed order of the menu; null when none of them has one.
 * Worked out beside the pass that counts the day (decisions 088, 093): a small statement in
 * countDay for the display, from what buildTickets reads for the tickets.
 */

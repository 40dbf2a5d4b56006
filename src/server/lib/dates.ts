import { DateTime } from 'luxon';

/**
 * The one place the server writes dates and times for people (print-outs, CSV and e-mails;
 * issue 24: "dates in one format"), in the same numeric formats as the web (src/web/lib/format.ts,
 * spec section 9), in the given IANA zone (the provider's). ESLint forbids toLocale*String,
 * Intl.DateTimeFormat and Luxon's toFormat elsewhere in the server.
 */
export const SERVER_DATE_FORMATS = {
  date: 'dd.LL.yyyy',
  // Date and time as the spec writes it (section 9) and the web shows it: a two-digit year.
  dateTime: 'dd.LL.yy HH:mm',
  time: 'HH:mm',
  deadline: 'HH:mm dd.LL.yyyy',
} as const;

type When = Date | string | DateTime;

function at(value: When, zone: string): DateTime {
  const dt = value instanceof DateTime ? value : value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value);
  return dt.setZone(zone);
}

/** dd.LL.yyyy */
export const formatDay = (value: When, zone: string) => at(value, zone).toFormat(SERVER_DATE_FORMATS.date);
/** dd.LL.yy HH:mm (spec 9) */
export const formatDayTime = (value: When, zone: string) => at(value, zone).toFormat(SERVER_DATE_FORMATS.dateTime);
/** HH:mm */
export const formatClockTime = (value: When, zone: string) => at(value, zone).toFormat(SERVER_DATE_FORMATS.time);
/** HH:mm dd.LL.yyyy (a menu's "order until") */
export const formatDeadlineAt = (value: When, zone: string) => at(value, zone).toFormat(SERVER_DATE_FORMATS.deadline);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

type WallField = (wall: Date) => string;
const WALL_TOKENS: Record<string, WallField> = {
  yyyy: (w) => pad(w.getUTCFullYear(), 4),
  yy: (w) => pad(w.getUTCFullYear() % 100),
  dd: (w) => pad(w.getUTCDate()),
  LL: (w) => pad(w.getUTCMonth() + 1),
  HH: (w) => pad(w.getUTCHours()),
  mm: (w) => pad(w.getUTCMinutes()),
};

/**
 * A writer of a format of SERVER_DATE_FORMATS (the tokens dd, LL, yyyy, yy, HH and mm, as Luxon
 * writes them) for a wall time: a Date whose UTC fields are the wall clock.
 */
function wallWriter(format: string): WallField {
  const parts: (string | WallField)[] = format.split(/(yyyy|yy|dd|LL|HH|mm)/).map((p) => WALL_TOKENS[p] ?? p);
  return (wall) => {
    let out = '';
    for (const p of parts) out += typeof p === 'string' ? p : p(wall);
    return out;
  };
}
const writeDay = wallWriter(SERVER_DATE_FORMATS.date);
const writeDayTime = wallWriter(SERVER_DATE_FORMATS.dateTime);

/** A wall clock's fields in a zone. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * A zone's clock for many instants (a report of a year's orders): Luxon resolves a named zone's
 * offset through Intl for every instant and formats slowly, which made a 66,000-order report
 * spend seconds on its times. This resolves the offset once per UTC hour (checked at both ends
 * of the hour; an hour in which the offset changes is resolved per instant) and writes the
 * formats of SERVER_DATE_FORMATS itself (dates.test.ts compares it with Luxon across the
 * changes of summer time).
 */
export function zoneClock(zone: string) {
  const HOUR = 3_600_000;
  const offsets = new Map<number, number | null>();
  const named = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  /** The wall clock of `value` in the zone, as a Date whose UTC fields are that wall time. */
  const wall = (value: Date): Date => {
    const ms = value.getTime();
    const hour = Math.floor(ms / HOUR);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const first = named(hour * HOUR);
      offset = first === named(hour * HOUR + HOUR - 1) ? first : null;
      offsets.set(hour, offset);
    }
    return new Date(ms + (offset ?? named(ms)) * 60_000);
  };
  return {
    /** The wall time's fields (for a spreadsheet's date cells). */
    fields: (value: Date): WallTime => {
      const w = wall(value);
      return {
        year: w.getUTCFullYear(),
        month: w.getUTCMonth() + 1,
        day: w.getUTCDate(),
        hour: w.getUTCHours(),
        minute: w.getUTCMinutes(),
      };
    },
    /** dd.LL.yyyy */
    day: (value: Date) => writeDay(wall(value)),
    /** dd.LL.yy HH:mm (spec 9) */
    dayTime: (value: Date) => writeDayTime(wall(value)),
  };
}

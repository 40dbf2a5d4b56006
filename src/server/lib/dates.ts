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

import { toEuros } from '../../../shared/money.js';
import type { Lap, LapStop, LapReport } from '../../../shared/schemas/laps.js';
import type { laps } from '../../db/schema/index.js';
import { presentSums } from '../orders/placed.read.js';
import { isoTime } from '../../lib/time.js';
import { countStops, onTimePercent } from './ontime.read.js';
import { totalsOf, type ReportCents } from './laps.report.js';

type LapRow = typeof laps.$inferSelect;

/** 'HH:MM' of a `time` column ('HH:MM:SS'), null as null. */
export const hourMinute = (time: string | null): string | null => (time === null ? null : time.slice(0, 5));

export function presentLap(l: LapRow, stops: LapStop[]): Lap {
  return {
    id: l.id,
    title: l.title,
    position: l.position,
    active: l.active,
    departs_at: hourMinute(l.departsAt),
    locations: stops.map((s) => s.id),
    locations_count: stops.length,
    stops,
  };
}

/** The answer of GET /app/laps/report/{lapId}/{menuId}: the report in euros. */
export function presentReport(r: ReportCents): LapReport {
  const total = totalsOf(r.locations);
  return {
    lap: r.lap,
    dishlist: r.dishlist,
    dishes: r.dishes,
    initials: r.initials,
    locations: r.locations.map((l) => ({
      id: l.id,
      title: l.title,
      address: l.address,
      totals: presentSums(l.sums),
      cash_to_collect: toEuros(l.sums.cash),
      cash_balance: l.balance === null ? null : toEuros(l.balance),
      current_payment: toEuros(l.sums.cash - (l.balance ?? 0)),
      contact_name: l.contactName,
      contact_phone: l.contactPhone,
      bags: l.sums.count,
      hand_over: l.handOver,
      portions: l.handOver.reduce((n, h) => n + h.qty, 0),
      handed_over: l.handedOver,
      status: l.status,
      delivery: {
        window_from: l.delivery?.from ? isoTime(l.delivery.from) : null,
        window_to: l.delivery?.to ? isoTime(l.delivery.to) : null,
        late_minutes: l.delivery?.deliveredAt ? l.delivery.lateMinutes : null,
      },
    })),
    totals: {
      ...presentSums(total.sums),
      cash_to_collect: toEuros(total.sums.cash),
      cash_balance: toEuros(total.balance),
      current_payment: toEuros(total.outstanding),
    },
    on_time: onTimeOf(r),
  };
}

/** The day's on-time counts of the report's stops (decision 071). */
function onTimeOf(r: ReportCents) {
  const c = countStops(r.locations.flatMap((l) => (l.delivery ? [l.delivery] : [])));
  return { ...c, rate: onTimePercent(c) };
}

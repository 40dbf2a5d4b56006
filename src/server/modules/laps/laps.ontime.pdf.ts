import type { Lang } from '../../../shared/i18n.js';
import { formatClockTime } from '../../lib/dates.js';
import { cell, SMALL, type Block, type Cell } from '../../lib/pdf/flow.js';
import { onTimeText } from './ontime.messages.js';
import { countStops, onTimePercent } from './ontime.read.js';
import type { ReportLocationCents } from './laps.report.js';

/**
 * The lap report's delivery times (issue 28, decision 071): per stop the window promised when it
 * was delivered, when it was delivered and the minutes late, then the day's on-time rate of this
 * lap's stops (those delivered with a window) and how many were delivered without one.
 */
export function onTimeBlock(stops: ReportLocationCents[], zone: string, lang: Lang): Block[] {
  if (stops.length === 0) return [];
  const tx = (k: Parameters<typeof onTimeText>[1], p?: Record<string, string | number>) => onTimeText(lang, k, p);
  const clock = (d: Date) => formatClockTime(d, zone);
  const rows: Cell[][] = stops.map((s, i) => {
    const st = s.delivery;
    const delivered = st?.deliveredAt ?? null;
    return [
      cell(String(i + 1), { align: 'right' }),
      cell(s.title, { bold: true }),
      cell(st?.from && st.to ? `${clock(st.from)}–${clock(st.to)}` : tx('noWindow')),
      cell(delivered ? clock(delivered) : tx('notDelivered')),
      cell(delivered && st?.lateMinutes !== null && st?.lateMinutes !== undefined ? String(st.lateMinutes) : '—', { align: 'right' }),
    ];
  });
  const count = countStops(stops.flatMap((s) => (s.delivery ? [s.delivery] : [])));
  const rate = onTimePercent(count);
  return [
    { kind: 'text', span: { text: tx('onTimeTitle'), bold: true, size: 11 }, marginTop: 12, marginBottom: 4 },
    {
      kind: 'table',
      header: ['#', tx('location'), tx('window'), tx('delivered'), tx('minutesLate')],
      rows,
      widths: ['auto', '*', 'auto', 'auto', 'auto'],
    },
    ...(rate === null
      ? []
      : [
          {
            kind: 'text',
            span: { text: tx('dayRate', { onTime: count.on_time, counted: count.on_time + count.late, rate }) },
            marginTop: 6,
          } as Block,
        ]),
    ...(count.no_window > 0 ? [{ kind: 'text', span: { text: tx('leftOut', { count: count.no_window }), ...SMALL } } as Block] : []),
  ];
}

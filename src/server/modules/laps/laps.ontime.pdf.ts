import type { Content, TableCell } from 'pdfmake/interfaces';
import type { Lang } from '../../../shared/i18n.js';
import type { Db } from '../../db/client.js';
import { formatClockTime } from '../../lib/dates.js';
import { table } from '../../lib/pdf/pdf.js';
import { onTimeText } from './ontime.messages.js';
import { countStops, onTimePercent, stopsOnTime } from './ontime.read.js';

/**
 * The lap report's delivery times (issue 28, decision 071): per stop the window promised when it
 * was delivered, when it was delivered and the minutes late, then the day's on-time rate of this
 * lap's stops (those delivered with a window) and how many were delivered without one.
 */
export async function onTimeBlock(
  db: Db,
  menuId: number,
  stops: { id: number; title: string }[],
  zone: string,
  lang: Lang,
): Promise<Content[]> {
  if (stops.length === 0) return [];
  const tx = (k: Parameters<typeof onTimeText>[1], p?: Record<string, string | number>) => onTimeText(lang, k, p);
  const of = await stopsOnTime(
    db,
    menuId,
    stops.map((s) => s.id),
  );
  const clock = (d: Date) => formatClockTime(d, zone);
  const rows: TableCell[][] = stops.map((s, i) => {
    const st = of.get(s.id);
    const delivered = st?.deliveredAt ?? null;
    return [
      { text: String(i + 1), alignment: 'right' },
      { text: s.title, bold: true },
      { text: st?.from && st.to ? `${clock(st.from)}–${clock(st.to)}` : tx('noWindow') },
      { text: delivered ? clock(delivered) : tx('notDelivered') },
      { text: delivered && st?.lateMinutes !== null && st?.lateMinutes !== undefined ? String(st.lateMinutes) : '—', alignment: 'right' },
    ];
  });
  const count = countStops(of.values());
  const rate = onTimePercent(count);
  return [
    { text: tx('onTimeTitle'), bold: true, fontSize: 11, margin: [0, 12, 0, 4] },
    table(['#', tx('location'), tx('window'), tx('delivered'), tx('minutesLate')], rows, ['auto', '*', 'auto', 'auto', 'auto']),
    ...(rate === null
      ? []
      : [{ text: tx('dayRate', { onTime: count.on_time, counted: count.on_time + count.late, rate }), margin: [0, 6, 0, 0] } as Content]),
    ...(count.no_window > 0 ? [{ text: tx('leftOut', { count: count.no_window }), style: 'small' } as Content] : []),
  ];
}

import { pickText, type Lang } from '../../../shared/i18n.js';
import type { OrderRatings } from '../../../shared/schemas/ratings.js';
import { isoTime } from '../../lib/time.js';
import { windowOpen, type LineRow, type RatedOrder } from './ratings.queries.js';

/** The answer for one order: its day, delivery, window and lines, titles in the reader's language. */
export function presentOrderRatings(o: RatedOrder, lines: LineRow[], now: Date, lang: Lang): OrderRatings {
  return {
    order_id: o.id,
    menu_title: o.menuTitle,
    day: o.day,
    delivered_at: o.deliveredAt && o.deliveredAt.toISOString(),
    until: o.until && o.until.toISOString(),
    open: windowOpen(o, now),
    lines: lines.map((r) => ({
      dish_id: r.dish_id,
      title: pickText(r.title, lang),
      rated: r.stars !== null,
      stars: r.stars === null ? null : Number(r.stars),
      comment: r.comment ?? '',
      tags: r.tags ?? [],
      answer: r.answer ?? '',
      answered_at: r.answered_at === null ? null : isoTime(r.answered_at),
    })),
  };
}

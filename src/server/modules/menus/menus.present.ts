import type { MenuSummary } from '../../../shared/schemas/menus.js';
import type { menus } from '../../db/schema/index.js';
import { isoTime } from '../../lib/time.js';

type MenuRow = typeof menus.$inferSelect;

/** A menu list row as read by `summaryColumns()` (menus.queries.ts). */
export type SummaryRow = Pick<MenuRow, 'id' | 'providerId' | 'title' | 'from' | 'to' | 'status' | 'createdAt'> & {
  dishesCount: number;
  ordersCount: number;
};

export function presentSummary(m: SummaryRow): MenuSummary {
  return {
    id: m.id,
    title: m.title,
    from: isoTime(m.from),
    to: isoTime(m.to),
    status: m.status,
    created_at: isoTime(m.createdAt),
    dishes_count: m.dishesCount,
    orders_count: m.ordersCount,
  };
}

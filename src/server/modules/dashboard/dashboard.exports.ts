import { pickText, type Lang } from '../../../shared/i18n.js';
import type { DashboardChart } from '../../../shared/schemas/dashboard.js';
import type { Db } from '../../db/client.js';
import { csvCell, csvDocument, csvMoney } from '../../lib/spreadsheet.js';
import { daysOf, ordersPerPeriod, paymentsOf, subsidiesOf, topAndBottom } from './dashboard.figures.js';
import { dashboardText } from './dashboard.messages.js';
import { onTimeCsv } from './dashboard.ontime.js';
import { dishTitles, type Scope } from './dashboard.queries.js';
import { DISHES_SHOWN, dashboardRows } from './dashboard.service.js';

type Key = Parameters<typeof dashboardText>[1];
const PAYMENT_FIGURES = ['cash', 'card', 'bank', 'subsidy', 'bonus', 'gross', 'refunds'] as const;

/**
 * One chart's figures as CSV (lib/spreadsheet.ts: `;`, decimal commas, a byte-order mark), with
 * every row the chart sums: all locations (the chart draws the busiest and sums the others).
 */
export async function dashboardCsv(db: Db, scope: Scope & { days: number }, chart: DashboardChart, lang: Lang): Promise<string> {
  const tx = (k: Key) => dashboardText(lang, k);
  const head = (...keys: Key[]) => keys.map((k) => csvCell(tx(k)));
  // On-time figures read neither orders nor stock (decision 071).
  if (chart === 'on_time') return onTimeCsv(db, scope, lang);
  const rows = await dashboardRows(db, scope);
  switch (chart) {
    case 'days':
      return csvDocument([
        head('day', 'menu', 'prepared', 'unlimited', 'ordered', 'leftOver'),
        ...daysOf(rows.menus, rows.portions).map((r) => [
          r.day,
          csvCell(r.menu_title),
          r.prepared === null ? '' : String(r.prepared),
          String(r.unlimited_dishes),
          String(r.ordered),
          r.left_over === null ? csvCell(tx('notRecorded')) : String(r.left_over),
        ]),
      ]);
    case 'dishes': {
      const { top, bottom } = topAndBottom(rows.dishes, DISHES_SHOWN);
      const titles = await dishTitles(
        db,
        [...top, ...bottom].map((d) => d.dish_id),
      );
      const line = (rank: Key) => (d: (typeof top)[number]) => [
        csvCell(tx(rank)),
        csvCell(pickText(titles.get(d.dish_id), lang)),
        String(d.ordered),
        String(d.menus),
      ];
      return csvDocument([head('rank', 'dish', 'ordered', 'menus'), ...top.map(line('top')), ...bottom.map(line('bottom'))]);
    }
    case 'locations':
      return csvDocument([
        head('period', 'location', 'orders'),
        ...ordersPerPeriod(rows.menus, rows.money, rows.period).map((r) => [
          r.period,
          csvCell(r.title ?? tx('noLocation')),
          String(r.orders),
        ]),
      ]);
    case 'payments': {
      const p = paymentsOf(rows.money);
      return csvDocument([
        head('figure', 'amount'),
        ...PAYMENT_FIGURES.map((k) => [csvCell(tx(k)), csvMoney(p[k])]),
        [csvCell(tx('orders')), String(p.orders)],
        [csvCell(tx('cancelled')), String(p.cancelled)],
      ]);
    }
    case 'subsidies':
      return csvDocument([
        [...head('location', 'orders'), csvCell(`${tx('subsidy')} (EUR)`)],
        ...subsidiesOf(rows.money).map((r) => [csvCell(r.title), String(r.orders), csvMoney(r.subsidy)]),
      ]);
    case 'standing': {
      const orders = paymentsOf(rows.money).orders;
      const standing = rows.money.reduce((n, r) => n + r.standing, 0);
      const share = orders === 0 ? '' : csvMoney(Math.round((standing * 10_000) / orders));
      return csvDocument([head('orders', 'standing', 'share'), [String(orders), String(standing), share]]);
    }
  }
}

import { pickText, type Lang } from '../../../shared/i18n.js';
import type { DashboardChart } from '../../../shared/schemas/dashboard.js';
import type { Db } from '../../db/client.js';
import { csvCell, csvDocument, csvMoney } from '../../lib/spreadsheet.js';
import { dashboardText } from './dashboard.messages.js';
import { dayRows, dishRows, locationRows, moneyRows, type Scope } from './dashboard.queries.js';
import { DAILY_UP_TO_DAYS, DISHES_SHOWN } from './dashboard.service.js';

type Key = Parameters<typeof dashboardText>[1];
const PAYMENT_FIGURES = ['cash', 'card', 'bank', 'subsidy', 'bonus', 'gross', 'refunds'] as const;

/**
 * One chart's figures as CSV (lib/spreadsheet.ts: `;`, decimal commas, a byte-order mark), with
 * every row the chart sums: all locations (the chart draws the busiest and sums the others).
 */
export async function dashboardCsv(db: Db, scope: Scope & { days: number }, chart: DashboardChart, lang: Lang): Promise<string> {
  const tx = (k: Key) => dashboardText(lang, k);
  const head = (...keys: Key[]) => keys.map((k) => csvCell(tx(k)));
  const location = (title: string | null) => csvCell(title ?? tx('noLocation'));
  switch (chart) {
    case 'days': {
      const rows = await dayRows(db, scope);
      return csvDocument([
        head('day', 'menu', 'prepared', 'unlimited', 'ordered', 'leftOver'),
        ...rows.map((r) => [
          r.day,
          csvCell(r.menu_title),
          r.prepared === null ? '' : String(r.prepared),
          String(r.unlimited_dishes),
          String(r.ordered),
          r.left_over === null ? csvCell(tx('notRecorded')) : String(r.left_over),
        ]),
      ]);
    }
    case 'dishes': {
      const rows = await dishRows(db, scope);
      const top = rows.slice(0, DISHES_SHOWN);
      const bottom = rows.slice(top.length).slice(-DISHES_SHOWN).reverse();
      const line = (rank: Key) => (d: (typeof rows)[number]) => [
        csvCell(tx(rank)),
        csvCell(pickText(d.title, lang)),
        String(d.ordered),
        String(d.menus),
      ];
      return csvDocument([head('rank', 'dish', 'ordered', 'menus'), ...top.map(line('top')), ...bottom.map(line('bottom'))]);
    }
    case 'locations': {
      const rows = await locationRows(db, scope, scope.days > DAILY_UP_TO_DAYS ? 'week' : 'day');
      return csvDocument([head('period', 'location', 'orders'), ...rows.map((r) => [r.period, location(r.title), String(r.orders)])]);
    }
    case 'payments':
    case 'subsidies':
    case 'standing': {
      const rows = await moneyRows(db, scope);
      const total = (k: (typeof PAYMENT_FIGURES)[number] | 'orders' | 'standing' | 'cancelled') => rows.reduce((n, r) => n + r[k], 0);
      if (chart === 'payments') {
        return csvDocument([
          head('figure', 'amount'),
          ...PAYMENT_FIGURES.map((k) => [csvCell(tx(k)), csvMoney(total(k))]),
          [csvCell(tx('orders')), String(total('orders'))],
          [csvCell(tx('cancelled')), String(total('cancelled'))],
        ]);
      }
      if (chart === 'subsidies') {
        return csvDocument([
          [...head('location', 'orders'), csvCell(`${tx('subsidy')} (EUR)`)],
          ...rows.filter((r) => r.location_id !== null).map((r) => [location(r.title), String(r.orders), csvMoney(r.subsidy)]),
        ]);
      }
      const orders = total('orders');
      const standing = total('standing');
      const share = orders === 0 ? '' : csvMoney(Math.round((standing * 10_000) / orders));
      return csvDocument([head('orders', 'standing', 'share'), [String(orders), String(standing), share]]);
    }
  }
}

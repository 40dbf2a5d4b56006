import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dashboardMenuSums } from '../../db/schema/index.js';
import { MONEY_FIGURES, menuStatuses, moneyRows, portionRows, type MenuRow, type MoneyRow, type PortionRow } from './dashboard.queries.js';

/*
 * The whole provider's sums of the range's menus (decision 063): a closed menu's sums are kept in
 * dashboard_menu_sums and read back while its orders per status are unchanged (the (menu_id,
 * status) index answers that without reading an order); an open menu's for OPEN_MENU_KEPT_MS
 * (today's menu of the big caterer is 28,500 orders: its figures may be a minute old). The other
 * menus (changed, not yet kept) are summed from their orders and kept for the next read.
 */

const toArray = (r: MoneyRow) => [r.location_id ?? 0, ...MONEY_FIGURES.map((k) => r[k])];
const fromArray = (menuId: number, a: number[]): MoneyRow =>
  ({
    menu_id: menuId,
    location_id: a[0] || null,
    refunds: 0,
    ...Object.fromEntries(MONEY_FIGURES.map((k, i) => [k, a[i + 1]!])),
  }) as MoneyRow;

/** How long an open menu's sums are read back (its orders change while it is open). */
export const OPEN_MENU_KEPT_MS = 60_000;

export async function menuSums(db: Db, menus: MenuRow[]): Promise<{ portions: PortionRow[]; money: MoneyRow[] }> {
  const ids = menus.map((m) => m.menu_id);
  if (ids.length === 0) return { portions: [], money: [] };
  // The counts are read before any order is summed: a change in between makes the kept sums newer
  // than their counts, so the next read sums the menu again (never the other way round).
  const [statuses, kept] = await Promise.all([
    menuStatuses(db, ids),
    db
      .select({
        menuId: dashboardMenuSums.menuId,
        statuses: dashboardMenuSums.statuses,
        portions: dashboardMenuSums.portions,
        money: dashboardMenuSums.money,
        // The database's clock, as the menus' `closed`.
        recent: sql<boolean>`${dashboardMenuSums.computedAt} > now() - make_interval(secs => ${OPEN_MENU_KEPT_MS / 1000})`,
      })
      .from(dashboardMenuSums)
      .where(inArray(dashboardMenuSums.menuId, ids)),
  ]);
  const keptOf = new Map(kept.map((k) => [k.menuId, k]));
  const closed = new Set(menus.filter((m) => m.closed).map((m) => m.menu_id));
  const fresh = (id: number) => {
    const k = keptOf.get(id);
    if (!k) return false;
    return closed.has(id) ? k.statuses === statuses.get(id) : k.recent;
  };
  const valid = ids.filter(fresh);
  const validSet = new Set(valid);
  const live = ids.filter((id) => !validSet.has(id));
  const [portions, money] = await Promise.all([portionRows(db, live, null), moneyRows(db, live, null)]);
  if (live.length > 0) {
    await db
      .insert(dashboardMenuSums)
      .values(
        live.map((id) => ({
          menuId: id,
          statuses: statuses.get(id)!,
          portions: portions.filter((p) => p.menu_id === id).map((p): [number, number, number] => [p.dish_id, p.placed, p.held]),
          money: money.filter((r) => r.menu_id === id).map(toArray),
        })),
      )
      .onConflictDoUpdate({
        target: dashboardMenuSums.menuId,
        set: { statuses: sql`excluded.statuses`, portions: sql`excluded.portions`, money: sql`excluded.money`, computedAt: sql`now()` },
      });
  }
  for (const id of valid) {
    const k = keptOf.get(id)!;
    for (const [dish, placed, held] of k.portions) portions.push({ menu_id: id, dish_id: dish, placed, held });
    for (const a of k.money) money.push(fromArray(id, a));
  }
  return { portions, money };
}

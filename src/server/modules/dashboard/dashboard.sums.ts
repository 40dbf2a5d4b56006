import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dashboardMenuSums, menuOrderChanges } from '../../db/schema/index.js';
import { MONEY_FIGURES, moneyRows, portionRows, type MenuRow, type MoneyRow, type PortionRow } from './dashboard.queries.js';

/*
 * The whole provider's sums of the range's menus (decision 063): a closed menu's sums are kept in
 * dashboard_menu_sums and read back while its change count (menu_order_changes, bumped by
 * triggers whenever an order of a menu past its deadline changes what is summed: decision 087) is
 * what it was when they were summed; an open menu's for OPEN_MENU_KEPT_MS
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
  // The change counts are read before any order is summed: a change in between makes the kept sums
  // newer than their count, so the next read sums the menu again (never the other way round).
  const [changes, kept] = await Promise.all([
    menuChanges(db, ids),
    db
      .select({
        menuId: dashboardMenuSums.menuId,
        changes: dashboardMenuSums.changes,
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
    return closed.has(id) ? k.changes === changes.get(id) : k.recent;
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
          changes: changes.get(id)!,
          portions: portions.filter((p) => p.menu_id === id).map((p): [number, number, number] => [p.dish_id, p.placed, p.held]),
          money: money.filter((r) => r.menu_id === id).map(toArray),
        })),
      )
      .onConflictDoUpdate({
        target: dashboardMenuSums.menuId,
        set: { changes: sql`excluded.changes`, portions: sql`excluded.portions`, money: sql`excluded.money`, computedAt: sql`now()` },
      });
  }
  for (const id of valid) {
    const k = keptOf.get(id)!;
    for (const [dish, placed, held] of k.portions) portions.push({ menu_id: id, dish_id: dish, placed, held });
    for (const a of k.money) money.push(fromArray(id, a));
  }
  return { portions, money };
}

/** The menus' change counts (0 for a menu never changed after its deadline). */
async function menuChanges(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ menuId: menuOrderChanges.menuId, changes: menuOrderChanges.changes })
    .from(menuOrderChanges)
    .where(inArray(menuOrderChanges.menuId, ids));
  const out = new Map(ids.map((id) => [id, 0]));
  for (const r of rows) out.set(r.menuId, r.changes);
  return out;
}

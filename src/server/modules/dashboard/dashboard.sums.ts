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
/** toArray's inverse: one object literal of one shape (a year of the big caterer is 50,000 of these per read). */
const fromArray = (menuId: number, a: number[]): MoneyRow => ({
  menu_id: menuId,
  location_id: a[0] || null,
  title: null,
  orders: a[1]!,
  cancelled: a[2]!,
  cash: a[3]!,
  card: a[4]!,
  bank: a[5]!,
  subsidy: a[6]!,
  bonus: a[7]!,
  gross: a[8]!,
  standing: a[9]!,
  refunds: a[10] ?? 0,
});

/** How long an open menu's sums are read back (its orders change while it is open). */
export const OPEN_MENU_KEPT_MS = 60_000;

/** Kept sums as stored: per dish [dish_id, placed, held]; per location toArray's figures. */
interface Kept {
  changes: number;
  portions: [number, number, number][];
  money: number[][];
}

/**
 * Closed menus' kept sums this process has read, by menu: used while their change count is still
 * the menu's (the same proof as the stored row), so a year's dashboard does not fetch and parse
 * 250 menus' sums (about 2.5 MB of JSON at the big caterer's size) on every read. At most
 * KEPT_IN_PROCESS menus, the oldest read first out.
 */
const keptInProcessOf = new WeakMap<Db, Map<number, Kept>>();
export const KEPT_IN_PROCESS = 2000;

/**
 * The menus held for one database: menu ids are that database's (the test files of one worker
 * share this module and each has a database of its own whose menus have the same ids).
 */
function heldFor(db: Db): Map<number, Kept> {
  let held = keptInProcessOf.get(db);
  if (!held) keptInProcessOf.set(db, (held = new Map()));
  return held;
}

function keepInProcess(keptInProcess: Map<number, Kept>, id: number, kept: Kept) {
  keptInProcess.delete(id);
  keptInProcess.set(id, kept);
  if (keptInProcess.size > KEPT_IN_PROCESS) keptInProcess.delete(keptInProcess.keys().next().value!);
}

export async function menuSums(
  db: Db,
  menus: Pick<MenuRow, 'menu_id' | 'closed'>[],
): Promise<{ portions: PortionRow[]; money: MoneyRow[] }> {
  const ids = menus.map((m) => m.menu_id);
  if (ids.length === 0) return { portions: [], money: [] };
  const closed = new Set(menus.filter((m) => m.closed).map((m) => m.menu_id));
  const keptInProcess = heldFor(db);
  // Stored rows are fetched for the menus this process does not hold (and the open ones).
  const toFetch = ids.filter((id) => !closed.has(id) || !keptInProcess.has(id));
  // The change counts are read before any order is summed: a change in between makes the kept sums
  // newer than their count, so the next read sums the menu again (never the other way round).
  const [changes, stored] = await Promise.all([
    menuChanges(db, ids),
    toFetch.length === 0
      ? []
      : db
          .select({
            menuId: dashboardMenuSums.menuId,
            changes: dashboardMenuSums.changes,
            portions: dashboardMenuSums.portions,
            money: dashboardMenuSums.money,
            // The database's clock, as the menus' `closed`.
            recent: sql<boolean>`${dashboardMenuSums.computedAt} > now() - make_interval(secs => ${OPEN_MENU_KEPT_MS / 1000})`,
          })
          .from(dashboardMenuSums)
          .where(inArray(dashboardMenuSums.menuId, toFetch)),
  ]);
  const storedOf = new Map(stored.map((k) => [k.menuId, k]));
  const valid = new Map<number, Kept>();
  for (const id of ids) {
    const current = changes.get(id)!;
    if (closed.has(id)) {
      const held = keptInProcess.get(id);
      const k = held?.changes === current ? held : storedOf.get(id)?.changes === current ? storedOf.get(id)! : null;
      if (k) {
        valid.set(id, k);
        keepInProcess(keptInProcess, id, { changes: k.changes, portions: k.portions, money: k.money });
      }
    } else if (storedOf.get(id)?.recent) valid.set(id, storedOf.get(id)!);
  }
  const live = ids.filter((id) => !valid.has(id));
  const [portions, money] = await Promise.all([portionRows(db, live, null), moneyRows(db, live, null)]);
  if (live.length > 0) {
    const rowsOf = new Map(live.map((id) => [id, { portions: [] as [number, number, number][], money: [] as number[][] }]));
    for (const p of portions) rowsOf.get(p.menu_id)!.portions.push([p.dish_id, p.placed, p.held]);
    for (const r of money) rowsOf.get(r.menu_id)!.money.push(toArray(r));
    await db
      .insert(dashboardMenuSums)
      // An open menu's sums are kept under no count (-1): its orders change uncounted until it closes.
      .values(live.map((id) => ({ menuId: id, changes: closed.has(id) ? changes.get(id)! : -1, ...rowsOf.get(id)! })))
      .onConflictDoUpdate({
        target: dashboardMenuSums.menuId,
        set: { changes: sql`excluded.changes`, portions: sql`excluded.portions`, money: sql`excluded.money`, computedAt: sql`now()` },
      });
    for (const id of live) if (closed.has(id)) keepInProcess(keptInProcess, id, { changes: changes.get(id)!, ...rowsOf.get(id)! });
  }
  for (const [id, k] of valid) {
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

/**
 * The job that keeps closed menus' sums ahead of the dashboard (decision 087): up to `limit` menus
 * past their deadline by over an hour whose kept sums are missing or stale, newest first, summed
 * one menu at a time (a menu of the big caterer is 30,000 orders). A year of menus not yet kept
 * would otherwise be summed by the first request that asks for it (about 45 s at full size).
 * Answers how many it kept.
 */
export async function keepClosedMenuSums(db: Db, limit = 100): Promise<number> {
  const due = await db.execute<{ id: number }>(sql`
    select m.id from menus m
      left join dashboard_menu_sums k on k.menu_id = m.id
      left join menu_order_changes c on c.menu_id = m.id
    where m."to" < now() - interval '1 hour' and (k.menu_id is null or k.changes <> coalesce(c.changes, 0))
    order by m."to" desc limit ${limit}`);
  for (const { id } of due.rows) await menuSums(db, [{ menu_id: id, closed: true }]);
  return due.rows.length;
}

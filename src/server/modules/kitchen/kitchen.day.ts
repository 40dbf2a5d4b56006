import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

/*
 * The day's lines of a menu in one pass (decisions 088, 093). A menu's orders are placed in a
 * window of time, so their ids, and their lines' ids (inserted with the order, in its transaction),
 * lie in a narrow range of the serial keys. Two statements:
 * 1. the bounds: the smallest and largest id of the menu's orders (an index-only read of
 *    orders_menu_lines_idx) and of the lines of the orders in that range (an index-only range
 *    read of order_items_order_lines_idx);
 * 2. the count, with those bounds as constants (so the planner knows the ranges' sizes): the
 *    menu's orders (orders_menu_lines_idx, sorted by id) merge-joined to ONE range scan of their
 *    lines (order_items_order_lines_idx, sorted by order id), left-joined (a hash) to ONE range scan
 *    of the options chosen in them (order_item_options_item_dish_idx), grouped in SQL.
 * The ranges only narrow the scans: the joins decide what counts, so orders of other menus placed in
 * between are read and dropped. Decision 088 read the orders and lines into materialized common table
 * expressions and scanned them four times each; PostgreSQL spent most of the statement there.
 */

/** Which orders are counted: a menu's orders of the given statuses, optionally without meeting orders or only some locations'. */
export interface DayOrders {
  menuId: number;
  statuses: readonly number[];
  notMeeting?: boolean;
  locationIds?: readonly number[];
}

/**
 * One group of the day's lines: `lines` is the qty of the lines of dish `dish_id` (each line once),
 * `chosen` the qty of those lines that chose option `option_id` (null: the lines' own row, chosen 0).
 * Per location when asked (`location_id`, null otherwise and for orders without a location).
 */
export type DayCount = {
  location_id: number | null;
  dish_id: number;
  option_id: number | null;
  lines: number;
  chosen: number;
};

/**
 * How much wider than the rows it finds a range scan may be: scanning an index entry costs far
 * less than descending the index for one order, so a range shared with a few other menus open at
 * the same time (three providers, two days ahead) is still one scan. Keys older than that (an order
 * placed long before the rest of its menu's, e.g. a meeting booked weeks ahead) are looked up one by one.
 */
export const SPREAD = 16;

type Bounds = { first: number | null; lo: number; hi: number; lfirst: number | null; llo: number; lhi: number };

function ofMenu(f: DayOrders): SQL {
  const statuses = sql.join(
    f.statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const meeting = f.notMeeting ? sql` and o.kind <> 'meeting'` : sql``;
  const locations = f.locationIds
    ? sql` and o.location_id in (${sql.join(
        f.locationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return sql`o.menu_id = ${f.menuId} and o.status in (${statuses})${meeting}${locations}`;
}

/** The ranges' bounds (statement 1); null when the menu has no such orders. */
async function dayBounds(db: Db | Tx, f: DayOrders): Promise<Bounds | null> {
  const { rows } = await db.execute<Bounds>(sql`
    with ob as (select min(o.id) as first, max(o.id) as hi, count(*) as n from orders o where ${ofMenu(f)}),
    r as (select first, hi, greatest(first, hi - ${SPREAD} * n) as lo from ob)
    select r.first, r.lo, r.hi, lb.first as lfirst, greatest(lb.first, lb.hi - ${SPREAD} * lb.n) as llo, lb.hi as lhi
    from r left join lateral (
      select min(li.id) as first, max(li.id) as hi, count(*) as n from order_items li where li.order_id between r.lo and r.hi
    ) lb on true`);
  const b = rows[0];
  if (!b || b.first === null || b.lfirst === null) return null;
  return { first: Number(b.first), lo: Number(b.lo), hi: Number(b.hi), lfirst: Number(b.lfirst), llo: Number(b.llo), lhi: Number(b.lhi) };
}

/**
 * The counted lines as rows (location_id, dish_id, option_id, qty, first): each line with each
 * option it chose (`first` true on its first option), or once with null when it chose none. Use
 * inside `select ... from (<this>) x`.
 */
function lineRows(
  f: DayOrders,
  b: Bounds | null,
  byLocation: boolean,
  lapOf: ReadonlyMap<number, number> | undefined,
  oneSnapshot: boolean,
): SQL {
  const where = ofMenu(f);
  const laps = lapOf && lapOf.size > 0 ? [...lapOf] : null;
  const location = laps ? sql`coalesce(-lap.lap_id, o.location_id)` : byLocation ? sql`o.location_id` : sql`null::int`;
  const onLap = laps
    ? sql` left join (values ${sql.join(
        laps.map(([loc, lap]) => sql`(${loc}::int, ${lap}::int)`),
        sql`, `,
      )}) lap(location_id, lap_id) on lap.location_id = o.location_id`
    : sql``;
  const oneByOne = sql`lateral (select dish_id, row_number() over (order by id) = 1 as first
    from order_item_options where order_item_id = li.id)`;
  const select = sql`select ${location} as location_id, li.dish_id, oo.dish_id as option_id, li.qty, oo.first
    from orders o${onLap} join order_items li on li.order_id = o.id`;
  // Some locations' orders (a lap's report, its production sheet): no bounds. Their ids are spread over
  // the whole menu's range, so a range would read every location's lines (or, capped, look most of
  // them up one by one); found through orders_location_menu_idx, each order's lines and options are
  // a few index look-ups, in one statement (one snapshot).
  if (!b) return sql`${select} left join ${oneByOne} oo on true where ${where}`;
  const ranged = sql`(select order_item_id, dish_id,
      order_item_id is distinct from lag(order_item_id) over (order by order_item_id, id) as first
    from order_item_options where order_item_id between ${b.llo} and ${b.lhi})`;
  // The bounds hold every order of the menu unless a range was capped: only then is it spelled out.
  // In a caller's transaction (read committed) the count may see an order committed after the bounds
  // were read, its lines' ids outside them: those lines are looked up one by one, never counted
  // without the options they chose.
  const earlyOrders = b.lo > b.first!;
  const earlyLines = b.llo > b.lfirst! || !oneSnapshot;
  const parts = [
    sql`${select} left join ${ranged} oo on oo.order_item_id = li.id
      where ${where} and li.order_id between ${b.lo} and ${b.hi}${earlyOrders ? sql` and o.id >= ${b.lo}` : sql``}${
        earlyLines ? sql` and li.id >= ${b.llo}` : sql``
      }${oneSnapshot ? sql`` : sql` and li.id <= ${b.lhi}`}`,
  ];
  if (earlyOrders) parts.push(sql`${select} left join ${oneByOne} oo on true where ${where} and o.id < ${b.lo}`);
  if (earlyLines)
    parts.push(sql`${select} left join ${oneByOne} oo on true
      where ${where} and li.order_id between ${b.lo} and ${b.hi} and o.id >= ${b.lo} and li.id < ${b.llo}`);
  if (!oneSnapshot)
    parts.push(sql`${select} left join ${oneByOne} oo on true
      where ${where} and li.order_id between ${b.lo} and ${b.hi} and o.id >= ${b.lo} and li.id > ${b.lhi}`);
  return sql.join(parts, sql` union all `);
}

/**
 * The menu's counted lines grouped per dish and chosen option (and per location with `byLocation`),
 * in two statements (see above), in a read-only transaction of their own unless given one. With
 * `lapOf` (location id → lap id) the locations on a lap are grouped per lap instead: `location_id`
 * is then minus the lap's id (the tickets per lap: about 600 groups, not 6,000).
 */
export async function countLines(
  db: Db | Tx,
  f: DayOrders,
  { byLocation = false, lapOf }: { byLocation?: boolean; lapOf?: ReadonlyMap<number, number> } = {},
): Promise<DayCount[]> {
  if (f.locationIds && f.locationIds.length === 0) return [];
  // Both statements see one snapshot: an order committed between them is counted with all its options
  // or not at all. A caller's transaction may not give one (lineRows reads what it may then miss).
  const own = !('rollback' in db);
  if (own)
    return db.transaction((tx) => countIn(tx, f, byLocation, lapOf, true), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  return countIn(db, f, byLocation, lapOf, false);
}

async function countIn(
  db: Db | Tx,
  f: DayOrders,
  byLocation: boolean,
  lapOf: ReadonlyMap<number, number> | undefined,
  oneSnapshot: boolean,
) {
  const b = f.locationIds ? null : await dayBounds(db, f);
  if (!b && !f.locationIds) return [];
  // The groups as one JSON array: node parses one value, not 6,000 rows of five fields (the
  // per-location tickets spent about 14 ms a call in the driver's row parsing).
  const { rows } = await db.execute<{ groups: [number | null, number, number | null, number, number][] }>(sql`
    select coalesce(json_agg(json_build_array(location_id, dish_id, option_id, lines, chosen)), '[]') as groups from (
      select location_id, dish_id, option_id,
        coalesce(sum(qty) filter (where first is not false), 0)::int as lines,
        coalesce(sum(qty) filter (where option_id is not null), 0)::int as chosen
      from (${lineRows(f, b, byLocation, lapOf, oneSnapshot)}) x
      group by location_id, dish_id, option_id
    ) g`);
  return rows[0]!.groups.map(([location_id, dish_id, option_id, lines, chosen]) => ({ location_id, dish_id, option_id, lines, chosen }));
}

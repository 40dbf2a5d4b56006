import { sql, type SQL } from 'drizzle-orm';

/*
 * The day's lines of a menu in one pass (decision 088). A menu's orders are placed in a window of
 * time, so their ids, and their lines' ids, lie in a narrow range of the serial keys: the lines
 * are read by ONE index-only range scan of order_items (order_id, dish_id, qty, id) between the
 * first and the last order's id, kept when their order is one of the menu's (a hash join), and
 * the options of those lines by one range scan of order_item_options (order_item_id, id, dish_id)
 * the same way. Before, each order's lines were looked up one order at a time (28,000 index
 * descents for the big caterer's day, 54,000 more for the options). The range only narrows the
 * scan: the joins decide which rows count, so a range that takes in other menus' orders (orders
 * placed days ahead) gives the same answer, only reading more index pages.
 */

/**
 * The common table expressions `o` (the rows of `orders`, a select over the orders table with at
 * least id and location_id), `l` (the lines of o's orders that meet `lineOrders`, a condition on
 * `o`: id, dish_id, qty and their order's location_id) and `lo` (the options chosen in l's lines:
 * location_id, set_id, dish_id and the line's qty); `ob` and `lb` are the ranges' bounds. Use after `with`.
 */
export function dayLines(orders: SQL, lineOrders: SQL = sql`true`): SQL {
  // The bounds of each range in one aggregate (ob, lb), read before its scan. A range is at most
  // SPREAD times as wide as the rows it should find: keys older than that (an order placed long
  // before the rest of its menu's, e.g. a meeting booked weeks ahead) are looked up one by one, so
  // one early order never turns the scan into weeks of other menus' lines.
  return sql`o as materialized (${orders}),
  ob as (select greatest(min(id), max(id) - ${SPREAD} * count(*)) as lo, max(id) as hi from o),
  l as materialized (
    select li.id, li.dish_id, li.qty, o.location_id
    from ob, order_items li join o on o.id = li.order_id
    where li.order_id between ob.lo and ob.hi and ${lineOrders}
    union all
    select li.id, li.dish_id, li.qty, o.location_id
    from ob, o join order_items li on li.order_id = o.id
    where o.id < ob.lo and ${lineOrders}
  ),
  lb as (select greatest(min(id), max(id) - ${SPREAD} * count(*)) as lo, max(id) as hi from l),
  lo as (
    select l.location_id, l.dish_id as set_id, oo.dish_id, l.qty
    from lb, order_item_options oo join l on l.id = oo.order_item_id
    where oo.order_item_id between lb.lo and lb.hi
    union all
    select l.location_id, l.dish_id as set_id, oo.dish_id, l.qty
    from lb, l join order_item_options oo on oo.order_item_id = l.id
    where l.id < lb.lo
  )`;
}

/**
 * How much wider than the rows it finds a range scan may be: scanning an index entry costs far
 * less than descending the index for one order, so a range shared with a few other menus open at
 * the same time (three providers, two days ahead) is still one scan.
 */
const SPREAD = 16;

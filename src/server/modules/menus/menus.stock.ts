import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BalanceInput, MenuBalance } from '../../../shared/schemas/menus.js';
import type { Db, Tx } from '../../db/client.js';
import { dishWithdrawals, balances, categories, complexGroups, complexOptions, dishes, menuDishes, menus } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { countLines } from '../kitchen/kitchen.read.js';
import { ORDER_STATUS } from '../orders/placed.read.js';
import { menuText } from './menus.messages.js';

/** Dishes whose stock matters on a menu: its dishes and every option of its set meals. */
export async function stockDishIds(db: Db | Tx, menuId: number): Promise<Set<number>> {
  const rows = await db.execute<{ dish_id: number }>(sql`
    select ${menuDishes.dishId} as dish_id from ${menuDishes} where ${menuDishes.menuId} = ${menuId}
    union
    select o.dish_id from ${menuDishes} md
      join ${complexGroups} g on g.dish_id = md.dish_id
      join ${complexOptions} o on o.group_id = g.id
    where md.menu_id = ${menuId}`);
  return new Set(rows.rows.map((r) => r.dish_id));
}

async function assertMenu(db: Db | Tx, providerId: number, id: number) {
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, id), eq(menus.providerId, providerId)));
  if (!rows[0]) throw new AppError(404, t.coded('notFound'));
}

export async function getBalance(db: Db | Tx, providerId: number, menuId: number): Promise<MenuBalance> {
  await assertMenu(db, providerId, menuId);
  // What was ordered of each dish (pending and placed orders; lines and chosen options) in the
  // kitchen's one pass over the day (decision 093), then the menu's dishes and stock (one after the
  // other: inside a transaction there is one connection).
  const groups = await countLines(db, { menuId, statuses: [ORDER_STATUS.pending, ORDER_STATUS.placed] });
  const res = await db.execute<{ id: number; category_id: number; in_menu: boolean; qty: number | null }>(sql`
    with stock as (
      select md.dish_id, md.category_id, true as in_menu from ${menuDishes} md where md.menu_id = ${menuId}
      union all
      select o.dish_id, d.category_id, false from ${menuDishes} md
        join ${complexGroups} g on g.dish_id = md.dish_id
        join ${complexOptions} o on o.group_id = g.id
        join ${dishes} d on d.id = o.dish_id
      where md.menu_id = ${menuId}
    ),
    wanted as (
      select dish_id, (array_agg(category_id order by in_menu desc))[1] as category_id, bool_or(in_menu) as in_menu
      from stock group by dish_id
    )
    select w.dish_id as id, w.category_id, w.in_menu, b.qty
    from wanted w
    join ${dishes} d on d.id = w.dish_id
    join ${categories} c on c.id = w.category_id
    left join ${balances} b on b.menu_id = ${menuId} and b.dish_id = w.dish_id
    order by w.in_menu desc, c.position, c.id, d.position, d.id`);
  const ordered = new Map<number, number>();
  for (const g of groups) {
    if (g.lines > 0) ordered.set(g.dish_id, (ordered.get(g.dish_id) ?? 0) + g.lines);
    if (g.option_id !== null) ordered.set(g.option_id, (ordered.get(g.option_id) ?? 0) + g.chosen);
  }
  return {
    balance: res.rows.map((r) => ({
      id: r.id,
      qty: r.qty,
      category_id: r.category_id,
      ordered: ordered.get(r.id) ?? 0,
      in_menu: r.in_menu,
    })),
  };
}

/** Sets the stock of the listed dishes (null = unlimited); the others keep theirs. */
export async function setBalance(db: Db, providerId: number, menuId: number, input: BalanceInput, who: AuditWho): Promise<MenuBalance> {
  await db.transaction(async (tx) => {
    await assertMenu(tx, providerId, menuId);
    const allowed = await stockDishIds(tx, menuId);
    // A dish withdrawn from this menu (decision 083) stays sold out: its eaters were refunded or
    // given a substitute, so no stock may bring it back.
    const withdrawn = new Set(
      (await tx.select({ dishId: dishWithdrawals.dishId }).from(dishWithdrawals).where(eq(dishWithdrawals.menuId, menuId))).map(
        (w) => w.dishId,
      ),
    );
    const errors: CodedFieldErrors = {};
    const seen = new Set<number>();
    input.balance.forEach((b, i) => {
      if (!allowed.has(b.id)) errors[`balance.${i}.id`] = [menuText.coded('notOnMenu')];
      else if (seen.has(b.id)) errors[`balance.${i}.id`] = [menuText.coded('listedTwice')];
      else if (withdrawn.has(b.id) && b.qty !== 0) errors[`balance.${i}.qty`] = [menuText.coded('withdrawnStock')];
      seen.add(b.id);
    });
    if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
    if (input.balance.length === 0) return;
    // Rows written in dish-id order, the same order orders lock them in, so the two never deadlock.
    const rows = [...input.balance].sort((a, b) => a.id - b.id).map((b) => ({ menuId, dishId: b.id, qty: b.qty }));
    const old = await tx
      .select({ dishId: balances.dishId, qty: balances.qty })
      .from(balances)
      .where(
        and(
          eq(balances.menuId, menuId),
          inArray(
            balances.dishId,
            rows.map((r) => r.dishId),
          ),
        ),
      );
    // Stock per dish id, only the dishes whose stock changes (no row and null both mean unlimited).
    const qtyBefore = new Map(old.map((o) => [o.dishId, o.qty]));
    const changed = rows.filter((r) => (qtyBefore.get(r.dishId) ?? null) !== r.qty);
    if (changed.length) {
      const before = { qty: Object.fromEntries(changed.map((r) => [r.dishId, qtyBefore.get(r.dishId) ?? null])) };
      const after = { qty: Object.fromEntries(changed.map((r) => [r.dishId, r.qty])) };
      await recordAudit(tx, who, { action: 'balance.update', entityType: 'menu', entityId: menuId, providerId, before, after });
    }
    await tx
      .insert(balances)
      .values(rows)
      .onConflictDoUpdate({ target: [balances.menuId, balances.dishId], set: { qty: sql`excluded.qty` } });
  });
  return getBalance(db, providerId, menuId);
}

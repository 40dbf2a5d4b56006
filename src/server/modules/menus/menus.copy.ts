import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { CopyMenuInput, MenuSummary } from '../../../shared/schemas/menus.js';
import type { Db } from '../../db/client.js';
import { balances, menuComplexPrices, menuDishes, menus } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { formatDay } from '../../lib/dates.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { menuFields } from './menus.audit.js';
import { menuText } from './menus.messages.js';
import { menuSummaries } from './menus.queries.js';
import { getBalance } from './menus.stock.js';
import { providerZone } from './menus.times.js';

/** A copy's title: the source day in its title (dd.mm.yyyy or yyyy-mm-dd) becomes the copy's. */
function copyTitle(title: string, from: DateTime, day: DateTime): string {
  return title.split(formatDay(from, from.zoneName!)).join(formatDay(day, day.zoneName!)).split(from.toISODate()!).join(day.toISODate()!);
}

/**
 * Copies a menu with its dishes, per-menu prices, set-meal option prices and stock (left plus
 * ordered: the quantities as set) to each of
 * `input.dates` (issue 13, "Menus in a minute"), in one transaction: all copies or none. Times move
 * by whole calendar days in the provider's zone. Each copy is audited as `menu.copy`.
 */
export async function copyMenu(db: Db, providerId: number, id: number, input: CopyMenuInput, who: AuditWho): Promise<MenuSummary[]> {
  const days = [...input.dates].sort();
  if (new Set(days).size !== days.length) throw fieldError(t.coded('invalid'), { dates: [menuText.coded('dayTwice')] });
  const ids = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), eq(menus.providerId, providerId)));
    const source = rows[0];
    if (!source) throw new AppError(404, t.coded('notFound'));
    const zone = await providerZone(tx, providerId);
    const from = DateTime.fromJSDate(source.from, { zone });
    const to = DateTime.fromJSDate(source.to, { zone });
    if (!from.isValid || !to.isValid) throw fieldError(t.coded('invalid'), { from: [menuText.coded('unreadableTimes')] });
    const [dishRows, priceRows, stock] = await Promise.all([
      tx.select().from(menuDishes).where(eq(menuDishes.menuId, id)),
      tx.select().from(menuComplexPrices).where(eq(menuComplexPrices.menuId, id)),
      getBalance(tx, providerId, id),
    ]);
    // The stock as the kitchen set it: what is left plus what orders took (orders take from it).
    const stockRows = stock.balance.filter((b) => b.qty !== null).map((b) => ({ dishId: b.id, qty: b.qty! + b.ordered }));
    const status = input.status ?? source.status;
    const created: number[] = [];
    for (const day of days) {
      const target = DateTime.fromISO(day, { zone });
      const shift = Math.round(target.diff(from.startOf('day'), 'days').days);
      const copy = {
        title: copyTitle(source.title, from, target),
        from: from.plus({ days: shift }).toJSDate(),
        to: to.plus({ days: shift }).toJSDate(),
        status,
      };
      const [row] = await tx
        .insert(menus)
        .values({ providerId, ...copy })
        .returning({ id: menus.id });
      const menuId = row!.id;
      if (dishRows.length)
        await tx
          .insert(menuDishes)
          .values(dishRows.map(({ dishId, categoryId, priceCents }) => ({ menuId, dishId, categoryId, priceCents })));
      if (priceRows.length) await tx.insert(menuComplexPrices).values(priceRows.map(({ menuId: _, ...p }) => ({ ...p, menuId })));
      if (stockRows.length) await tx.insert(balances).values(stockRows.map((b) => ({ ...b, menuId })));
      const after = { ...menuFields(copy), dish_ids: dishRows.map((d) => d.dishId).sort((a, b) => a - b), copied_from: id };
      await recordAudit(tx, who, { action: 'menu.copy', entityType: 'menu', entityId: menuId, providerId, after });
      created.push(menuId);
    }
    return created;
  });
  return menuSummaries(db, ids);
}

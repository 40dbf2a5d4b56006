import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CreateMenuInput, MenuDetail, UpdateMenuInput } from '../../../shared/schemas/menus.js';
import type { Db } from '../../db/client.js';
import { dishes, menus, orders } from '../../db/schema/index.js';
import { changedFields, recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { localNames } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import { dishIdsOf, menuDishIds, menuFields, plannedPrices, priceChanges, storedPrices } from './menus.audit.js';
import { planDishes, writeDishes, type PlannedDish } from './menus.dishes.js';
import { menuText } from './menus.messages.js';
import { getMenu, orderedDishIds } from './menus.queries.js';
import { checkTimes, parseMenuTime, providerZone } from './menus.times.js';

export async function createMenu(db: Db, providerId: number, input: CreateMenuInput, who: AuditWho): Promise<MenuDetail> {
  const id = await db.transaction(async (tx) => {
    const zone = await providerZone(tx, providerId);
    const from = parseMenuTime(input.from, zone);
    const to = parseMenuTime(input.to, zone);
    checkTimes(from, to);
    const planned = await planDishes(tx, providerId, input.selectedDishes ?? []);
    const [row] = await tx
      .insert(menus)
      .values({ providerId, title: input.title, from, to, status: input.status ?? false })
      .returning({ id: menus.id });
    await writeDishes(tx, row!.id, planned);
    const after = {
      ...menuFields({ title: input.title, from, to, status: input.status ?? false }),
      dish_ids: dishIdsOf(planned),
      prices: plannedPrices(planned),
    };
    await recordAudit(tx, who, { action: 'menu.create', entityType: 'menu', entityId: row!.id, providerId, after });
    return row!.id;
  });
  return getMenu(db, providerId, id);
}

export async function updateMenu(db: Db, providerId: number, id: number, input: UpdateMenuInput, who: AuditWho): Promise<MenuDetail> {
  await db.transaction(async (tx) => {
    // Lock the menu: saves of the same menu apply one after the other, and deletion waits.
    const locked = await tx
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), eq(menus.providerId, providerId)))
      .for('update');
    const menu = locked[0];
    if (!menu) throw new AppError(404, t.coded('notFound'));
    const zone = await providerZone(tx, providerId);
    const from = input.from !== undefined ? parseMenuTime(input.from, zone) : menu.from;
    const to = input.to !== undefined ? parseMenuTime(input.to, zone) : menu.to;
    checkTimes(from, to);
    let planned: PlannedDish[] | null = null;
    if (input.selectedDishes !== undefined) {
      planned = await planDishes(tx, providerId, input.selectedDishes);
      const keep = new Set(planned.map((p) => p.dishId));
      const lost = (await orderedDishIds(tx, id)).filter((d) => !keep.has(d));
      if (lost.length) {
        const names = await tx.select({ title: dishes.title }).from(dishes).where(inArray(dishes.id, lost)).orderBy(asc(dishes.id));
        throw fieldError(t.coded('invalid'), {
          selectedDishes: [menuText.coded('orderedDishes', { names: localNames(names.map((n) => n.title)) })],
        });
      }
    }
    const set: Partial<typeof menus.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.from !== undefined) set.from = from;
    if (input.to !== undefined) set.to = to;
    if (input.status !== undefined) set.status = input.status;
    const dishIdsBefore = planned ? await menuDishIds(tx, id) : undefined;
    const pricesBefore = planned ? await storedPrices(tx, id) : undefined;
    if (Object.keys(set).length) await tx.update(menus).set(set).where(eq(menus.id, id));
    if (planned) await writeDishes(tx, id, planned);
    const fields = changedFields(
      { ...menuFields(menu), dish_ids: dishIdsBefore },
      { ...menuFields({ ...menu, ...set }), dish_ids: planned ? dishIdsOf(planned) : undefined },
    );
    const prices = planned && pricesBefore ? priceChanges(pricesBefore, plannedPrices(planned)) : null;
    if (fields || prices) {
      const before = { ...fields?.before, ...(prices ? { prices: prices.before } : {}) };
      const after = { ...fields?.after, ...(prices ? { prices: prices.after } : {}) };
      await recordAudit(tx, who, { action: 'menu.update', entityType: 'menu', entityId: id, providerId, before, after });
    }
  });
  return getMenu(db, providerId, id);
}

/** Deletes a menu without orders; a menu with any order (even a failed one) is refused with 409. */
export async function deleteMenu(db: Db, providerId: number, id: number, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(menus)
      .where(and(eq(menus.id, id), eq(menus.providerId, providerId)))
      .for('update');
    if (!locked[0]) throw new AppError(404, t.coded('notFound'));
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.menuId, id))) as [{ count: number }];
    if (count > 0) throw new AppError(409, menuText.coded('menuHasOrders', { count }));
    const before = { ...menuFields(locked[0]), dish_ids: await menuDishIds(tx, id) };
    await tx.delete(menus).where(eq(menus.id, id));
    await recordAudit(tx, who, { action: 'menu.delete', entityType: 'menu', entityId: id, providerId, before });
  });
}

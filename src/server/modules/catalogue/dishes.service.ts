import { dietTagsOf } from '../../../shared/dietary.js';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { toCents } from '../../../shared/money.js';
import { type CreateDishInput, type Dish, type UpdateDishInput } from '../../../shared/schemas/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import {
  complexGroups,
  complexOptions,
  dishAllergens,
  dishes,
  dishTraces,
  leftovers,
  menuDishes,
  menus,
  orderItemOptions,
  orderItems,
} from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { joinedTexts, localNames, type LocalText } from '../../lib/i18n.js';
import { catalogueText } from './catalogue.messages.js';
import { storedText } from './categories.service.js';
import { auditedDish } from './dishes.audit.js';
import { dishRow, getDish } from './dishes.queries.js';
import { complexesUsing, isComplexType, validateDish } from './dishes.rules.js';

async function writeAllergens(tx: Tx, dishId: number, ids: number[]) {
  await tx.delete(dishAllergens).where(eq(dishAllergens.dishId, dishId));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(dishAllergens).values(unique.map((allergenId) => ({ dishId, allergenId })));
}

async function writeTraces(tx: Tx, dishId: number, ids: number[]) {
  await tx.delete(dishTraces).where(eq(dishTraces.dishId, dishId));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(dishTraces).values(unique.map((allergenId) => ({ dishId, allergenId })));
}

/** Replaces the groups of a dish: sent ids are updated in place, new ones inserted, the rest deleted. */
async function writeGroups(tx: Tx, dishId: number, groups: NonNullable<CreateDishInput['complex']>) {
  const keep = groups.map((g) => g.id).filter((id): id is number => id !== undefined);
  await tx.delete(complexGroups).where(and(eq(complexGroups.dishId, dishId), keep.length ? notInArray(complexGroups.id, keep) : undefined));
  for (const [i, g] of groups.entries()) {
    const values = {
      categoryId: g.category_id,
      title: storedText(g.title),
      optional: g.optional ?? false,
      position: g.position ?? i,
    };
    let groupId = g.id;
    if (groupId !== undefined) {
      await tx.update(complexGroups).set(values).where(eq(complexGroups.id, groupId));
      await tx.delete(complexOptions).where(eq(complexOptions.groupId, groupId));
    } else {
      groupId = (
        await tx
          .insert(complexGroups)
          .values({ dishId, ...values })
          .returning({ id: complexGroups.id })
      )[0]!.id;
    }
    await tx.insert(complexOptions).values(
      g.dishes.map((o, j) => ({
        groupId: groupId!,
        dishId: o.id,
        priceCents: o.price === null || o.price === undefined ? null : toCents(o.price),
        position: j,
      })),
    );
  }
}

export async function createDish(db: Db, providerId: number, input: CreateDishInput, who: AuditWho): Promise<Dish> {
  const type = input.type ?? 'simple';
  const id = await db.transaction(async (tx) => {
    await validateDish(tx, providerId, {
      id: null,
      type,
      categoryId: input.category_id,
      allergens: input.allergens,
      traces: input.traces,
      complex: input.complex,
      existingGroupIds: [],
      becomesComplex: false,
      changesCategory: false,
    });
    const position =
      input.position ??
      (
        await tx
          .select({ next: sql<number>`coalesce(max(${dishes.position}), -1) + 1`.mapWith(Number) })
          .from(dishes)
          .where(eq(dishes.providerId, providerId))
      )[0]!.next;
    const [row] = await tx
      .insert(dishes)
      .values({
        providerId,
        categoryId: input.category_id,
        title: storedText(input.title),
        summary: storedText(input.summary),
        kcal: input.kcal ?? null,
        portionGrams: input.portion_grams ?? null,
        ingredients: storedText(input.ingredients),
        shelfLifeHours: input.shelf_life_hours ?? null,
        code: input.code ?? '',
        priceCents: input.price === undefined ? 0 : toCents(input.price),
        status: input.status ?? true,
        position,
        type,
        diets: dietTagsOf(input.diets ?? []),
        allergensConfirmed: input.allergens !== undefined,
      })
      .returning({ id: dishes.id });
    if (input.allergens?.length) await writeAllergens(tx, row!.id, input.allergens);
    if (input.traces?.length) await writeTraces(tx, row!.id, input.traces);
    if (isComplexType(type) && input.complex) await writeGroups(tx, row!.id, input.complex);
    const after = { ...(await auditedDish(tx, row!.id)), price_cents: input.price === undefined ? 0 : toCents(input.price) };
    await recordAudit(tx, who, { action: 'dish.create', entityType: 'dish', entityId: row!.id, providerId, after });
    return row!.id;
  });
  return getDish(db, providerId, id);
}

export async function updateDish(db: Db, providerId: number, id: number, input: UpdateDishInput, who: AuditWho): Promise<Dish> {
  await db.transaction(async (tx) => {
    // Row lock: two editors saving the same dish apply one after the other.
    await tx.execute(sql`select 1 from ${dishes} where ${dishes.id} = ${id} for update`);
    const current = await dishRow(tx, providerId, id);
    const audited = await auditedDish(tx, id);
    const type = input.type ?? current.type;
    const existingGroupIds = (await tx.select({ id: complexGroups.id }).from(complexGroups).where(eq(complexGroups.dishId, id))).map(
      (g) => g.id,
    );
    await validateDish(tx, providerId, {
      id,
      type,
      categoryId: input.category_id ?? current.categoryId,
      allergens: input.allergens,
      traces: input.traces,
      complex: input.complex,
      existingGroupIds,
      becomesComplex: current.type === 'simple' && isComplexType(type),
      changesCategory: input.category_id !== undefined && input.category_id !== current.categoryId,
    });
    const set: Partial<typeof dishes.$inferInsert> = {};
    if (input.title !== undefined) set.title = storedText(input.title);
    if (input.summary !== undefined) set.summary = storedText(input.summary);
    if (input.kcal !== undefined) set.kcal = input.kcal;
    if (input.portion_grams !== undefined) set.portionGrams = input.portion_grams;
    if (input.ingredients !== undefined) set.ingredients = storedText(input.ingredients);
    if (input.shelf_life_hours !== undefined) set.shelfLifeHours = input.shelf_life_hours;
    if (input.code !== undefined) set.code = input.code;
    if (input.category_id !== undefined) set.categoryId = input.category_id;
    if (input.price !== undefined) set.priceCents = toCents(input.price);
    if (input.status !== undefined) set.status = input.status;
    if (input.position !== undefined) set.position = input.position;
    if (input.type !== undefined) set.type = input.type;
    if (input.diets !== undefined) set.diets = dietTagsOf(input.diets);
    if (input.allergens !== undefined) set.allergensConfirmed = true;
    if (Object.keys(set).length) await tx.update(dishes).set(set).where(eq(dishes.id, id));
    if (set.priceCents !== undefined && set.priceCents !== current.priceCents) {
      const [before, after] = [{ price_cents: current.priceCents }, { price_cents: set.priceCents }];
      await recordAudit(tx, who, { action: 'dish.price', entityType: 'dish', entityId: id, providerId, before, after });
    }
    if (input.allergens !== undefined) await writeAllergens(tx, id, input.allergens);
    if (input.traces !== undefined) await writeTraces(tx, id, input.traces);
    if (!isComplexType(type)) await tx.delete(complexGroups).where(eq(complexGroups.dishId, id));
    else if (input.complex !== undefined) await writeGroups(tx, id, input.complex);
    const changed = await auditedDish(tx, id);
    await recordChange(tx, who, { action: 'dish.update', entityType: 'dish', entityId: id, providerId, before: audited!, after: changed! });
  });
  return getDish(db, providerId, id);
}

/**
 * Deletes a dish nobody depends on. A dish on a menu, ordered, or offered inside a set meal is
 * refused with 409 and a message saying why; staff switch its status off instead.
 */
export async function deleteDish(db: Db, providerId: number, id: number, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${dishes} where ${dishes.id} = ${id} for update`);
    await dishRow(tx, providerId, id);
    const onMenus = await tx
      .selectDistinct({ title: menus.title, from: menus.from })
      .from(menuDishes)
      .innerJoin(menus, eq(menus.id, menuDishes.menuId))
      .where(eq(menuDishes.dishId, id))
      .orderBy(asc(menus.from));
    const ordered =
      (
        await tx
          .select({ one: sql`1` })
          .from(orderItems)
          .where(eq(orderItems.dishId, id))
          .limit(1)
      ).length > 0 ||
      (
        await tx
          .select({ one: sql`1` })
          .from(orderItemOptions)
          .where(eq(orderItemOptions.dishId, id))
          .limit(1)
      ).length > 0;
    // Recorded leftovers would go with it (the foreign key cascades): the waste summaries of past months must not change.
    const leftOver =
      (
        await tx
          .select({ one: sql`1` })
          .from(leftovers)
          .where(eq(leftovers.dishId, id))
          .limit(1)
      ).length > 0;
    const parents = await complexesUsing(tx, id);
    const reasons: LocalText[] = [];
    if (onMenus.length) {
      const names = onMenus.slice(0, 5).map((m) => m.title);
      reasons.push(catalogueText.coded('dishOnMenus', { names: names.join(', ') + (onMenus.length > 5 ? ', …' : '') }));
    }
    if (ordered) reasons.push(catalogueText.coded('dishOrdered'));
    if (leftOver) reasons.push(catalogueText.coded('dishLeftovers'));
    if (parents.length) reasons.push(catalogueText.coded('dishInComplex', { names: localNames(parents.map((p) => p.title)) }));
    if (reasons.length) throw new AppError(409, catalogueText.coded('dishInUse', { reasons: joinedTexts(reasons, ' ') }));
    const before = { ...(await auditedDish(tx, id)), price_cents: (await dishRow(tx, providerId, id)).priceCents };
    await tx.delete(dishes).where(eq(dishes.id, id));
    await recordAudit(tx, who, { action: 'dish.delete', entityType: 'dish', entityId: id, providerId, before });
  });
}

import { dietTagsOf } from '../../../shared/dietary.js';
import { and, asc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { pageOf, pageWindow, type ListQuery, type Paged } from '../../../shared/list-query.js';
import { toCents, toEuros } from '../../../shared/money.js';
import { cheapestSelectionCents } from '../../../shared/ordering/complex.js';
import {
  type ComplexGroup,
  type CreateDishInput,
  type Dish,
  type DishType,
  type UpdateDishInput,
} from '../../../shared/schemas/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import {
  allergens,
  categories,
  complexGroups,
  complexOptions,
  dishAllergens,
  dishes,
  dishImages,
  menuDishes,
  menus,
  orderItemOptions,
  orderItems,
} from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { joinedTexts, localNames, type LocalText } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import { catalogueText } from './catalogue.messages.js';
import { existingCategoryIds, fullText, storedText, textMatches } from './categories.service.js';
import { jsonText, likePattern, orderTerms } from './list-sql.js';
import { isoTime } from '../../lib/time.js';

export const DISH_SORTS = ['position', 'created_at', 'id', 'title', 'code', 'price', 'status', 'category'] as const;
export type DishListQuery = ListQuery<(typeof DISH_SORTS)[number], { status: boolean; category_id: number; type: DishType }>;

type DishRow = typeof dishes.$inferSelect;

const isComplexType = (type: DishType) => type !== 'simple';

/** Shapes dish rows for the API, loading their allergens, categories, groups and images in a few queries. */
export async function presentDishes(db: Db | Tx, rows: DishRow[]): Promise<Dish[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [allergenRows, categoryRows, groupRows, imageRows] = await Promise.all([
    db.select().from(dishAllergens).where(inArray(dishAllergens.dishId, ids)).orderBy(asc(dishAllergens.allergenId)),
    db
      .select({ id: categories.id, title: categories.title })
      .from(categories)
      .where(inArray(categories.id, [...new Set(rows.map((r) => r.categoryId))])),
    db.select().from(complexGroups).where(inArray(complexGroups.dishId, ids)).orderBy(asc(complexGroups.position), asc(complexGroups.id)),
    db.select({ dishId: dishImages.dishId, etag: dishImages.etag }).from(dishImages).where(inArray(dishImages.dishId, ids)),
  ]);
  const optionRows = groupRows.length
    ? await db
        .select({
          groupId: complexOptions.groupId,
          dishId: complexOptions.dishId,
          priceCents: complexOptions.priceCents,
          dishPriceCents: dishes.priceCents,
          title: dishes.title,
          status: dishes.status,
        })
        .from(complexOptions)
        .innerJoin(dishes, eq(dishes.id, complexOptions.dishId))
        .where(
          inArray(
            complexOptions.groupId,
            groupRows.map((g) => g.id),
          ),
        )
        .orderBy(asc(complexOptions.position), asc(complexOptions.id))
    : [];

  const allergensOf = new Map<number, number[]>();
  for (const a of allergenRows) (allergensOf.get(a.dishId) ?? allergensOf.set(a.dishId, []).get(a.dishId)!).push(a.allergenId);
  const categoryOf = new Map(categoryRows.map((c) => [c.id, c]));
  const imageOf = new Map(imageRows.map((i) => [i.dishId, i.etag]));
  const optionsOf = new Map<number, typeof optionRows>();
  for (const o of optionRows) (optionsOf.get(o.groupId) ?? optionsOf.set(o.groupId, []).get(o.groupId)!).push(o);
  const groupsOf = new Map<number, typeof groupRows>();
  for (const g of groupRows) (groupsOf.get(g.dishId) ?? groupsOf.set(g.dishId, []).get(g.dishId)!).push(g);

  return rows.map((d) => {
    const groups = groupsOf.get(d.id) ?? [];
    const complex: ComplexGroup[] = groups.map((g) => ({
      id: g.id,
      category_id: g.categoryId,
      title: fullText(g.title),
      optional: g.optional,
      position: g.position,
      dishes: (optionsOf.get(g.id) ?? []).map((o) => ({
        id: o.dishId,
        price: o.priceCents === null ? null : toEuros(o.priceCents),
        base_price: toEuros(o.dishPriceCents),
        title: fullText(o.title),
        status: o.status,
      })),
    }));
    // One rule with the order page: own price plus the cheapest option of each mandatory group.
    const priceFrom = isComplexType(d.type)
      ? cheapestSelectionCents(
          groups.map((g) => ({
            optional: g.optional,
            dishes: (optionsOf.get(g.id) ?? []).map((o) => ({ priceCents: o.priceCents ?? o.dishPriceCents })),
          })),
          d.priceCents,
        )
      : d.priceCents;
    const etag = imageOf.get(d.id) ?? null;
    const category = categoryOf.get(d.categoryId);
    return {
      id: d.id,
      title: fullText(d.title),
      summary: fullText(d.summary),
      code: d.code,
      category_id: d.categoryId,
      category: { id: d.categoryId, title: fullText(category?.title) },
      allergens: allergensOf.get(d.id) ?? [],
      diets: dietTagsOf(d.diets),
      allergens_confirmed: d.allergensConfirmed,
      kcal: d.kcal,
      ingredients: fullText(d.ingredients),
      price: toEuros(d.priceCents),
      priceFrom: toEuros(priceFrom),
      status: d.status,
      position: d.position,
      type: d.type,
      has_image: etag !== null,
      image_version: etag,
      created_at: isoTime(d.createdAt),
      complex,
    };
  });
}

/**
 * The price a dish is shown with (`priceFrom`), in SQL for sorting: a set meal's own price plus the
 * cheapest option of each mandatory group (the rule of cheapestSelectionCents), a plain dish's price.
 */
const shownPriceCents = sql`(${dishes.priceCents} + case when ${dishes.type} = 'simple' then 0 else coalesce((
  select sum(cheapest) from (
    select min(coalesce(o.price_cents, od.price_cents)) as cheapest
    from ${complexGroups} g
    join ${complexOptions} o on o.group_id = g.id
    join ${dishes} od on od.id = o.dish_id
    where g.dish_id = "dishes"."id" and not g.optional
    group by g.id
  ) as mandatory_groups
), 0) end)`;

export async function listDishes(
  db: Db,
  providerId: number | null,
  q: DishListQuery,
  initial: boolean | undefined,
  lang: Lang,
): Promise<Paged<Dish>> {
  if (providerId === null) return pageOf([], 0, q);
  const pattern = q.search ? likePattern(q.search) : null;
  const where = and(
    eq(dishes.providerId, providerId),
    q.filter.status === undefined ? undefined : eq(dishes.status, q.filter.status),
    q.filter.category_id === undefined ? undefined : eq(dishes.categoryId, q.filter.category_id),
    q.filter.type === undefined ? undefined : eq(dishes.type, q.filter.type),
    initial === undefined ? undefined : initial ? ne(dishes.type, 'simple') : eq(dishes.type, 'simple'),
    pattern ? or(textMatches(dishes.title, pattern), sql`${dishes.code} ilike ${pattern}`) : undefined,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(dishes)
    .where(where)) as [{ total: number }];
  const w = pageWindow(total, q.page, q.perPage);
  const order = orderTerms(
    q.sort,
    {
      position: dishes.position,
      created_at: dishes.createdAt,
      id: dishes.id,
      title: sql`lower(${jsonText(dishes.title, lang)})`,
      code: dishes.code,
      price: shownPriceCents,
      status: dishes.status,
      // Category order (the categories' positions, then their ids), as the menu builder lists them.
      category: sql.raw('((select c.position from categories c where c.id = "dishes"."category_id"), "dishes"."category_id")'),
    },
    [asc(dishes.position), asc(dishes.id)],
  );
  let query = db
    .select()
    .from(dishes)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (w.limit !== null) query = query.limit(w.limit).offset(w.offset);
  const rows = await query;
  return pageOf(await presentDishes(db, rows), total, q);
}

/** The dish row of a provider, or 404. */
export async function dishRow(db: Db | Tx, providerId: number, id: number): Promise<DishRow> {
  const rows = await db
    .select()
    .from(dishes)
    .where(and(eq(dishes.id, id), eq(dishes.providerId, providerId)));
  if (!rows[0]) throw new AppError(404, t.coded('notFound'));
  return rows[0];
}

export async function getDish(db: Db | Tx, providerId: number, id: number): Promise<Dish> {
  return (await presentDishes(db, [await dishRow(db, providerId, id)]))[0]!;
}

interface DishShape {
  id: number | null;
  type: DishType;
  categoryId: number;
  allergens: number[] | undefined;
  complex: CreateDishInput['complex'];
  /** Groups the dish has now (update only). */
  existingGroupIds: number[];
  /** An existing simple dish turning into a set meal. */
  becomesComplex: boolean;
  /** An existing dish moving to another category (shape.categoryId is the new one). */
  changesCategory: boolean;
}

/** Business rules of a dish request; throws one 422 with every problem keyed by field. */
async function validateDish(tx: Tx, providerId: number, shape: DishShape): Promise<void> {
  const errors: CodedFieldErrors = {};
  const add = (field: string, text: LocalText) => (errors[field] ??= []).push(text);
  const groups = shape.complex ?? [];

  const categoryIds = [shape.categoryId, ...groups.map((g) => g.category_id)];
  const knownCategories = await existingCategoryIds(tx, providerId, categoryIds);
  if (!knownCategories.has(shape.categoryId)) add('category_id', catalogueText.coded('unknownCategory'));

  if (shape.allergens?.length) {
    const known = new Set(
      (await tx.select({ id: allergens.id }).from(allergens).where(inArray(allergens.id, shape.allergens))).map((r) => r.id),
    );
    shape.allergens.forEach((id, i) => {
      if (!known.has(id)) add(`allergens.${i}`, catalogueText.coded('unknownAllergen'));
    });
  }

  if (!isComplexType(shape.type)) {
    if (groups.length > 0) add('complex', catalogueText.coded('simpleHasGroups'));
  } else {
    const willHaveGroups = shape.complex !== undefined ? groups.length > 0 : shape.existingGroupIds.length > 0;
    if (!willHaveGroups) add('complex', catalogueText.coded('complexNeedsGroups'));
  }

  if (shape.id !== null && shape.becomesComplex) {
    const parents = await complexesUsing(tx, shape.id);
    if (parents.length) add('type', catalogueText.coded('usedAsOption', { names: localNames(parents.map((p) => p.title)) }));
  }
  // Set-meal groups offer dishes of the group's category only, so an option keeps its category.
  if (shape.id !== null && shape.changesCategory && knownCategories.has(shape.categoryId)) {
    const parents = await complexesUsing(tx, shape.id, shape.categoryId);
    if (parents.length) add('category_id', catalogueText.coded('optionCategoryLocked', { names: localNames(parents.map((p) => p.title)) }));
  }

  const optionIds = [...new Set(groups.flatMap((g) => g.dishes.map((o) => o.id)))];
  const optionRows = optionIds.length
    ? await tx
        .select({ id: dishes.id, type: dishes.type, categoryId: dishes.categoryId })
        .from(dishes)
        .where(and(eq(dishes.providerId, providerId), inArray(dishes.id, optionIds)))
        // Shared lock: an option's category cannot change until this set meal is saved (see changesCategory).
        .for('share')
    : [];
  const optionOf = new Map(optionRows.map((o) => [o.id, o]));
  const ownGroups = new Set(shape.existingGroupIds);
  groups.forEach((g, i) => {
    if (g.id !== undefined && !ownGroups.has(g.id)) add(`complex.${i}.id`, catalogueText.coded('unknownGroup'));
    if (!knownCategories.has(g.category_id)) add(`complex.${i}.category_id`, catalogueText.coded('unknownCategory'));
    const seen = new Set<number>();
    g.dishes.forEach((o, j) => {
      const key = `complex.${i}.dishes.${j}.id`;
      const row = optionOf.get(o.id);
      if (shape.id !== null && o.id === shape.id) add(key, catalogueText.coded('optionSelf'));
      else if (!row) add(key, catalogueText.coded('unknownDish'));
      else if (row.type !== 'simple') add(key, catalogueText.coded('optionNotSimple'));
      else if (row.categoryId !== g.category_id) add(key, catalogueText.coded('optionWrongCategory'));
      if (seen.has(o.id)) add(key, catalogueText.coded('optionDuplicate'));
      seen.add(o.id);
    });
  });
  const ids = groups.map((g) => g.id).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) add('complex', t.coded('invalidValue'));

  if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
}

/** Complex dishes that offer `dishId` as an option (only in groups of another category than `exceptCategoryId`, when given). */
async function complexesUsing(db: Db | Tx, dishId: number, exceptCategoryId?: number) {
  return db
    .selectDistinct({ id: dishes.id, title: dishes.title })
    .from(complexOptions)
    .innerJoin(complexGroups, eq(complexGroups.id, complexOptions.groupId))
    .innerJoin(dishes, eq(dishes.id, complexGroups.dishId))
    .where(
      and(eq(complexOptions.dishId, dishId), exceptCategoryId === undefined ? undefined : ne(complexGroups.categoryId, exceptCategoryId)),
    )
    .orderBy(asc(dishes.id));
}

async function writeAllergens(tx: Tx, dishId: number, ids: number[]) {
  await tx.delete(dishAllergens).where(eq(dishAllergens.dishId, dishId));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(dishAllergens).values(unique.map((allergenId) => ({ dishId, allergenId })));
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

/**
 * A dish's audited fields (decision 037): what customers read (texts, allergens by code, diet
 * tags, kcal), where it is shown, and the options of a set meal (dish ids per group). The price
 * has its own action (dish.price), so it is not repeated here.
 */
async function auditedDish(tx: Tx, id: number): Promise<Record<string, unknown> | null> {
  const [d] = await tx.select().from(dishes).where(eq(dishes.id, id));
  if (!d) return null;
  const codes = await tx
    .select({ code: allergens.code })
    .from(dishAllergens)
    .innerJoin(allergens, eq(allergens.id, dishAllergens.allergenId))
    .where(eq(dishAllergens.dishId, id))
    .orderBy(asc(allergens.code));
  const options = await tx
    .select({ group: complexGroups.id, dish: complexOptions.dishId })
    .from(complexGroups)
    .innerJoin(complexOptions, eq(complexOptions.groupId, complexGroups.id))
    .where(eq(complexGroups.dishId, id))
    .orderBy(asc(complexGroups.position), asc(complexGroups.id), asc(complexOptions.position));
  const groups = new Map<number, number[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), o.dish]);
  return {
    title: d.title,
    summary: d.summary,
    ingredients: d.ingredients,
    code: d.code,
    category_id: d.categoryId,
    kcal: d.kcal,
    allergens: d.allergensConfirmed ? codes.map((c) => c.code) : null,
    diets: [...d.diets].sort(),
    status: d.status,
    position: d.position,
    type: d.type,
    complex: [...groups.values()],
  };
}

export async function createDish(db: Db, providerId: number, input: CreateDishInput, who: AuditWho): Promise<Dish> {
  const type = input.type ?? 'simple';
  const id = await db.transaction(async (tx) => {
    await validateDish(tx, providerId, {
      id: null,
      type,
      categoryId: input.category_id,
      allergens: input.allergens,
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
        ingredients: storedText(input.ingredients),
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
      complex: input.complex,
      existingGroupIds,
      becomesComplex: current.type === 'simple' && isComplexType(type),
      changesCategory: input.category_id !== undefined && input.category_id !== current.categoryId,
    });
    const set: Partial<typeof dishes.$inferInsert> = {};
    if (input.title !== undefined) set.title = storedText(input.title);
    if (input.summary !== undefined) set.summary = storedText(input.summary);
    if (input.kcal !== undefined) set.kcal = input.kcal;
    if (input.ingredients !== undefined) set.ingredients = storedText(input.ingredients);
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
    const parents = await complexesUsing(tx, id);
    const reasons: LocalText[] = [];
    if (onMenus.length) {
      const names = onMenus.slice(0, 5).map((m) => m.title);
      reasons.push(catalogueText.coded('dishOnMenus', { names: names.join(', ') + (onMenus.length > 5 ? ', …' : '') }));
    }
    if (ordered) reasons.push(catalogueText.coded('dishOrdered'));
    if (parents.length) reasons.push(catalogueText.coded('dishInComplex', { names: localNames(parents.map((p) => p.title)) }));
    if (reasons.length) throw new AppError(409, catalogueText.coded('dishInUse', { reasons: joinedTexts(reasons, ' ') }));
    const before = { ...(await auditedDish(tx, id)), price_cents: (await dishRow(tx, providerId, id)).priceCents };
    await tx.delete(dishes).where(eq(dishes.id, id));
    await recordAudit(tx, who, { action: 'dish.delete', entityType: 'dish', entityId: id, providerId, before });
  });
}

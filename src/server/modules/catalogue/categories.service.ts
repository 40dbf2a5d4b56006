import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '../../../shared/i18n.js';
import { LANGS } from '../../../shared/i18n.js';
import { pageOf, pageWindow, type ListQuery, type Paged } from '../../../shared/list-query.js';
import type { Category, CreateCategoryInput, TranslatedText, UpdateCategoryInput } from '../../../shared/schemas/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import type { Translated } from '../../db/schema/common.js';
import { categories, complexGroups, dishes, menuDishes } from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { localNames } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import { catalogueText } from './catalogue.messages.js';
import { jsonText, likePattern, orderTerms } from '../../lib/list-sql.js';
import { isoTime } from '../../lib/time.js';

export const CATEGORY_SORTS = ['position', 'created_at', 'id', 'title', 'status'] as const;
export type CategoryListQuery = ListQuery<(typeof CATEGORY_SORTS)[number], { status: boolean }>;

/** Every language key present ('' when missing): the answer shape of per-language texts. */
export function fullText(map: Translated | null | undefined): TranslatedText {
  return { lv: map?.lv ?? '', en: map?.en ?? '', ru: map?.ru ?? '' };
}

/** Request texts to what is stored: empty languages left out. */
export function storedText(input: Partial<Record<Lang, string | undefined>> | undefined): Translated {
  const out: Translated = {};
  for (const l of LANGS) {
    const v = input?.[l]?.trim();
    if (v) out[l] = v;
  }
  return out;
}

/** Where a jsonb text matches a search term in any language. */
export function textMatches(column: Parameters<typeof jsonText>[0], pattern: string): SQL {
  return or(...LANGS.map((l) => sql`${jsonText(column, l)} ilike ${pattern}`))!;
}

// The outer column is spelled out: drizzle leaves columns unqualified in single-table selects.
const dishesCount = sql<number>`(select count(*) from ${dishes} where ${dishes.categoryId} = "categories"."id")`.mapWith(Number);

type CategoryRow = typeof categories.$inferSelect & { dishesCount: number };

export function presentCategory(c: CategoryRow): Category {
  return {
    id: c.id,
    title: fullText(c.title),
    status: c.status,
    simple: c.simple,
    group_name: c.groupName,
    position: c.position,
    created_at: isoTime(c.createdAt),
    dishes_count: c.dishesCount,
  };
}

const selectCategory = { ...categoriesColumns(), dishesCount };
function categoriesColumns() {
  const { id, providerId, title, status, simple, groupName, position, createdAt } = categories;
  return { id, providerId, title, status, simple, groupName, position, createdAt };
}

export async function listCategories(db: Db, providerId: number | null, q: CategoryListQuery, lang: Lang): Promise<Paged<Category>> {
  if (providerId === null) return pageOf([], 0, q);
  const where = and(
    eq(categories.providerId, providerId),
    q.filter.status === undefined ? undefined : eq(categories.status, q.filter.status),
    q.search ? textMatches(categories.title, likePattern(q.search)) : undefined,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(categories)
    .where(where)) as [{ total: number }];
  const w = pageWindow(total, q.page, q.perPage);
  const order = orderTerms(
    q.sort,
    {
      position: categories.position,
      created_at: categories.createdAt,
      id: categories.id,
      title: sql`lower(${jsonText(categories.title, lang)})`,
      status: categories.status,
    },
    [asc(categories.position), asc(categories.id)],
  );
  let query = db
    .select(selectCategory)
    .from(categories)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (w.limit !== null) query = query.limit(w.limit).offset(w.offset);
  const rows = await query;
  return pageOf(rows.map(presentCategory), total, q);
}

export async function getCategory(db: Db, providerId: number, id: number): Promise<Category> {
  const rows = await db
    .select(selectCategory)
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.providerId, providerId)));
  if (!rows[0]) throw new AppError(404, t.coded('notFound'));
  return presentCategory(rows[0]);
}

/** A category's audited fields (decision 037). */
function auditedCategory(c: Pick<typeof categories.$inferSelect, 'title' | 'status' | 'simple' | 'groupName' | 'position'>) {
  return { title: c.title, status: c.status, simple: c.simple, group_name: c.groupName, position: c.position };
}

export async function createCategory(db: Db, providerId: number, input: CreateCategoryInput, who: AuditWho): Promise<Category> {
  const id = await db.transaction(async (tx) => {
    const position =
      input.position ??
      (
        await tx
          .select({ next: sql<number>`coalesce(max(${categories.position}), -1) + 1`.mapWith(Number) })
          .from(categories)
          .where(eq(categories.providerId, providerId))
      )[0]!.next;
    const [row] = await tx
      .insert(categories)
      .values({
        providerId,
        title: storedText(input.title),
        status: input.status ?? true,
        simple: input.simple ?? false,
        groupName: input.group_name ?? '',
        position,
      })
      .returning();
    await recordAudit(tx, who, {
      action: 'category.create',
      entityType: 'category',
      entityId: row!.id,
      providerId,
      after: auditedCategory(row!),
    });
    return row!.id;
  });
  return getCategory(db, providerId, id);
}

export async function updateCategory(db: Db, providerId: number, id: number, input: UpdateCategoryInput, who: AuditWho): Promise<Category> {
  await getCategory(db, providerId, id);
  const set: Partial<typeof categories.$inferInsert> = {};
  if (input.title !== undefined) set.title = storedText(input.title);
  if (input.status !== undefined) set.status = input.status;
  if (input.simple !== undefined) set.simple = input.simple;
  if (input.group_name !== undefined) set.groupName = input.group_name;
  if (input.position !== undefined) set.position = input.position;
  if (Object.keys(set).length)
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!before) throw new AppError(404, t.coded('notFound'));
      const [after] = await tx.update(categories).set(set).where(eq(categories.id, id)).returning();
      await recordChange(tx, who, {
        action: 'category.update',
        entityType: 'category',
        entityId: id,
        providerId,
        before: auditedCategory(before),
        after: auditedCategory(after!),
      });
    });
  return getCategory(db, providerId, id);
}

/** Deletes an unused category; 409 naming the dishes that still use it. */
export async function deleteCategory(db: Db, providerId: number, id: number, who: AuditWho): Promise<void> {
  await getCategory(db, providerId, id);
  await db.transaction(async (tx) => {
    // Lock the category so a dish cannot be added to it while we check.
    await tx.execute(sql`select 1 from ${categories} where ${categories.id} = ${id} for update`);
    const users = await tx
      .select({ id: dishes.id, title: dishes.title })
      .from(dishes)
      .where(eq(dishes.categoryId, id))
      .orderBy(asc(dishes.id));
    const groups = await tx
      .select({ id: dishes.id, title: dishes.title })
      .from(complexGroups)
      .innerJoin(dishes, eq(dishes.id, complexGroups.dishId))
      .where(eq(complexGroups.categoryId, id));
    const onMenus = await tx
      .select({ id: dishes.id, title: dishes.title })
      .from(menuDishes)
      .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
      .where(eq(menuDishes.categoryId, id));
    const all = new Map<number, Translated>();
    for (const r of [...users, ...groups, ...onMenus]) all.set(r.id, r.title);
    if (all.size > 0) {
      const names = localNames([...all.values()].slice(0, 10), all.size > 10 ? ', …' : '');
      throw new AppError(409, catalogueText.coded('categoryInUse', { count: all.size, names }));
    }
    const [gone] = await tx.delete(categories).where(eq(categories.id, id)).returning();
    if (gone)
      await recordAudit(tx, who, {
        action: 'category.delete',
        entityType: 'category',
        entityId: id,
        providerId,
        before: auditedCategory(gone),
      });
  });
}

/** Categories of a provider among `ids` (for validating references). */
export async function existingCategoryIds(db: Db | Tx, providerId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.providerId, providerId), inArray(categories.id, ids)));
  return new Set(rows.map((r) => r.id));
}

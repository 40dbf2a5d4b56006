import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { type CreateDishInput, type DishType } from '../../../shared/schemas/catalogue.js';
import type { Db, Tx } from '../../db/client.js';
import { allergens, complexGroups, complexOptions, dishes } from '../../db/schema/index.js';
import { fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { localNames, type LocalText } from '../../lib/i18n.js';
import { t } from '../../lib/messages.js';
import { catalogueText } from './catalogue.messages.js';
import { existingCategoryIds } from './categories.service.js';

export const isComplexType = (type: DishType) => type !== 'simple';

export interface DishShape {
  id: number | null;
  type: DishType;
  categoryId: number;
  allergens: number[] | undefined;
  /** "May contain" traces (allergen ids). */
  traces: number[] | undefined;
  complex: CreateDishInput['complex'];
  /** Groups the dish has now (update only). */
  existingGroupIds: number[];
  /** An existing simple dish turning into a set meal. */
  becomesComplex: boolean;
  /** An existing dish moving to another category (shape.categoryId is the new one). */
  changesCategory: boolean;
}

/** Business rules of a dish request; throws one 422 with every problem keyed by field. */
export async function validateDish(tx: Tx, providerId: number, shape: DishShape): Promise<void> {
  const errors: CodedFieldErrors = {};
  const add = (field: string, text: LocalText) => (errors[field] ??= []).push(text);
  const groups = shape.complex ?? [];

  const categoryIds = [shape.categoryId, ...groups.map((g) => g.category_id)];
  const knownCategories = await existingCategoryIds(tx, providerId, categoryIds);
  if (!knownCategories.has(shape.categoryId)) add('category_id', catalogueText.coded('unknownCategory'));

  const sent = [...(shape.allergens ?? []), ...(shape.traces ?? [])];
  if (sent.length) {
    const known = new Set((await tx.select({ id: allergens.id }).from(allergens).where(inArray(allergens.id, sent))).map((r) => r.id));
    for (const field of ['allergens', 'traces'] as const)
      shape[field]?.forEach((id, i) => {
        if (!known.has(id)) add(`${field}.${i}`, catalogueText.coded('unknownAllergen'));
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
export async function complexesUsing(db: Db | Tx, dishId: number, exceptCategoryId?: number) {
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

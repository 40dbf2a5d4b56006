import multipart from '@fastify/multipart';
import { z } from 'zod';
import { boolFilter, idFilter, listQuerySchema, pagedOf } from '../../../shared/list-query.js';
import {
  category,
  createCategoryInput,
  createDishInput,
  dish,
  DISH_TYPES,
  dishListFlags,
  success,
  updateCategoryInput,
  updateDishInput,
} from '../../../shared/schemas/catalogue.js';
import { CATALOGUE_MANAGERS, STAFF, type Role } from '../../../shared/roles.js';
import { idParams } from '../../../shared/schemas/ids.js';
import type { App, Deps } from '../../lib/context.js';
import { fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { CATEGORY_SORTS, createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.service.js';
import { DISH_SORTS, getDish, listDishes } from './dishes.queries.js';
import { createDish, deleteDish, updateDish } from './dishes.service.js';
import { imageRoutes } from './images.routes.js';

/** Staff who may read the catalogue (the menu editor needs it). */
export const CATALOGUE_READERS: readonly Role[] = STAFF;
/** Staff who may change it (spec 1: administrators or kitchen). */
export const CATALOGUE_WRITERS: readonly Role[] = CATALOGUE_MANAGERS;

const categoryListQuery = listQuerySchema({ sort: CATEGORY_SORTS, filters: { status: boolFilter } });
const dishListQuery = listQuerySchema({
  sort: DISH_SORTS,
  filters: { status: boolFilter, category_id: idFilter, type: z.enum(DISH_TYPES) },
});

export async function catalogueRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const read = { access: CATALOGUE_READERS };
  const write = { access: CATALOGUE_WRITERS };

  // ---------------------------------------------------------------- categories
  app.get(
    '/categories',
    { config: read, schema: { tags: ['catalogue'], querystring: categoryListQuery, response: { 200: pagedOf(category) } } },
    async (req) => listCategories(db, await req.providerOrNull(), req.query, req.lang),
  );
  app.get(
    '/categories/:id',
    { config: read, schema: { tags: ['catalogue'], params: idParams, response: { 200: category } } },
    async (req) => getCategory(db, await req.provider(), req.params.id),
  );
  app.post(
    '/categories',
    { config: write, schema: { tags: ['catalogue'], body: createCategoryInput, response: { 201: category } } },
    async (req, reply) => reply.status(201).send(await createCategory(db, await req.provider(), req.body, req)),
  );
  app.put(
    '/categories/:id',
    { config: write, schema: { tags: ['catalogue'], params: idParams, body: updateCategoryInput, response: { 200: category } } },
    async (req) => updateCategory(db, await req.provider(), req.params.id, req.body, req),
  );
  app.delete(
    '/categories/:id',
    { config: write, schema: { tags: ['catalogue'], params: idParams, response: { 200: success } } },
    async (req) => {
      await deleteCategory(db, await req.provider(), req.params.id, req);
      return { success: true as const };
    },
  );

  // ---------------------------------------------------------------- dishes
  app.get(
    '/dishes',
    { config: read, schema: { tags: ['catalogue'], querystring: dishListQuery, response: { 200: pagedOf(dish) } } },
    async (req) => {
      const flags = dishListFlags.safeParse(req.query.rest);
      if (!flags.success) throw fieldError(t.coded('invalid'), { initial: [t.coded('invalidValue')] });
      const initial = flags.data.initial === undefined ? undefined : flags.data.initial === '1' || flags.data.initial === 'true';
      return listDishes(db, await req.providerOrNull(), req.query, initial, req.lang);
    },
  );
  app.get('/dishes/:id', { config: read, schema: { tags: ['catalogue'], params: idParams, response: { 200: dish } } }, async (req) =>
    getDish(db, await req.provider(), req.params.id),
  );
  app.post(
    '/dishes',
    { config: write, schema: { tags: ['catalogue'], body: createDishInput, response: { 201: dish } } },
    async (req, reply) => reply.status(201).send(await createDish(db, await req.provider(), req.body, req)),
  );
  app.put(
    '/dishes/:id',
    { config: write, schema: { tags: ['catalogue'], params: idParams, body: updateDishInput, response: { 200: dish } } },
    async (req) => updateDish(db, await req.provider(), req.params.id, req.body, req),
  );
  app.delete(
    '/dishes/:id',
    { config: write, schema: { tags: ['catalogue'], params: idParams, response: { 200: success } } },
    async (req) => {
      await deleteDish(db, await req.provider(), req.params.id, req);
      return { success: true as const };
    },
  );

  // Multipart parsing (and the two hooks it adds to every request) only where files arrive.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
    await imageRoutes(scope as App, deps);
  });
}

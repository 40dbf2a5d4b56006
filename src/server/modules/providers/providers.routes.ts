import { idParams } from '../../../shared/schemas/ids.js';
import { createProviderInput, provider, providerList, updateProviderInput } from '../../../shared/schemas/providers.js';
import type { App, Deps } from '../../lib/context.js';
import { userOf } from '../../lib/context.js';
import { createProvider, listProviders, updateProvider } from './providers.service.js';
import { ADMINS } from '../../../shared/roles.js';

export async function providersRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  app.get('/providers', { config: { access: 'user' }, schema: { tags: ['providers'], response: { 200: providerList } } }, async (req) =>
    listProviders(db, userOf(req), await req.providerOrNull()),
  );

  app.post(
    '/providers',
    { config: { access: ADMINS }, schema: { tags: ['providers'], body: createProviderInput, response: { 201: provider } } },
    async (req, reply) => reply.status(201).send(await createProvider(db, req.body, req)),
  );

  app.put(
    '/providers/:id',
    {
      config: { access: ADMINS },
      schema: { tags: ['providers'], params: idParams, body: updateProviderInput, response: { 200: provider } },
    },
    async (req) => updateProvider(db, req.params.id, req.body, req),
  );
}

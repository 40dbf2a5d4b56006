import { z } from 'zod';
import { text } from '../../../shared/schemas/text.js';
import { boolFilter, listQuerySchema, pagedOf } from '../../../shared/list-query.js';
import { idParams } from '../../../shared/schemas/ids.js';
import { createLocationInput, location, locationAnswer, locationByToken, updateLocationInput } from '../../../shared/schemas/locations.js';
import { userOf, type App, type Deps } from '../../lib/context.js';
import { inviteLink } from '../../lib/links.js';
import {
  createLocation,
  listLocations,
  LOCATION_SORTS,
  locationByToken as findByToken,
  type LocationViewer,
  readLocation,
  reconfirmLocation,
  updateLocation,
} from './locations.service.js';
import { ADMINS, STAFF } from '../../../shared/roles.js';

const locationListQuery = listQuerySchema({ sort: LOCATION_SORTS, filters: { status: boolFilter, unconfirmed: boolFilter } });

export async function locationsRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const read = { access: STAFF };
  const write = { access: ADMINS };
  // The invite-link token is for admins: kitchen staff read locations without it.
  const viewer = (req: Parameters<typeof userOf>[0]): LocationViewer => ({ seesToken: userOf(req).role === 'admin' });
  // Where the token is shown, so is the address to copy: built here from PUBLIC_URL, like the
  // manager's (the web no longer builds it from the browser's address).
  function withLink<L extends { token: string }>(l: L): L & { invite_url: string };
  function withLink<L extends { token?: string }>(l: L): L & { invite_url?: string };
  function withLink<L extends { token?: string }>(l: L) {
    return l.token === undefined ? l : { ...l, invite_url: inviteLink(deps.env, l.token) };
  }

  app.get(
    '/locations',
    { config: read, schema: { tags: ['locations'], querystring: locationListQuery, response: { 200: pagedOf(locationAnswer) } } },
    async (req) => {
      const page = await listLocations(db, req.query, viewer(req));
      return { ...page, data: page.data.map((l) => withLink(l)) };
    },
  );
  app.get(
    '/locations/:id',
    { config: read, schema: { tags: ['locations'], params: idParams, response: { 200: locationAnswer } } },
    async (req) => withLink(await readLocation(db, req.params.id, viewer(req))),
  );
  app.post(
    '/locations',
    { config: write, schema: { tags: ['locations'], body: createLocationInput, response: { 201: location } } },
    async (req, reply) => reply.status(201).send(withLink(await createLocation(db, req.body, req))),
  );
  app.put(
    '/locations/:id',
    { config: write, schema: { tags: ['locations'], params: idParams, body: updateLocationInput, response: { 200: location } } },
    async (req) => withLink(await updateLocation(db, req.params.id, req.body, req)),
  );
  // A GET because the spec names it so; it only ever sets unconfirmed to false (idempotent).
  app.get(
    '/locations/:id/reconfirm',
    { config: write, schema: { tags: ['locations'], params: idParams, response: { 200: location } } },
    async (req) => withLink(await reconfirmLocation(db, req.params.id, req)),
  );
  app.get(
    '/locations/token/:hash',
    {
      config: { access: 'public' },
      schema: { tags: ['locations'], params: z.object({ hash: text().min(1).max(200) }), response: { 200: locationByToken } },
    },
    async (req) => findByToken(db, req.params.hash),
  );
}

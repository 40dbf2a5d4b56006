import type { FastifyRequest } from 'fastify';
import { STAFF } from '../../../shared/roles.js';
import {
  announcementDetail,
  announcementInput,
  announcementList,
  announcementParams,
  audienceChoices,
  audienceInput,
  currentBanners,
  dismissed,
  previewCount,
} from '../../../shared/schemas/announcements.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { audienceChoices as readChoices, checkAudience, resolveAudience } from './announcements.audience.js';
import { currentBanners as readBanners, dismissBanner } from './announcements.banner.js';
import { announcementsIdle, kickAnnouncements } from './announcements.dispatch.js';
import {
  announcementDetail as readDetail,
  cancelAnnouncement,
  createAnnouncement,
  listAnnouncements,
  scheduleAnnouncement,
  updateAnnouncement,
  type Scope,
} from './announcements.service.js';

/** Whose announcements: an administrator's reach everyone (null), kitchen staff's their active provider's. */
async function scopeOf(req: FastifyRequest): Promise<Scope> {
  return { providerId: req.user?.role === 'admin' ? null : await req.provider() };
}

const tags = ['announcements'];

/** Announcements (schemas/announcements.ts, decisions 081 and 082). */
export async function announcementsRoutes(app: App, deps: Deps) {
  const kick = () => kickAnnouncements(deps, (err) => app.log.error({ err }, 'announcements dispatch failed'));
  app.addHook('onClose', async () => announcementsIdle());

  app.get('/announcements', { config: { access: STAFF }, schema: { tags, response: { 200: announcementList } } }, async (req) =>
    listAnnouncements(req.ctx, await scopeOf(req)),
  );

  app.get('/announcements/choices', { config: { access: STAFF }, schema: { tags, response: { 200: audienceChoices } } }, async (req) => {
    const scope = await scopeOf(req);
    return readChoices(req.ctx, { providerId: scope.providerId, menusOf: scope.providerId ?? (await req.providerOrNull()) });
  });

  app.post(
    '/announcements/preview',
    { config: { access: STAFF }, schema: { tags, body: audienceInput, response: { 200: previewCount } } },
    async (req) => {
      const scope = await scopeOf(req);
      await checkAudience(req.ctx.db, req.body, scope.providerId);
      return { count: (await resolveAudience(req.ctx.db, req.body, scope.providerId, req.ctx.now)).length };
    },
  );

  app.post(
    '/announcements',
    { config: { access: STAFF }, schema: { tags, body: announcementInput, response: { 201: announcementDetail } } },
    async (req, reply) => reply.status(201).send(await createAnnouncement(userCtx(req), await scopeOf(req), req.body, req)),
  );

  app.get(
    '/announcements/current',
    { config: { access: 'user' }, schema: { tags, response: { 200: currentBanners } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readBanners(userCtx(req));
    },
  );

  app.get(
    '/announcements/:id',
    { config: { access: STAFF }, schema: { tags, params: announcementParams, response: { 200: announcementDetail } } },
    async (req) => readDetail(req.ctx, await scopeOf(req), req.params.id),
  );

  app.put(
    '/announcements/:id',
    {
      config: { access: STAFF },
      schema: { tags, params: announcementParams, body: announcementInput, response: { 200: announcementDetail } },
    },
    async (req) => updateAnnouncement(req.ctx, await scopeOf(req), { id: req.params.id, input: req.body, who: req }),
  );

  app.post(
    '/announcements/:id/schedule',
    { config: { access: STAFF }, schema: { tags, params: announcementParams, response: { 200: announcementDetail } } },
    async (req) => {
      const done = await scheduleAnnouncement(req.ctx, await scopeOf(req), { id: req.params.id, now: false, who: req });
      if (done.send_at !== null && new Date(done.send_at) <= req.ctx.now) kick();
      return done;
    },
  );

  app.post(
    '/announcements/:id/send',
    { config: { access: STAFF }, schema: { tags, params: announcementParams, response: { 200: announcementDetail } } },
    async (req) => {
      const done = await scheduleAnnouncement(req.ctx, await scopeOf(req), { id: req.params.id, now: true, who: req });
      kick();
      return done;
    },
  );

  app.post(
    '/announcements/:id/cancel',
    { config: { access: STAFF }, schema: { tags, params: announcementParams, response: { 200: announcementDetail } } },
    async (req) => cancelAnnouncement(req.ctx, await scopeOf(req), { id: req.params.id, who: req }),
  );

  app.post(
    '/announcements/:id/dismiss',
    { config: { access: 'user' }, schema: { tags, params: announcementParams, response: { 200: dismissed } } },
    async (req) => dismissBanner(userCtx(req), req.params.id),
  );
}

import { z } from 'zod';
import { idParams } from '../../../shared/schemas/ids.js';
import {
  invitationResult,
  invitationsResult,
  inviteInput,
  inviteResult,
  memberResult,
  notifyResult,
  reportLinkInput,
  reportLinkResult,
  teamResult,
} from '../../../shared/schemas/teams.js';
import type { App, Deps } from '../../lib/context.js';
import { userCtx } from '../../lib/context.js';
import { authorizeExport, createReportLink, reportFileName, teamReportCsv, teamReportXlsx } from './teams.report.js';
import { XLSX_TYPE } from '../../lib/spreadsheet.js';
import { listInvitations, resendTeamInvitation, revokeInvitation } from './invitations.service.js';
import { inviteMembers, listTeam, notifyLunchDelivered, setMemberActive } from './teams.service.js';
import { text } from '../../../shared/schemas/text.js';
import { errorResponse, fileResponse } from '../../lib/openapi.js';

const exportQuery = z.object({
  bearer: text().max(1000).optional(),
  from: text().max(10).optional(),
  to: text().max(10).optional(),
  /** csv (default) or xlsx: the same report as a workbook. */
  format: z.enum(['csv', 'xlsx']).optional(),
});

/**
 * Routes of the teams area (spec 7 "Team"): a location manager's team, invitations,
 * activation, the "lunch is delivered" notice and the team report. Every call checks in the
 * service that the caller manages a location and acts only on that location.
 */
export async function teamsRoutes(app: App, deps: Deps) {
  const db = deps.database.db;

  app.get('/me/team', { config: { access: 'user' }, schema: { tags: ['teams'], response: { 200: teamResult } } }, async (req) =>
    listTeam(userCtx(req), deps),
  );

  app.post(
    '/me/invite',
    { config: { access: 'user' }, schema: { tags: ['teams'], body: inviteInput, response: { 200: inviteResult } } },
    async (req) => inviteMembers(userCtx(req), deps, { emails: req.body.emails, who: req }),
  );

  app.get(
    '/me/invitations',
    { config: { access: 'user' }, schema: { tags: ['teams'], response: { 200: invitationsResult } } },
    async (req) => listInvitations(userCtx(req)),
  );

  app.delete(
    '/me/invitations/:id',
    { config: { access: 'user' }, schema: { tags: ['teams'], params: idParams, response: { 200: invitationResult } } },
    async (req) => revokeInvitation(userCtx(req), { id: req.params.id, who: req }),
  );

  app.post(
    '/me/invitations/:id/resend',
    { config: { access: 'user' }, schema: { tags: ['teams'], params: idParams, response: { 200: invitationResult } } },
    async (req) => resendTeamInvitation(userCtx(req), deps, { id: req.params.id, who: req }),
  );

  app.delete(
    '/me/deactivate/:id',
    { config: { access: 'user' }, schema: { tags: ['teams'], params: idParams, response: { 200: memberResult } } },
    async (req) => setMemberActive(userCtx(req), { memberId: req.params.id, active: false, who: req }),
  );

  // GET because the spec names it so; it only ever sets one flag (idempotent).
  app.get(
    '/me/activate/:id',
    { config: { access: 'user' }, schema: { tags: ['teams'], params: idParams, response: { 200: memberResult } } },
    async (req) => setMemberActive(userCtx(req), { memberId: req.params.id, active: true, who: req }),
  );

  // GET as the spec names it; repeats within the notice window are refused (409), not re-sent.
  app.get(
    '/me/notify-lunch-is-delivered',
    { config: { access: 'user' }, schema: { tags: ['teams'], response: { 200: notifyResult } } },
    async (req) => notifyLunchDelivered(userCtx(req), deps, { who: req }),
  );

  app.post(
    '/me/team/report-link',
    { config: { access: 'user' }, schema: { tags: ['teams'], body: reportLinkInput, response: { 200: reportLinkResult } } },
    async (req) => createReportLink(userCtx(req), req.body),
  );

  // Opened by the browser with ?bearer=<one-time download token> (decision 012), so the route is
  // public to the auth hook and authorizes itself; a session token is taken only from the header.
  // No automatic HEAD route: a HEAD (link checker, download manager probing the address) would
  // spend the single-use token and leave the real GET with 401.
  app.get(
    '/order/export/location/:id',
    {
      exposeHeadRoute: false,
      config: { access: 'public' },
      schema: {
        tags: ['teams'],
        params: idParams,
        querystring: exportQuery,
        // A one-time download token in ?bearer=, or the manager's session in the header.
        security: [{ bearerQuery: [] }, { bearer: [] }],
        otherResponses: {
          200: fileResponse('The team report as CSV (or XLSX with format=xlsx)', 'text/csv'),
          401: errorResponse(401, 'No session, and no valid download token'),
          403: errorResponse(403),
        },
      },
    },
    async (req, reply) => {
      const { location, period } = await authorizeExport(req.ctx, { locationId: req.params.id, query: req.query });
      const xlsx = req.query.format === 'xlsx';
      const body = xlsx ? await teamReportXlsx(db, location.id, period, req.lang) : await teamReportCsv(db, location.id, period, req.lang);
      return reply
        .header('content-type', xlsx ? XLSX_TYPE : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(location.title, period, xlsx ? 'xlsx' : 'csv')}"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );
}

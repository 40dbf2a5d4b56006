import { listQuerySchema, pagedOf } from '../../../shared/list-query.js';
import { ADMINS } from '../../../shared/roles.js';
import { auditActors, auditEntry, auditFilters } from '../../../shared/schemas/audit.js';
import type { App, Deps } from '../../lib/context.js';
import { listAudit, listAuditActors } from './audit.service.js';

const auditListQuery = listQuerySchema({ sort: [] as never[], filters: auditFilters, defaultPerPage: 50 });

/**
 * The audit log for administrators: read only. There is no call that changes or removes an entry
 * (and the database refuses it, migration 0006).
 */
export async function auditRoutes(app: App, deps: Deps) {
  const db = deps.database.db;
  const config = { access: ADMINS };

  app.get(
    '/audit',
    { config, schema: { tags: ['audit'], querystring: auditListQuery, response: { 200: pagedOf(auditEntry) } } },
    async (req) => listAudit(req.ctx, await req.providerOrNull(), req.query),
  );
  app.get('/audit/actors', { config, schema: { tags: ['audit'], response: { 200: auditActors } } }, async (req) =>
    listAuditActors(db, await req.providerOrNull()),
  );
}

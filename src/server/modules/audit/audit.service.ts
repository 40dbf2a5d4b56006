import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { pageOf, type ListQuery, type Paged } from '../../../shared/list-query.js';
import type { AuditAction, AuditEntryAnswer } from '../../../shared/schemas/audit.js';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

export type AuditListQuery = ListQuery<
  never,
  { action: AuditAction; actor_id: number; entity_type: string; entity_id: string; from: string; to: string }
>;

/**
 * What an admin may see: the active provider's entries and the provider-less ones (locations,
 * users); with no provider at all, only the provider-less ones.
 */
function scope(providerId: number | null): SQL | undefined {
  return providerId === null ? isNull(auditLog.providerId) : or(eq(auditLog.providerId, providerId), isNull(auditLog.providerId));
}

function where(providerId: number | null, q: AuditListQuery): SQL | undefined {
  const f = q.filter;
  // Days are read in the service's time zone, the whole of `to` included.
  return and(
    scope(providerId),
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.actor_id ? eq(auditLog.actorId, f.actor_id) : undefined,
    f.entity_type ? eq(auditLog.entityType, f.entity_type) : undefined,
    f.entity_id ? eq(auditLog.entityId, f.entity_id) : undefined,
    f.from ? sql`${auditLog.at} >= (${f.from}::date)::timestamp at time zone ${DEFAULT_TIMEZONE}` : undefined,
    f.to ? sql`${auditLog.at} < (${f.to}::date + 1)::timestamp at time zone ${DEFAULT_TIMEZONE}` : undefined,
  );
}

/** GET /app/audit: newest first, filtered, paged. */
export async function listAudit(db: Db, providerId: number | null, q: AuditListQuery): Promise<Paged<AuditEntryAnswer>> {
  const cond = where(providerId, q);
  const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(cond)) as [{ total: number }];
  const base = db
    .select({ entry: auditLog, actorName: users.firstName, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(cond)
    .orderBy(desc(auditLog.at), desc(auditLog.id));
  const rows = q.perPage === 'all' ? await base : await base.limit(q.perPage).offset((q.page - 1) * q.perPage);
  return pageOf(
    rows.map(({ entry: e, actorName, actorEmail }) => ({
      id: e.id,
      at: e.at.toISOString(),
      action: e.action as AuditAction,
      entity_type: e.entityType,
      entity_id: e.entityId,
      provider_id: e.providerId,
      actor: e.actorId === null ? null : { id: e.actorId, name: actorName ?? '', email: actorEmail ?? '' },
      before: e.before,
      after: e.after,
      request_id: e.requestId,
    })),
    total,
    q,
  );
}

/** GET /app/audit/actors: everyone who appears in the visible log, for the person filter. */
export async function listAuditActors(db: Db, providerId: number | null) {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.firstName, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(scope(providerId))
    .orderBy(users.email);
  return { data: rows };
}

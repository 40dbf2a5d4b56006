import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { pickText, type Lang } from '../../../shared/i18n.js';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import { pageOf, type ListQuery, type Paged } from '../../../shared/list-query.js';
import { AUDIT_REF_FIELDS, type AuditAction, type AuditEntryAnswer, type AuditRefKind } from '../../../shared/schemas/audit.js';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../lib/context.js';
import { auditLog, users } from '../../db/schema/index.js';
import { pageOfIds } from '../../lib/page-ids.js';

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

/**
 * GET /app/audit: newest first, filtered, paged; names of what the entries are about resolved for
 * the page, in the reader's language.
 */
export async function listAudit(
  { db, lang }: Pick<RequestContext, 'db' | 'lang'>,
  providerId: number | null,
  q: AuditListQuery,
): Promise<Paged<AuditEntryAnswer>> {
  const cond = where(providerId, q);
  const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(cond)) as [{ total: number }];
  const newestFirst = [desc(auditLog.at), desc(auditLog.id)];
  // The page's entries first, then their actors: joined before the OFFSET, every skipped entry had its actor looked up.
  const ids = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(cond)
    .orderBy(...newestFirst)
    .$dynamic();
  const pageIds = pageOfIds(ids, q);
  const rows = await db
    .select({ entry: auditLog, actorName: users.firstName, actorEmail: users.email })
    .from(auditLog)
    .innerJoin(pageIds, eq(pageIds.id, auditLog.id))
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(...newestFirst);
  const refsOf = rows.map(({ entry }) => entryRefs(entry));
  const names = await resolveNames(db, refsOf.flat(), lang);
  return pageOf(
    rows.map(({ entry: e, actorName, actorEmail }, i) => {
      const own: Record<string, string> = {};
      for (const [kind, id] of refsOf[i]!) {
        const name = names.get(`${kind}:${id}`);
        if (name !== undefined) own[`${kind}:${id}`] = name;
      }
      return {
        id: e.id,
        at: e.at.toISOString(),
        action: e.action as AuditAction,
        entity_type: e.entityType,
        entity_id: e.entityId,
        entity_name: entityName(e.entityType, e.entityId, own),
        provider_id: e.providerId,
        actor: e.actorId === null ? null : { id: e.actorId, name: actorName ?? '', email: actorEmail ?? '' },
        before: e.before,
        after: e.after,
        request_id: e.requestId,
        names: own,
      };
    }),
    total,
    q,
  );
}

type Ref = [AuditRefKind, number];
const ENTITY_KINDS: Partial<Record<string, AuditRefKind>> = {
  dish: 'dish',
  category: 'category',
  menu: 'menu',
  order: 'order',
  location: 'location',
  provider: 'provider',
  user: 'user',
  lap: 'lap',
  identity_provider: 'identity_provider',
  invoice: 'invoice',
  cost_centre: 'cost_centre',
};

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647;
const idOf = (v: unknown) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v);

/** The entity of an entry and its parts ("menuId:locationId", "menuId:loc:N", "menuId:lap:N"). */
function entityRefs(type: string, id: string): Ref[] {
  const kind = ENTITY_KINDS[type];
  if (kind) return isId(idOf(id)) ? [[kind, Number(id)]] : [];
  const [menu, a, b] = id.split(':');
  const refs: Ref[] = [];
  if (isId(idOf(menu))) refs.push(['menu', Number(menu)]);
  if ((type === 'cash_balance' || type === 'lap_stop') && isId(idOf(a))) refs.push(['location', Number(a)]);
  if (type === 'ticket' && isId(idOf(b))) refs.push([a === 'lap' ? 'lap' : 'location', Number(b)]);
  return refs;
}

/** Every id an entry names: its entity and the ids in its before/after (AUDIT_REF_FIELDS). */
function entryRefs(e: typeof auditLog.$inferSelect): Ref[] {
  const refs = entityRefs(e.entityType, e.entityId);
  for (const side of [e.before, e.after]) {
    for (const [field, value] of Object.entries((side ?? {}) as Record<string, unknown>)) {
      const ref = AUDIT_REF_FIELDS[field];
      if (!ref) continue;
      const ids = ref.in === 'keys' ? Object.keys((value ?? {}) as object).map((k) => idOf(k.split(':')[0])) : [value].flat(2).map(idOf);
      for (const id of ids) if (isId(id)) refs.push([ref.kind, id]);
    }
  }
  return refs;
}

/** The names of a page's ids: one query for every kind (UNION ALL), never one per entry. */
async function resolveNames(db: Db, refs: Ref[], lang: Lang): Promise<Map<string, string>> {
  const ids = new Map<AuditRefKind, Set<number>>();
  for (const [kind, id] of refs) ids.set(kind, (ids.get(kind) ?? new Set()).add(id));
  const names = new Map<string, string>();
  if (ids.size === 0) return names;
  const list = (kind: AuditRefKind) => `{${[...(ids.get(kind) ?? [])].join(',')}}`;
  const res = await db.execute<{ kind: AuditRefKind; id: number; name: unknown }>(sql`
    select 'dish' as kind, id, title as name from dishes where id = any(${list('dish')}::int[])
    union all select 'category', id, title from categories where id = any(${list('category')}::int[])
    union all select 'menu', id, to_jsonb(title) from menus where id = any(${list('menu')}::int[])
    union all select 'location', id, to_jsonb(title) from locations where id = any(${list('location')}::int[])
    union all select 'provider', id, to_jsonb(title) from providers where id = any(${list('provider')}::int[])
    union all select 'lap', id, to_jsonb(title) from laps where id = any(${list('lap')}::int[])
    union all select 'identity_provider', id, to_jsonb(name) from identity_providers where id = any(${list('identity_provider')}::int[])
    union all select 'invoice', id, to_jsonb(code) from invoices where id = any(${list('invoice')}::int[])
    union all select 'cost_centre', id, to_jsonb(code || ' ' || title) from cost_centres where id = any(${list('cost_centre')}::int[])
    union all select 'user', id, to_jsonb(case when trim(first_name) = '' then email else trim(first_name) || ' (' || email || ')' end)
      from users where id = any(${list('user')}::int[])
    union all select 'order', o.id, to_jsonb(coalesce(nullif(trim(u.first_name), ''), u.email))
      from orders o join users u on u.id = o.user_id where o.id = any(${list('order')}::int[])`);
  for (const r of res.rows) {
    const name = typeof r.name === 'string' ? r.name : pickText(r.name as Record<string, string>, lang);
    if (name) names.set(`${r.kind}:${Number(r.id)}`, name);
  }
  return names;
}

/** What an entry is about, as people read it ("Menu · Location" for compound ids); null when gone. */
function entityName(type: string, id: string, names: Record<string, string>): string | null {
  const parts = entityRefs(type, id)
    .map(([kind, n]) => names[`${kind}:${n}`])
    .filter((x): x is string => x !== undefined);
  return parts.length ? parts.join(' · ') : null;
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

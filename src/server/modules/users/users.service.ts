import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/list-query.js';
import { toEuros } from '../../../shared/money.js';
import type { AdminUser, AdminUserInput, AdminUserOrders, AdminUserResult } from '../../../shared/schemas/users.js';
import type { Role } from '../../../shared/roles.js';
import type { Db, Tx } from '../../db/client.js';
import { locations, menus, orders, users, userTokens } from '../../db/schema/index.js';
import { forgetCachedUser, revokeUserSessions } from '../../lib/auth.js';
import type { Deps, UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { passwordCreateLink } from '../../lib/links.js';
import { t } from '../../lib/messages.js';
import { hit } from '../../lib/rate-limit.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { usersText } from './users.messages.js';
import { pageOfIds } from '../../lib/page-ids.js';

/** How long a re-sent invitation (create-your-password) link works. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
/** One re-sent invitation per user in this window (a double click must not send two e-mails). */
export const RESEND_WINDOW_MS = 10 * 60_000;
/** How many of a user's orders the administrator sees. */
export const RECENT_ORDERS = 10;

export type UsersFilter = {
  role?: Role;
  active?: boolean;
  is_location_manager?: boolean;
  location_id?: number;
};

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  phone: users.phone,
  role: users.role,
  active: users.active,
  isLocationManager: users.isLocationManager,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  locationId: locations.id,
  locationTitle: locations.title,
  costCentreId: users.costCentreId,
  createdAt: users.createdAt,
};
type Row = {
  id: number;
  email: string;
  firstName: string;
  phone: string;
  role: Role;
  active: boolean;
  isLocationManager: boolean;
  hasPassword: boolean;
  locationId: number | null;
  locationTitle: string | null;
  costCentreId: number | null;
  createdAt: Date;
};

function present(r: Row): AdminUser {
  return {
    id: r.id,
    email: r.email,
    first_name: r.firstName,
    phone: r.phone,
    role: r.role,
    active: r.active,
    is_location_manager: r.isLocationManager,
    has_password: r.hasPassword,
    location: r.locationId === null ? null : { id: r.locationId, title: r.locationTitle ?? '' },
    cost_centre_id: r.costCentreId,
    created_at: r.createdAt,
  };
}

const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The administrator's request: who acts, the clock, the language of answers and e-mails. */
type AdminCtx = Pick<UserContext, 'db' | 'now' | 'lang' | 'user'>;

/**
 * Users whose name, e-mail or phone holds `like`, or whose location's title does: the trigram
 * indexes of users (decision 054) find the first three, the location's users the fourth.
 */
const searched = (like: string): SQL =>
  sql`${users.id} in (select id from users where first_name ilike ${like} or email ilike ${like} or phone ilike ${like}
    union all select id from users where location_id in (select id from locations where title ilike ${like}))`;

/** GET /app/admin/users: every user, by name; search covers name, e-mail, phone and location. */
export async function listUsers(db: Db, q: ListQuery<never, UsersFilter>): Promise<{ data: AdminUser[]; total: number }> {
  const f = q.filter;
  const where: SQL | undefined = and(
    f.role !== undefined ? eq(users.role, f.role) : undefined,
    f.active !== undefined ? eq(users.active, f.active) : undefined,
    f.is_location_manager !== undefined ? eq(users.isLocationManager, f.is_location_manager) : undefined,
    f.location_id !== undefined ? eq(users.locationId, f.location_id) : undefined,
    q.search ? searched(likeOf(q.search)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  const byName = [asc(sql`lower(${users.firstName})`), asc(users.id)];
  // The page's users first (a deep page walks the name index, users_name_idx), then their columns.
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...byName)
    .$dynamic();
  const page = pageOfIds(ids, q, 'page');
  const rows = await db
    .select(columns)
    .from(users)
    .innerJoin(page, eq(page.id, users.id))
    .leftJoin(locations, eq(locations.id, users.locationId))
    .orderBy(...byName);
  return { data: (rows as Row[]).map(present), total };
}

async function loadUser(db: Db | Tx, id: number): Promise<Row | null> {
  const [row] = await db.select(columns).from(users).leftJoin(locations, eq(locations.id, users.locationId)).where(eq(users.id, id));
  return (row as Row | undefined) ?? null;
}

const nameOf = (r: { firstName: string; email: string }) => r.firstName || r.email;

/**
 * PUT /app/admin/users/{id}: name, phone, location, role and the manager flag, in one
 * transaction (the audit entry goes in it). An administrator cannot take the role from
 * themselves; a manager must be a customer with a location.
 */
export async function updateUser(
  ctx: AdminCtx,
  { id, input, who }: { id: number; input: AdminUserInput; who: AuditWho },
): Promise<AdminUserResult> {
  const { db, user: admin } = ctx;
  if (id === admin.id && input.role !== 'admin')
    throw fieldError(usersText.coded('notSelfDemote'), { role: [usersText.coded('notSelfDemote')] });
  if (input.is_location_manager && input.role !== 'customer') {
    throw fieldError(t.coded('invalid'), { is_location_manager: [usersText.coded('managerIsCustomer')] });
  }
  if (input.is_location_manager && input.location_id === null) {
    throw fieldError(t.coded('invalid'), { is_location_manager: [usersText.coded('managerNeedsLocation')] });
  }
  const row = await db.transaction(async (tx) => {
    if (input.location_id !== null) {
      const [loc] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.location_id));
      if (!loc) throw fieldError(t.coded('invalid'), { location_id: [usersText.coded('unknownLocation')] });
    }
    const [old] = await tx
      .select({
        first_name: users.firstName,
        phone: users.phone,
        location_id: users.locationId,
        role: users.role,
        is_location_manager: users.isLocationManager,
      })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!old) throw new AppError(404, t.coded('notFound'));
    await tx
      .update(users)
      .set({
        firstName: input.first_name,
        phone: input.phone,
        locationId: input.location_id,
        role: input.role,
        isLocationManager: input.is_location_manager,
      })
      .where(eq(users.id, id));
    const next = {
      first_name: input.first_name,
      phone: input.phone,
      location_id: input.location_id,
      role: input.role,
      is_location_manager: input.is_location_manager,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((k) => next[k] !== old[k]);
    if (changed.length > 0) {
      await recordAudit(tx, who, {
        action: 'user.update',
        entityType: 'user',
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, old[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      });
    }
    return (await loadUser(tx, id))!;
  });
  // A role, location or manager change must hold on the user's next call, not after the cache.
  await forgetCachedUser(db, id);
  return { success: true, message: usersText(ctx.lang, 'saved', { name: nameOf(row) }), user: present(row) };
}

/**
 * POST /app/admin/users/{id}/deactivate and /activate: deactivating ends every session of the
 * user in the same transaction. Not on oneself. Both are idempotent.
 */
export async function setUserActive(
  ctx: AdminCtx,
  { id, active, who }: { id: number; active: boolean; who: AuditWho },
): Promise<AdminUserResult> {
  const { db, user: admin } = ctx;
  if (id === admin.id && !active) throw new AppError(409, usersText.coded('notSelfDeactivate'));
  const row = await db.transaction(async (tx) => {
    const [old] = await tx.select({ active: users.active }).from(users).where(eq(users.id, id)).for('update');
    if (!old) throw new AppError(404, t.coded('notFound'));
    await tx.update(users).set({ active }).where(eq(users.id, id));
    if (!active) await revokeUserSessions(tx, id);
    if (old.active !== active) {
      await recordAudit(tx, who, {
        action: 'user.active',
        entityType: 'user',
        entityId: id,
        before: { active: old.active },
        after: { active },
      });
    }
    return (await loadUser(tx, id))!;
  });
  await forgetCachedUser(db, id);
  return { success: true, message: usersText(ctx.lang, active ? 'activated' : 'deactivated', { name: nameOf(row) }), user: present(row) };
}

/**
 * POST /app/admin/users/{id}/invite: e-mails a fresh create-your-password link to a user who has
 * no password yet (earlier links stop working). Refused for a user who has one (they reset it)
 * and for an inactive user; at most one per user per RESEND_WINDOW_MS.
 */
export async function resendInvitation(
  ctx: AdminCtx,
  deps: Pick<Deps, 'env' | 'mailer'>,
  { id, who }: { id: number; who: AuditWho },
): Promise<AdminUserResult> {
  const { db, now, lang } = ctx;
  const row = await loadUser(db, id);
  if (!row) throw new AppError(404, t.coded('notFound'));
  if (row.hasPassword) throw new AppError(409, usersText.coded('alreadySignedUp'));
  if (!row.active) throw new AppError(409, usersText.coded('inactiveUser'));
  const { count, resetAt } = await hit(db, `admin-invite:user:${id}`, RESEND_WINDOW_MS);
  if (count > 1) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    throw new AppError(429, t.coded('tooManyRequests'), {}, { 'retry-after': String(seconds) });
  }
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(and(eq(userTokens.userId, id), eq(userTokens.kind, 'invite'), sql`${userTokens.usedAt} is null`));
    await tx.insert(userTokens).values({
      kind: 'invite',
      userId: id,
      email: row.email,
      locationId: row.locationId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
    });
    await recordAudit(tx, who, { action: 'user.invite', entityType: 'user', entityId: id, after: { email: row.email } });
  });
  await deps.mailer.send({
    to: row.email,
    subject: usersText(lang, 'inviteSubject'),
    text: usersText(lang, 'inviteBody', {
      name: row.firstName,
      days: INVITE_TTL_MS / (24 * 3600_000),
      link: passwordCreateLink(deps.env, token),
    }),
    sensitive: true,
  });
  return { success: true, message: usersText(lang, 'inviteSent', { email: row.email }), user: present(row) };
}

/** GET /app/admin/users/{id}/orders: the user's latest orders, any status. */
export async function recentOrders(db: Db, id: number): Promise<AdminUserOrders> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!u) throw new AppError(404, t.coded('notFound'));
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      menuId: menus.id,
      menuTitle: menus.title,
      status: orders.status,
      accepted: orders.accepted,
      amountToPayCents: orders.amountToPayCents,
      paymentType: orders.paymentType,
    })
    .from(orders)
    .innerJoin(menus, eq(menus.id, orders.menuId))
    .where(eq(orders.userId, id))
    .orderBy(desc(orders.id))
    .limit(RECENT_ORDERS);
  return {
    data: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt,
      menu: { id: r.menuId, title: r.menuTitle },
      status: r.status,
      accepted: r.accepted,
      amount_to_pay: toEuros(r.amountToPayCents),
      payment_type: r.paymentType,
    })),
  };
}

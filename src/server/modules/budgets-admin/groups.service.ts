import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { GroupInput, GroupList, LocationGroup } from '../../../shared/schemas/budget-rules.js';
import type { Tx } from '../../db/client.js';
import { locationGroups, users } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { budgetsAdminText } from './budgets-admin.messages.js';
import { managedLocation, mayManage } from './scope.js';

/** What the group calls read of the request: the database and the caller. */
export type AdminCtx = Pick<UserContext, 'db' | 'user'>;
type GroupRow = typeof locationGroups.$inferSelect;

const present = (g: GroupRow, members: number): LocationGroup => ({ id: g.id, location_id: g.locationId, title: g.title, members });

/** The people a location's groups hold: its members (customers), as the team list counts them. */
const peopleOf = (locationId: number) => and(eq(users.locationId, locationId), eq(users.role, 'customer'));

/** GET /app/locations/{id}/groups: the groups (by title) and the location's people with their group. */
export async function listGroups(ctx: AdminCtx, locationId: number): Promise<GroupList> {
  const location = await managedLocation(ctx.db, ctx.user, locationId);
  const groups = await ctx.db
    .select()
    .from(locationGroups)
    .where(eq(locationGroups.locationId, location.id))
    .orderBy(asc(sql`lower(${locationGroups.title})`), asc(locationGroups.id));
  const people = await ctx.db
    .select({ id: users.id, firstName: users.firstName, email: users.email, groupId: users.groupId })
    .from(users)
    .where(peopleOf(location.id))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.email})`), asc(users.id));
  const members = new Map<number, number>();
  for (const p of people) if (p.groupId !== null) members.set(p.groupId, (members.get(p.groupId) ?? 0) + 1);
  return {
    location,
    data: groups.map((g) => present(g, members.get(g.id) ?? 0)),
    people: people.map((p) => ({ id: p.id, name: p.firstName, email: p.email, group_id: p.groupId })),
  };
}

/** A title is unique per location whatever its case: a second "sales" is a field error, not a 409. */
async function checkTitleFree(tx: Tx, locationId: number, title: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: locationGroups.id })
    .from(locationGroups)
    .where(
      and(
        eq(locationGroups.locationId, locationId),
        eq(sql`lower(${locationGroups.title})`, title.toLowerCase()),
        exceptId === undefined ? undefined : ne(locationGroups.id, exceptId),
      ),
    );
  if (taken) throw fieldError(t.coded('invalid'), { title: [budgetsAdminText.coded('groupTaken')] });
}

async function memberCount(tx: Tx, groupId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.groupId, groupId));
  return row?.n ?? 0;
}

/** POST /app/locations/{id}/groups */
export async function createGroup(
  ctx: AdminCtx,
  { locationId, input, who }: { locationId: number; input: GroupInput; who: AuditWho },
): Promise<LocationGroup> {
  const location = await managedLocation(ctx.db, ctx.user, locationId);
  return ctx.db.transaction(async (tx) => {
    await checkTitleFree(tx, location.id, input.title);
    const [row] = await tx.insert(locationGroups).values({ locationId: location.id, title: input.title }).returning();
    await recordAudit(tx, who, {
      action: 'group.create',
      entityType: 'location_group',
      entityId: row!.id,
      after: { location_id: location.id, title: row!.title },
    });
    return present(row!, 0);
  });
}

/**
 * A group the caller may manage, locked for the change: 404 when it does not exist or (for a
 * manager) is another location's, so ids of other locations reveal nothing.
 */
async function groupForChange(ctx: AdminCtx, tx: Tx, groupId: number): Promise<GroupRow> {
  const [row] = await tx.select().from(locationGroups).where(eq(locationGroups.id, groupId)).for('update');
  if (!row || !mayManage(ctx.user, row.locationId)) throw new AppError(404, budgetsAdminText.coded('groupNotFound'));
  return row;
}

/** PUT /app/groups/{id}: renames the group. */
export async function renameGroup(
  ctx: AdminCtx,
  { groupId, input, who }: { groupId: number; input: GroupInput; who: AuditWho },
): Promise<LocationGroup> {
  return ctx.db.transaction(async (tx) => {
    const old = await groupForChange(ctx, tx, groupId);
    if (old.title !== input.title) {
      await checkTitleFree(tx, old.locationId, input.title, old.id);
      await tx.update(locationGroups).set({ title: input.title }).where(eq(locationGroups.id, old.id));
      await recordAudit(tx, who, {
        action: 'group.update',
        entityType: 'location_group',
        entityId: old.id,
        before: { title: old.title },
        after: { title: input.title },
      });
    }
    return present({ ...old, title: input.title }, await memberCount(tx, old.id));
  });
}

/** DELETE /app/groups/{id}: its people fall back to the location's rule; the group's rule goes with it. */
export async function deleteGroup(ctx: AdminCtx, { groupId, who }: { groupId: number; who: AuditWho }): Promise<LocationGroup> {
  return ctx.db.transaction(async (tx) => {
    const old = await groupForChange(ctx, tx, groupId);
    const members = await memberCount(tx, old.id);
    await tx.delete(locationGroups).where(eq(locationGroups.id, old.id));
    await recordAudit(tx, who, {
      action: 'group.delete',
      entityType: 'location_group',
      entityId: old.id,
      before: { location_id: old.locationId, title: old.title, members },
    });
    return present(old, members);
  });
}

/**
 * PUT /app/users/{id}/group: puts a person of the location in one of its groups (or none).
 * The person must be a member of a location the caller manages (404 otherwise); the group must
 * be of the person's location (422 on group_id).
 */
export async function setUserGroup(
  ctx: AdminCtx,
  { userId, groupId, who }: { userId: number; groupId: number | null; who: AuditWho },
): Promise<{ user_id: number; group_id: number | null }> {
  return ctx.db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id, locationId: users.locationId, groupId: users.groupId, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!person || person.locationId === null || !mayManage(ctx.user, person.locationId) || person.role !== 'customer')
      throw new AppError(404, budgetsAdminText.coded('personNotFound'));
    if (groupId !== null) {
      const [group] = await tx.select({ locationId: locationGroups.locationId }).from(locationGroups).where(eq(locationGroups.id, groupId));
      if (!group) throw fieldError(t.coded('invalid'), { group_id: [budgetsAdminText.coded('groupNotFound')] });
      if (group.locationId !== person.locationId)
        throw fieldError(t.coded('invalid'), { group_id: [budgetsAdminText.coded('groupOfOtherLocation')] });
    }
    if (person.groupId !== groupId) {
      await tx.update(users).set({ groupId }).where(eq(users.id, person.id));
      await recordAudit(tx, who, {
        action: 'user.group',
        entityType: 'user',
        entityId: person.id,
        before: { group_id: person.groupId },
        after: { group_id: groupId },
      });
    }
    return { user_id: person.id, group_id: groupId };
  });
}

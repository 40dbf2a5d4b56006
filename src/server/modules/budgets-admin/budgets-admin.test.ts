import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, budgetRules, users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { signedIn } from '../../test/factories.js';
import { teamWorld } from '../teams/teams.factories.js';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(() => ctx.close());

const world = async () => {
  const now = ctx.clock.now();
  const team = await teamWorld(ctx.db, now);
  const other = await teamWorld(ctx.db, now);
  return { team, other, manager: ctx.as(team.manager), otherManager: ctx.as(other.manager) };
};

const auditOf = (res: { headers: Record<string, unknown> }) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));

describe('groups', () => {
  it('lets a manager add, rename, fill and delete groups of their own location, each write audited', async () => {
    const w = await world();
    const url = `/app/locations/${w.team.location.id}/groups`;
    const created = await w.manager.post(url, { title: ' Sales ' });
    expect(created.statusCode).toBe(201);
    const sales = created.json();
    expect(sales).toMatchObject({ location_id: w.team.location.id, title: 'Sales', members: 0 });
    expect((await auditOf(created)).map((e) => e.action)).toEqual(['group.create']);

    // The same title whatever its case is a field error; another location may use it.
    const twice = await w.manager.post(`${url}?lang=en`, { title: 'SALES' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.title).toEqual(['This location already has a group with this name.']);
    expect((await w.otherManager.post(`/app/locations/${w.other.location.id}/groups`, { title: 'Sales' })).statusCode).toBe(201);

    const put = await w.manager.put(`/app/users/${w.team.anna.user.id}/group`, { group_id: sales.id });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ user_id: w.team.anna.user.id, group_id: sales.id });
    expect((await auditOf(put)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.group', { group_id: null }, { group_id: sales.id }],
    ]);

    const renamed = await w.manager.put(`/app/groups/${sales.id}`, { title: 'Sales team' });
    expect(renamed.json()).toMatchObject({ title: 'Sales team', members: 1 });
    expect((await auditOf(renamed)).map((e) => e.action)).toEqual(['group.update']);

    const list = (await w.manager.get(url)).json();
    expect(list.data).toEqual([{ id: sales.id, location_id: w.team.location.id, title: 'Sales team', members: 1 }]);
    expect(list.people.find((p: { id: number }) => p.id === w.team.anna.user.id)).toMatchObject({ name: 'Anna', group_id: sales.id });
    // Only the location's members, not the other location's.
    expect(list.people.map((p: { id: number }) => p.id)).not.toContain(w.other.anna.user.id);

    const gone = await w.manager.delete(`/app/groups/${sales.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await auditOf(gone)).map((e) => e.action)).toEqual(['group.delete']);
    const [anna] = await ctx.db.select({ groupId: users.groupId }).from(users).where(eq(users.id, w.team.anna.user.id));
    expect(anna!.groupId).toBeNull();
  });

  it("keeps a manager out of another location's groups and people, and kitchen and members out of all", async () => {
    const w = await world();
    const theirs = (await w.otherManager.post(`/app/locations/${w.other.location.id}/groups`, { title: 'Night' })).json();
    const mine = (await w.manager.post(`/app/locations/${w.team.location.id}/groups`, { title: 'Day' })).json();
    expect((await w.manager.get(`/app/locations/${w.other.location.id}/groups`)).statusCode).toBe(403);
    expect((await w.manager.post(`/app/locations/${w.other.location.id}/groups`, { title: 'X' })).statusCode).toBe(403);
    expect((await w.manager.put(`/app/groups/${theirs.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await w.manager.delete(`/app/groups/${theirs.id}`)).statusCode).toBe(404);
    // Another location's person, or a group of another location for my person.
    expect((await w.manager.put(`/app/users/${w.other.anna.user.id}/group`, { group_id: mine.id })).statusCode).toBe(404);
    const wrong = await w.manager.put(`/app/users/${w.team.anna.user.id}/group?lang=en`, { group_id: theirs.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.group_id).toEqual(['This group belongs to another location.']);

    const kitchen = await ctx.as('kitchen');
    const member = ctx.as(w.team.anna);
    for (const c of [kitchen, member]) {
      expect((await c.get(`/app/locations/${w.team.location.id}/groups`)).statusCode).toBe(403);
      expect((await c.post(`/app/locations/${w.team.location.id}/groups`, { title: 'Z' })).statusCode).toBe(403);
      expect((await c.put(`/app/groups/${mine.id}`, { title: 'Z' })).statusCode).toBe(404);
      expect((await c.put(`/app/users/${w.team.kristaps.id}/group`, { group_id: mine.id })).statusCode).toBe(404);
    }
    // The administrator manages any location.
    const admin = await ctx.as('admin');
    expect((await admin.put(`/app/users/${w.other.anna.user.id}/group`, { group_id: theirs.id })).statusCode).toBe(200);
    expect((await admin.get(`/app/locations/999999/groups`)).statusCode).toBe(404);
  });
});

describe('budget rules', () => {
  it('sets, replaces and removes the rules of a location and of a group, in euros, audited', async () => {
    const w = await world();
    const url = `/app/locations/${w.team.location.id}/budget-rules`;
    const group = (await w.manager.post(`/app/locations/${w.team.location.id}/groups`, { title: 'Sales' })).json();

    const first = await w.manager.put(url, { period: 'month', amount: 80, blocking: true });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ group_id: null, period: 'month', amount: 80, cap: null, blocking: true });
    const again = await w.manager.put(url, { group_id: null, period: 'week', amount: 25.5, cap: 4.2, blocking: false });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, period: 'week', amount: 25.5, cap: 4.2, blocking: false });
    const [entry] = await auditOf(again);
    expect(entry).toMatchObject({
      action: 'budget_rule.set',
      entityType: 'budget_rule',
      before: { period: 'month', amount_cents: 8000, cap_cents: null, blocking: true, group_id: null },
      after: { location_id: w.team.location.id, period: 'week', amount_cents: 2550, cap_cents: 420, blocking: false, group_id: null },
    });
    const [stored] = await ctx.db.select().from(budgetRules).where(eq(budgetRules.id, first.json().id));
    expect(stored).toMatchObject({ amountCents: 2550, capCents: 420 });

    expect((await w.manager.put(url, { group_id: group.id, period: 'day', amount: 6, blocking: true })).statusCode).toBe(201);
    const list = (await w.manager.get(url)).json().data;
    expect(list.map((r: { group_id: number | null; period: string }) => [r.group_id, r.period])).toEqual([
      [null, 'week'],
      [group.id, 'day'],
    ]);

    const removed = await w.manager.delete(`${url}?group_id=${group.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await auditOf(removed)).map((e) => e.action)).toEqual(['budget_rule.delete']);
    expect((await w.manager.delete(`${url}?group_id=${group.id}`)).statusCode).toBe(404);
    // Deleting a group takes its rule with it.
    await w.manager.put(url, { group_id: group.id, period: 'day', amount: 6, blocking: true });
    await w.manager.delete(`/app/groups/${group.id}`);
    expect(
      await ctx.db
        .select()
        .from(budgetRules)
        .where(and(eq(budgetRules.locationId, w.team.location.id))),
    ).toHaveLength(1);
  });

  it('refuses amounts of zero, a cap above the amount and a group of another location, on their fields', async () => {
    const w = await world();
    const url = `/app/locations/${w.team.location.id}/budget-rules?lang=en`;
    const zero = await w.manager.put(url, { period: 'month', amount: 0, blocking: true });
    expect(zero.statusCode).toBe(422);
    expect(Object.keys(zero.json().errors)).toEqual(['amount']);
    const cents = await w.manager.put(url, { period: 'month', amount: 10.005, blocking: true });
    expect(Object.keys(cents.json().errors)).toEqual(['amount']);
    const cap = await w.manager.put(url, { period: 'day', amount: 5, cap: 6, blocking: true });
    expect(cap.statusCode).toBe(422);
    expect(cap.json().errors.cap).toEqual(['The most per order may not be more than the budget.']);
    const capZero = await w.manager.put(url, { period: 'day', amount: 5, cap: 0, blocking: true });
    expect(Object.keys(capZero.json().errors)).toEqual(['cap']);
    const period = await w.manager.put(url, { period: 'year', amount: 5, blocking: true });
    expect(Object.keys(period.json().errors)).toEqual(['period']);
    const theirs = (await w.otherManager.post(`/app/locations/${w.other.location.id}/groups`, { title: 'Night' })).json();
    const foreign = await w.manager.put(url, { group_id: theirs.id, period: 'day', amount: 5, blocking: true });
    expect(foreign.json().errors.group_id).toEqual(['This group belongs to another location.']);
    expect(await ctx.db.select().from(budgetRules).where(eq(budgetRules.locationId, w.team.location.id))).toEqual([]);
  });

  it('lets the administrator set any location, a manager only their own, kitchen and members none', async () => {
    const w = await world();
    const body = { period: 'month', amount: 50, blocking: false };
    const theirs = `/app/locations/${w.other.location.id}/budget-rules`;
    expect((await w.manager.get(theirs)).statusCode).toBe(403);
    expect((await w.manager.put(theirs, body)).statusCode).toBe(403);
    expect((await w.manager.delete(theirs)).statusCode).toBe(403);
    expect((await (await ctx.as('kitchen')).put(theirs, body)).statusCode).toBe(403);
    expect((await (await ctx.as('kitchen')).get(theirs)).statusCode).toBe(403);
    expect((await ctx.as(w.other.anna).put(theirs, body)).statusCode).toBe(403);
    // A former manager (the flag taken away) is a member.
    const demoted = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.other.location.id }, ctx.clock.now()));
    expect((await demoted.get(theirs)).statusCode).toBe(403);
    expect((await (await ctx.as('admin')).put(theirs, body)).statusCode).toBe(201);
    expect((await w.otherManager.get(theirs)).json().data).toHaveLength(1);
    expect((await ctx.anon.get(theirs)).statusCode).toBe(401);
  });
});

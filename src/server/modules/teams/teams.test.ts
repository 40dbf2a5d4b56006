import ExcelJS from 'exceljs';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INVITES_PER_CALL } from '../../../shared/schemas/teams.js';
import { auditLog, costCentres, locations, mailOutbox, orders, teamInvitations, users } from '../../db/schema/index.js';
import { makeLocation, makeUser, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeMenu, menuWorld } from '../ordering/ordering.factories.js';
import { placedOrder, teamWorld } from './teams.factories.js';
import { REPORT_LIMITS } from './teams.report.js';
import { INVITE_LIMITS } from './teams.service.js';

const PUBLIC_URL = 'https://lunch.example.lv';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL });
});
afterAll(() => ctx.close());

/** Rows of a CSV answer (after its BOM), honouring quotes. */
function csvRows(raw: Buffer, sep: string): string[][] {
  const text = raw.subarray(3).toString('utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let cellText = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cellText += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cellText += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cellText);
      cellText = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cellText);
      rows.push(row);
      row = [];
      cellText = '';
      i++;
    } else cellText += c;
  }
  return rows;
}

/** The token of the sign-up link in an invitation e-mail. */
function inviteToken(text: string): string {
  const m = /\/user\/register-invited\/([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no sign-up link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

async function mailsTo(emails: string[]) {
  return ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails)).orderBy(desc(mailOutbox.id));
}

describe('access to team calls', () => {
  it('needs a signed-in location manager: 401 without a token, 403 for customers, staff and managers without a location', async () => {
    const now = ctx.clock.now();
    const loc = await makeLocation(ctx.db);
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: loc.id }, now));
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin', locationId: loc.id }, now));
    const homeless = ctx.as(await signedIn(ctx.db, { role: 'customer', isLocationManager: true, locationId: null }, now));
    const calls = [
      () => ({ method: 'GET' as const, url: '/app/me/team' }),
      () => ({ method: 'POST' as const, url: '/app/me/invite', payload: { emails: ['a@b.lv'] } }),
      () => ({ method: 'DELETE' as const, url: `/app/me/deactivate/${customer.user.id}` }),
      () => ({ method: 'GET' as const, url: `/app/me/activate/${customer.user.id}` }),
      () => ({ method: 'GET' as const, url: '/app/me/notify-lunch-is-delivered' }),
      () => ({ method: 'GET' as const, url: '/app/me/invitations' }),
      () => ({ method: 'DELETE' as const, url: '/app/me/invitations/1' }),
      () => ({ method: 'POST' as const, url: '/app/me/invitations/1/resend' }),
      () => ({ method: 'POST' as const, url: '/app/me/team/report-link', payload: { from: '2026-11-01', to: '2026-11-30' } }),
      () => ({ method: 'GET' as const, url: `/app/order/export/location/${loc.id}?from=2026-11-01&to=2026-11-30` }),
    ];
    for (const call of calls) {
      const { method, url, payload } = call() as { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object };
      expect((await ctx.anon.request(method, url, payload)).statusCode, call().url).toBe(401);
      for (const who of [customer, admin, homeless]) {
        const res = await who.request(method, url, payload);
        expect(res.statusCode, `${call().url} as ${who.user.email}`).toBe(403);
      }
    }
    // Nothing changed for the customer.
    const [row] = await ctx.db.select({ active: users.active }).from(users).where(eq(users.id, customer.user.id));
    expect(row!.active).toBe(true);
  });
});

describe('GET /app/me/team', () => {
  it('gives the manager the same invitation address as the administrator sees, from PUBLIC_URL', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now());
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const expected = `${PUBLIC_URL}/user/register-invited/${encodeURIComponent(w.location.token)}`;
    const managers = (await ctx.as(w.manager).get('/app/me/team')).json().location.invite_url;
    // Requests arriving under another Host name change nothing.
    const headers = { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' };
    const admins = (await admin.get(`/app/locations/${w.location.id}`, { headers })).json().invite_url;
    const listed = (await admin.get('/app/locations?per_page=all', { headers }))
      .json()
      .data.find((l: { id: number }) => l.id === w.location.id).invite_url;
    expect([managers, admins, listed]).toEqual([expected, expected, expected]);
    const renewed = (await admin.put(`/app/locations/${w.location.id}`, { regenerate_token: true })).json();
    expect(renewed.invite_url).toBe(`${PUBLIC_URL}/user/register-invited/${encodeURIComponent(renewed.token)}`);
    expect((await ctx.as(w.manager).get('/app/me/team')).json().location.invite_url).toBe(renewed.invite_url);
    // Kitchen staff see neither the token nor the address.
    expect((await kitchen.get(`/app/locations/${w.location.id}`)).json()).not.toHaveProperty('invite_url');
  });

  it('lists the customers of the manager’s own location by name, with the own row marked', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now(), { title: 'Birojs Centrs' });
    const elsewhere = await makeLocation(ctx.db);
    await makeUser(ctx.db, { role: 'customer', locationId: elsewhere.id, firstName: 'Aaron' });
    await makeUser(ctx.db, { role: 'kitchen', locationId: w.location.id, firstName: 'Virtuve' });
    const res = await ctx.as(w.manager).get('/app/me/team?lang=en');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.location).toEqual({
      id: w.location.id,
      title: 'Birojs Centrs',
      invite_url: `${PUBLIC_URL}/user/register-invited/${encodeURIComponent(w.location.token)}`,
    });
    expect(body.data.map((m: { first_name: string }) => m.first_name)).toEqual(['Anna', 'Kristaps', 'Līga', 'Marta']);
    expect(body.data[2]).toEqual({
      id: w.liga.id,
      first_name: 'Līga',
      email: w.liga.email,
      activated: false,
      is_location_manager: false,
      is_self: false,
      cost_centre_id: null,
    });
    expect(body.data[3]).toMatchObject({ id: w.manager.user.id, is_self: true, is_location_manager: true, activated: true });
  });
});

describe('activate and deactivate', () => {
  it('deactivates a member (ending their sessions) and activates them again', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now());
    expect((await ctx.as(w.anna).get('/app/me')).statusCode).toBe(200);

    const off = await ctx.as(w.manager).delete(`/app/me/deactivate/${w.anna.user.id}?lang=en`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, message: 'Anna was deactivated.', member: { id: w.anna.user.id, activated: false } });
    expect((await ctx.as(w.anna).get('/app/me')).statusCode).toBe(401);
    // Idempotent.
    expect((await ctx.as(w.manager).delete(`/app/me/deactivate/${w.anna.user.id}`)).json().member.activated).toBe(false);

    const on = await ctx.as(w.manager).get(`/app/me/activate/${w.anna.user.id}?lang=lv`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: 'Anna: konts aktivizēts.', member: { activated: true } });
    const [row] = await ctx.db.select({ active: users.active }).from(users).where(eq(users.id, w.anna.user.id));
    expect(row!.active).toBe(true);
    // The ended session stays ended; the member signs in again.
    expect((await ctx.as(w.anna).get('/app/me')).statusCode).toBe(401);
  });

  it('refuses the own row (403) and anyone outside the team (404), changing nothing', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now());
    const other = await teamWorld(ctx.db, ctx.clock.now());
    const staff = await makeUser(ctx.db, { role: 'admin', locationId: w.location.id });

    const self = await ctx.as(w.manager).delete(`/app/me/deactivate/${w.manager.user.id}?lang=en`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot activate or deactivate yourself.');
    expect((await ctx.as(w.manager).get(`/app/me/activate/${w.manager.user.id}`)).statusCode).toBe(403);

    for (const id of [other.anna.user.id, other.manager.user.id, staff.id, 2_000_000_000]) {
      expect((await ctx.as(w.manager).delete(`/app/me/deactivate/${id}`)).statusCode).toBe(404);
      expect((await ctx.as(w.manager).get(`/app/me/activate/${id}`)).statusCode).toBe(404);
    }
    const rows = await ctx.db
      .select({ active: users.active })
      .from(users)
      .where(inArray(users.id, [w.manager.user.id, other.anna.user.id, other.manager.user.id, staff.id]));
    expect(rows.every((r) => r.active)).toBe(true);
    expect((await ctx.as(other.anna).get('/app/me')).statusCode).toBe(200);
    expect((await ctx.as(w.manager).delete('/app/me/deactivate/abc')).statusCode).toBe(422);
  });
});

describe('POST /app/me/invite', () => {
  it('validates every address and answers errors per row (emails.{index})', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now());
    const res = await ctx.as(w.manager).post('/app/me/invite?lang=en', { emails: ['ok@test.lv', 'not-an-email', ''] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'emails.1': ['Enter a valid e-mail address.'], 'emails.2': ['Enter a valid e-mail address.'] });
    expect((await ctx.as(w.manager).post('/app/me/invite?lang=en', { emails: [] })).json().errors).toEqual({ emails: ['Add at least 1.'] });
    const many = Array.from({ length: MAX_INVITES_PER_CALL + 1 }, (_, i) => `many${i}@test.lv`);
    expect((await ctx.as(w.manager).post('/app/me/invite?lang=en', { emails: many })).json().errors).toEqual({
      emails: [`At most ${MAX_INVITES_PER_CALL} are allowed.`],
    });
    expect(await mailsTo(['ok@test.lv'])).toHaveLength(0);
  });

  it('e-mails each new address its own sign-up link from PUBLIC_URL and names what it skipped', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now(), { title: 'Birojs Centrs' });
    const outsider = await makeUser(ctx.db, { role: 'customer', locationId: (await makeLocation(ctx.db)).id });
    const fresh = [`new1-${w.location.id}@test.lv`, `New2-${w.location.id}@test.lv`];
    const res = await ctx.as(w.manager).post('/app/me/invite?lang=en', {
      emails: [fresh[0], w.kristaps.email.toUpperCase(), fresh[1], outsider.email, ` ${fresh[0]!.toUpperCase()} `],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // An address with an account elsewhere reads like a new one (no way to probe for accounts).
    expect(body.sent).toEqual([fresh[0], fresh[1], outsider.email]);
    expect(body.skipped).toEqual([
      { email: w.kristaps.email.toUpperCase(), reason: 'member', message: 'Already a member of your team.' },
      { email: fresh[0]!.toUpperCase(), reason: 'duplicate', message: 'This address is listed more than once.' },
    ]);
    expect(body.message).toBe('Invitations sent: 3. Skipped: 2.');
    // Its holder is told to sign in, not sent a sign-up link.
    const [note] = await mailsTo([outsider.email]);
    expect(note!.subject).toBe('Invitation to order lunch with Birojs Centrs');
    expect(note!.text).toContain(`${PUBLIC_URL}/login`);
    expect(note!.text).toContain('already has an account');
    expect(note!.text).not.toContain('/user/register-invited/');

    const mails = await mailsTo(fresh);
    expect(mails.map((m) => m.to).sort()).toEqual([...fresh].sort());
    // Each address gets its own link (not the location's shared one), from PUBLIC_URL.
    const tokens = mails.map((m) => inviteToken(m.text));
    expect(new Set(tokens).size).toBe(2);
    for (const m of mails) {
      expect(m.subject).toBe('Invitation to order lunch with Birojs Centrs');
      expect(m.text).toContain(`${PUBLIC_URL}/user/register-invited/`);
      expect(m.text).not.toContain(w.location.token);
      expect(m.text).toContain('Marta invites you');
    }
    const fresh0Token = inviteToken(mails.find((m) => m.to === fresh[0])!.text);
    expect(await mailsTo([w.kristaps.email])).toHaveLength(0);

    // The link signs the invitee up at the manager's location.
    const signUp = await ctx.anon.post('/app/register-invited', {
      name: 'Jauns',
      email: fresh[0],
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      token: fresh0Token,
    });
    expect(signUp.statusCode).toBe(200);
    const team = (await ctx.as(w.manager).get('/app/me/team')).json();
    expect(team.data.map((m: { email: string }) => m.email)).toContain(fresh[0]);
  });

  it('sends one invitation per address a day, limits calls per manager, and refuses for an inactive location', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now());
    const other = await teamWorld(ctx.db, ctx.clock.now());
    const email = `once-${w.location.id}@test.lv`;
    expect((await ctx.as(w.manager).post('/app/me/invite', { emails: [email] })).json().sent).toEqual([email]);
    // Again, by the same or another manager: skipped, no second e-mail.
    const again = await ctx.as(other.manager).post('/app/me/invite?lang=lv', { emails: [email] });
    expect(again.json()).toMatchObject({ sent: [], skipped: [{ email, reason: 'recently_invited' }] });
    expect(again.json().skipped[0].message).toBe('Šai adresei pēdējo 24 stundu laikā jau nosūtīts ielūgums.');
    expect(await mailsTo([email])).toHaveLength(1);

    const codes: number[] = [];
    for (let i = 0; i < INVITE_LIMITS.callsPerManager; i++)
      codes.push((await ctx.as(w.manager).post('/app/me/invite', { emails: [`burst${i}-${w.location.id}@test.lv`] })).statusCode);
    // One call was made above, so the last of these is one too many.
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect(await mailsTo([`burst${INVITE_LIMITS.callsPerManager - 1}-${w.location.id}@test.lv`])).toHaveLength(0);

    const closed = await teamWorld(ctx.db, ctx.clock.now(), { status: false });
    const refused = await ctx.as(closed.manager).post('/app/me/invite?lang=en', { emails: ['x@test.lv'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your location is not active, so invitations cannot be used now.');
  });

  it('sends at most the daily number of invitations per manager; the rest are named and may be invited later', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now());
    // The manager has sent all but one of today's invitations already.
    await ctx.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${`team-invite:sent:${w.manager.user.id}`}, ${INVITE_LIMITS.sentPerManagerPerDay - 1}, now() + interval '1 day')`,
    );
    const emails = [`last-${w.location.id}@test.lv`, `over-${w.location.id}@test.lv`];
    const res = await ctx.as(w.manager).post('/app/me/invite?lang=en', { emails });
    expect(res.statusCode).toBe(200);
    expect(res.json().sent).toEqual([emails[0]]);
    expect(res.json().skipped).toEqual([
      {
        email: emails[1],
        reason: 'daily_limit',
        message: `Not sent: you have sent ${INVITE_LIMITS.sentPerManagerPerDay} invitations in the last 24 hours. Try again tomorrow.`,
      },
    ]);
    expect(await mailsTo([emails[1]])).toHaveLength(0);
    // The address was not used up: another manager may invite it today.
    const other = await teamWorld(ctx.db, ctx.clock.now());
    expect((await ctx.as(other.manager).post('/app/me/invite', { emails: [emails[1]] })).json().sent).toEqual([emails[1]]);
  });
});

describe('pending invitations', () => {
  const signUp = (token: string, email: string) =>
    ctx.anon.post('/app/register-invited?lang=en', {
      name: 'Jauns',
      email,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      token,
    });
  const auditOf = (action: string, locationId: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(locationId))));

  it('lists the manager’s own location’s pending invitations only; another location’s manager gets 404', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now(), { title: 'Birojs A' });
    const other = await teamWorld(ctx.db, ctx.clock.now(), { title: 'Birojs B' });
    const a = `pa-${w.location.id}@test.lv`;
    const b = `pb-${other.location.id}@test.lv`;
    expect((await ctx.as(w.manager).post('/app/me/invite', { emails: [a] })).statusCode).toBe(200);
    expect((await ctx.as(other.manager).post('/app/me/invite', { emails: [b] })).statusCode).toBe(200);
    const list = await ctx.as(w.manager).get('/app/me/invitations');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data;
    expect(rows).toEqual([
      { id: expect.any(Number), email: a, invited_by: 'Marta', sent_at: expect.any(String), expires_at: expect.any(String) },
    ]);
    expect(Date.parse(rows[0].expires_at)).toBeGreaterThan(Date.parse(rows[0].sent_at));
    // No token, no hash in the answer.
    expect(JSON.stringify(list.json())).not.toMatch(/token|hash/i);
    // The other location's manager can neither revoke nor resend it.
    expect((await ctx.as(other.manager).delete(`/app/me/invitations/${rows[0].id}`)).statusCode).toBe(404);
    expect((await ctx.as(other.manager).post(`/app/me/invitations/${rows[0].id}/resend`, {})).statusCode).toBe(404);
    expect((await ctx.as(w.manager).get('/app/me/invitations')).json().data).toHaveLength(1);
    // The token is stored only as its hash.
    const token = inviteToken((await mailsTo([a]))[0]!.text);
    const [stored] = await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.email, a));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('revokes once (audited): the link is then refused with a clear message', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now(), { title: 'Birojs R' });
    const a = `rv-${w.location.id}@test.lv`;
    await ctx.as(w.manager).post('/app/me/invite', { emails: [a] });
    const token = inviteToken((await mailsTo([a]))[0]!.text);
    expect((await ctx.anon.get(`/app/locations/token/${encodeURIComponent(token)}`)).json().title).toBe('Birojs R');
    const [row] = (await ctx.as(w.manager).get('/app/me/invitations')).json().data;
    const first = await ctx.as(w.manager).delete(`/app/me/invitations/${row.id}?lang=en`);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(`The invitation to ${a} was revoked; its link no longer works.`);
    expect((await ctx.as(w.manager).delete(`/app/me/invitations/${row.id}`)).statusCode).toBe(404);
    expect((await ctx.as(w.manager).get('/app/me/invitations')).json().data).toEqual([]);
    expect(await auditOf('team.invitation_revoke', w.location.id)).toHaveLength(1);

    const refused = await signUp(token, a);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual(['This invitation was withdrawn by the location’s manager. Ask them for a new one.']);
    expect(await ctx.db.select().from(users).where(eq(users.email, a))).toHaveLength(0);
    expect((await ctx.anon.get(`/app/locations/token/${encodeURIComponent(token)}`)).statusCode).toBe(404);
  });

  it('accepting marks the invitation accepted (gone from the list) and its link works once; an expired link is refused', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now(), { title: 'Birojs S' });
    const a = `ac-${w.location.id}@test.lv`;
    const b = `ex-${w.location.id}@test.lv`;
    await ctx.as(w.manager).post('/app/me/invite', { emails: [a, b] });
    const tokenA = inviteToken((await mailsTo([a]))[0]!.text);
    expect((await signUp(tokenA, a)).statusCode).toBe(200);
    const [accepted] = await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.email, a));
    expect(accepted!.acceptedAt).not.toBeNull();
    expect((await ctx.as(w.manager).get('/app/me/invitations')).json().data.map((r: { email: string }) => r.email)).toEqual([b]);
    const again = await signUp(tokenA, `other-${a}`);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual(['This invitation was already used to create an account. Sign in instead.']);

    const tokenB = inviteToken((await mailsTo([b]))[0]!.text);
    await ctx.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() - 1000) })
      .where(eq(teamInvitations.email, b));
    expect((await ctx.as(w.manager).get('/app/me/invitations')).json().data).toEqual([]);
    const expired = await signUp(tokenB, b);
    expect(expired.json().errors.token).toEqual(['This invitation has expired. Ask the location’s manager to send it again.']);
  });

  it('resends with a new link (the old one stops working), audited, at most once a day per address', async () => {
    const w = await teamWorld(ctx.db, ctx.clock.now(), { title: 'Birojs T' });
    const a = `rs-${w.location.id}@test.lv`;
    await ctx.as(w.manager).post('/app/me/invite', { emails: [a] });
    const oldToken = inviteToken((await mailsTo([a]))[0]!.text);
    const [row] = (await ctx.as(w.manager).get('/app/me/invitations')).json().data;
    // Within a day of the first e-mail the address is not mailed again.
    expect((await ctx.as(w.manager).post(`/app/me/invitations/${row.id}/resend`, {})).statusCode).toBe(429);
    await ctx.db.execute(sql`delete from rate_limits where key = ${`team-invite:address:${a}`}`);
    const res = await ctx.as(w.manager).post(`/app/me/invitations/${row.id}/resend?lang=en`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`The invitation to ${a} was sent again with a new link.`);
    const mails = await mailsTo([a]);
    expect(mails).toHaveLength(2);
    const newToken = inviteToken(mails[0]!.text);
    expect(newToken).not.toBe(oldToken);
    expect(await auditOf('team.invitation_resend', w.location.id)).toHaveLength(1);
    expect((await signUp(oldToken, a)).statusCode).toBe(422);
    expect((await signUp(newToken, a)).statusCode).toBe(200);
  });
});

describe('GET /app/me/notify-lunch-is-delivered', () => {
  it('e-mails active members with a placed order on today’s menu who want delivery notices, once per window', async () => {
    // Midday in Riga: the menu below starts an hour earlier, which must still be today there.
    ctx.clock.set(DateTime.now().setZone('Europe/Riga').set({ hour: 12, minute: 0, second: 0, millisecond: 0 }).toJSDate());
    const now = ctx.clock.now();
    const w = await teamWorld(ctx.db, now, { title: 'Tehnoparks' });
    const none = await ctx.as(w.manager).get('/app/me/notify-lunch-is-delivered?lang=en');
    expect(none.json()).toMatchObject({
      notified: 0,
      opted_out: 0,
      menus: [],
      message: 'Nobody in your team has an order on today’s menu.',
    });

    const menu = await menuWorld(ctx.db, now);
    const yesterday = await makeMenu(ctx.db, {
      providerId: menu.provider.id,
      title: 'Vakar',
      from: new Date(now.getTime() - 26 * 3600_000),
      to: new Date(now.getTime() - 25 * 3600_000),
    });
    const line = { dishId: menu.soup.id, title: { lv: 'Zupa' }, qty: 1, unitPriceCents: 300 };
    const order = (userId: number, extra: Partial<Parameters<typeof placedOrder>[1]> = {}) =>
      placedOrder(ctx.db, { menuId: menu.menu.id, userId, locationId: w.location.id, amountCents: 300, lines: [line], ...extra });
    const bob = await makeUser(ctx.db, { role: 'customer', locationId: w.location.id, firstName: 'Bob', notifyOnDelivery: true });
    const pending = await makeUser(ctx.db, { role: 'customer', locationId: w.location.id, firstName: 'Pending', notifyOnDelivery: true });
    await order(w.anna.user.id); // notified
    await order(w.anna.user.id); // two orders, one e-mail
    await order(w.kristaps.id); // opted out
    await order(w.liga.id); // deactivated: nobody
    await order(w.manager.user.id); // the manager: not told about their own lunch
    await order(pending.id, { status: 1 }); // not placed
    await order(bob.id, { menuId: yesterday.id }); // yesterday's menu
    const other = await teamWorld(ctx.db, now);
    await placedOrder(ctx.db, {
      menuId: menu.menu.id,
      userId: other.anna.user.id,
      locationId: other.location.id,
      amountCents: 300,
      lines: [line],
    });

    const res = await ctx.as(w.manager).get('/app/me/notify-lunch-is-delivered?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Team members notified: 1.',
      notified: 1,
      opted_out: 1,
      menus: [{ id: menu.menu.id, title: menu.menu.title }],
    });
    const mails = await mailsTo([
      w.anna.user.email,
      w.kristaps.email,
      w.liga.email,
      w.manager.user.email,
      pending.email,
      bob.email,
      other.anna.user.email,
    ]);
    expect(mails.map((m) => m.to)).toEqual([w.anna.user.email]);
    expect(mails[0]!.subject).toBe('Lunch is delivered');
    expect(mails[0]!.text).toContain('lunch for Tehnoparks');

    const again = await ctx.as(w.manager).get('/app/me/notify-lunch-is-delivered?lang=en');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^The team has already been notified about today’s lunch\. You can notify again in \d+ min\.$/);
    expect(await mailsTo([w.anna.user.email])).toHaveLength(1);
    // Another location's manager is not held back by this one's window. The count reads right
    // for any number ("Notified 1 team members" did not).
    const lv = (await ctx.as(other.manager).get('/app/me/notify-lunch-is-delivered?lang=lv')).json();
    expect(lv.notified).toBe(1);
    expect(lv.message).toBe('Paziņojums nosūtīts komandas dalībniekiem: 1.');
  });
});

describe('team report download', () => {
  async function reportWorld() {
    const now = ctx.clock.now();
    const w = await teamWorld(ctx.db, now, { title: 'Birojs Centrs' });
    const m = await menuWorld(ctx.db, now);
    const day = DateTime.fromJSDate(m.menu.from).setZone('Europe/Riga').toISODate()!;
    await ctx.db.update(users).set({ firstName: '=HYPERLINK("x")' }).where(eq(users.id, w.kristaps.id));
    // Anna's order is booked to a cost centre of the location's company (decision 075).
    const company = `4100${w.location.id}`;
    await ctx.db.update(locations).set({ registrationNumber: company }).where(eq(locations.id, w.location.id));
    const [cc] = await ctx.db.insert(costCentres).values({ companyRegistration: company, code: 'PR-7', title: 'Pārdošana' }).returning();
    const annas = await placedOrder(ctx.db, {
      menuId: m.menu.id,
      userId: w.anna.user.id,
      locationId: w.location.id,
      amountCents: 850,
      subsidyCents: 350,
      lines: [
        { dishId: m.soup.id, title: { lv: 'Skābeņu zupa', en: 'Sorrel soup' }, qty: 2, unitPriceCents: 300 },
        {
          dishId: m.set.complex.id,
          title: { lv: 'Komplekts', en: 'Set' },
          qty: 1,
          unitPriceCents: 250,
          options: [{ dishId: m.main.id, title: { lv: 'Karbonāde', en: 'Pork chop' } }],
        },
      ],
    });
    await ctx.db.update(orders).set({ costCentreId: cc!.id }).where(eq(orders.id, annas.id));
    await placedOrder(ctx.db, {
      menuId: m.menu.id,
      userId: w.kristaps.id,
      locationId: w.location.id,
      amountCents: 120,
      paymentType: 'card',
      lines: [{ dishId: m.dessert.id, title: { lv: 'Maizes zupa' }, qty: 1, unitPriceCents: 120 }],
    });
    await placedOrder(ctx.db, {
      menuId: m.menu.id,
      userId: w.kristaps.id,
      locationId: w.location.id,
      amountCents: 999,
      status: 0,
      lines: [],
    });
    const other = await teamWorld(ctx.db, now);
    await placedOrder(ctx.db, {
      menuId: m.menu.id,
      userId: other.anna.user.id,
      locationId: other.location.id,
      amountCents: 777,
      lines: [],
    });
    return { w, m, day, other };
  }

  async function link(who: Client, from: string, to: string, lang = 'lv') {
    const res = await who.post(`/app/me/team/report-link?lang=${lang}`, { from, to });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { url: string; expires_in: number };
  }

  it('serves a CSV once through a 7-second link: BOM, localized columns, placed orders of the location only', async () => {
    const { w, day } = await reportWorld();
    const l = await link(ctx.as(w.manager), day, day);
    expect(l.expires_in).toBe(7);
    expect(l.url).toMatch(new RegExp(`^/app/order/export/location/${w.location.id}\\?bearer=[\\w-]+\\.[\\w-]+&lang=lv$`));

    const res = await ctx.anon.get(l.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="team-report-birojs-centrs-${day}-${day}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Ēdienkartes datums;Ēdienkarte;Pasūtījuma nr.;Pasūtīts;Vārds;E-pasts;Ēdieni;Maiņa;Izmaksu centrs;Apmaksa;Summa, EUR;Dotācija, EUR;Budžets, EUR;Bonuss, EUR;Maksājams, EUR',
    );
    expect(lines).toHaveLength(3);
    const rows = csvRows(raw, ';');
    expect(rows).toHaveLength(3);
    const anna = rows[1]!;
    expect(anna[4]).toBe('Anna');
    expect(anna[6]).toBe('2 × Skābeņu zupa; 1 × Komplekts (Karbonāde)');
    expect(anna.slice(8)).toEqual(['PR-7', 'Skaidrā naudā', '8,50', '3,50', '0,00', '0,00', '5,00']);
    expect(rows[2]![8]).toBe('');
    expect(rows[2]![4]).toBe('\'=HYPERLINK("x")');
    // A name that a spreadsheet would run as a formula is written as text.
    expect(lines[2]).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(lines[2]).toContain(';Karte;1,20;0,00;0,00;0,00;1,20');

    // Used once: the same address is refused afterwards.
    const second = await ctx.anon.get(l.url);
    expect(second.statusCode).toBe(401);

    // A HEAD of the address (link checkers, download managers) does not spend the link.
    const probed = await link(ctx.as(w.manager), day, day);
    const head = await ctx.anon.request('HEAD', probed.url);
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET');
    expect((await ctx.anon.get(probed.url)).statusCode).toBe(200);
  });

  it('writes semicolons and decimal commas in English too (Latvian spreadsheets); a period without menus gives just the header', async () => {
    const { w, day } = await reportWorld();
    const res = await ctx.anon.get((await link(ctx.as(w.manager), day, day, 'en')).url.replace('lang=lv', 'lang=en'));
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Menu date;Menu;Order no.;Ordered on;Name;E-mail;Items;Shift;Cost centre;Payment;Amount, EUR;Subsidy, EUR;Budget, EUR;Bonus, EUR;To pay, EUR',
    );
    expect(lines[1]!.endsWith(';Cash;8,50;3,50;0,00;0,00;5,00')).toBe(true);
    const empty = await ctx.anon.get((await link(ctx.as(w.manager), '2020-01-01', '2020-01-31')).url);
    expect(empty.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(1);
  });

  it("shows the employer's budget part of an order and names the budget and company payments (issue 29)", async () => {
    const { w, m, day } = await reportWorld();
    const line = { dishId: m.main.id, title: { lv: 'Karbonāde', en: 'Pork chop' }, qty: 1, unitPriceCents: 550 };
    const own = await placedOrder(ctx.db, {
      menuId: m.menu.id,
      userId: w.anna.user.id,
      locationId: w.location.id,
      amountCents: 550,
      lines: [line],
    });
    await ctx.db.update(orders).set({ subsidyCents: 100, budgetCents: 300, amountToPayCents: 150 }).where(eq(orders.id, own.id));
    const company = await placedOrder(ctx.db, {
      menuId: m.menu.id,
      userId: w.anna.user.id,
      locationId: w.location.id,
      amountCents: 1100,
      lines: [line],
    });
    await ctx.db.update(orders).set({ paymentType: 'company', kind: 'meeting', amountToPayCents: 0 }).where(eq(orders.id, company.id));
    const budgetOnly = await placedOrder(ctx.db, {
      menuId: m.menu.id,
      userId: w.anna.user.id,
      locationId: w.location.id,
      amountCents: 550,
      lines: [line],
    });
    await ctx.db.update(orders).set({ paymentType: 'budget', budgetCents: 550, amountToPayCents: 0 }).where(eq(orders.id, budgetOnly.id));
    const res = await ctx.anon.get((await link(ctx.as(w.manager), day, day, 'en')).url.replace('lang=lv', 'lang=en'));
    const rows = csvRows(res.rawPayload, ';');
    expect(rows[0]!.slice(9)).toEqual(['Payment', 'Amount, EUR', 'Subsidy, EUR', 'Budget, EUR', 'Bonus, EUR', 'To pay, EUR']);
    const byId = new Map(rows.slice(1).map((r) => [Number(r[2]), r.slice(9)]));
    expect(byId.get(own.id)).toEqual(['Cash', '5,50', '1,00', '3,00', '0,00', '1,50']);
    expect(byId.get(company.id)).toEqual(['Paid by the company', '11,00', '0,00', '0,00', '0,00', '0,00']);
    expect(byId.get(budgetOnly.id)).toEqual(["Employer's budget", '5,50', '0,00', '5,50', '0,00', '0,00']);
  });

  it('gives the same report as an XLSX workbook with format=xlsx: days and times as dates, numbers as numbers', async () => {
    const { w, day } = await reportWorld();
    const res = await ctx.anon.get(`${(await link(ctx.as(w.manager), day, day)).url}&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="team-report-birojs-centrs-${day}-${day}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Komandas atskaite');
    expect(sheet.getRow(1).getCell(1).value).toBe('Ēdienkartes datums');
    expect(sheet.rowCount).toBe(3);
    const anna = sheet.getRow(2);
    expect(anna.getCell(5).value).toBe('Anna');
    expect(anna.getCell(9).value).toBe('PR-7');
    expect([11, 12, 13, 14, 15].map((c) => anna.getCell(c).value)).toEqual([8.5, 3.5, 0, 0, 5]);
    expect([11, 12, 13, 14, 15].map((c) => anna.getCell(c).type)).toEqual(Array(5).fill(ExcelJS.ValueType.Number));
    expect(anna.getCell(11).numFmt).toBe('#,##0.00 "€"');
    // The menu's day and the order time are date cells showing the Riga wall time, the order number a number.
    const menuDay = anna.getCell(1);
    expect(menuDay.type).toBe(ExcelJS.ValueType.Date);
    expect((menuDay.value as Date).toISOString()).toBe(`${day}T00:00:00.000Z`);
    expect(menuDay.numFmt).toBe('dd.mm.yyyy');
    const orderedAt = anna.getCell(4);
    expect(orderedAt.type).toBe(ExcelJS.ValueType.Date);
    expect(orderedAt.numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(anna.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(anna.getCell(3).numFmt).toBe('0');
    // A formula-looking name stays text in a workbook (exceljs writes strings as strings).
    expect(sheet.getRow(3).getCell(5).value).toBe('=HYPERLINK("x")');
    expect((await ctx.anon.get(`/app/order/export/location/${w.location.id}?format=pdf`)).statusCode).toBe(422);
  });

  it('refuses expired, forged and foreign links, and links of a manager who lost the role', async () => {
    const { w, day, other } = await reportWorld();
    const expired = await link(ctx.as(w.manager), day, day);
    ctx.clock.advance(7_001);
    const late = await ctx.anon.get(`${expired.url.replace('lang=lv', 'lang=en')}`);
    ctx.clock.advance(-7_001);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('This download link has expired or was already used. Start the download again.');

    const good = await link(ctx.as(w.manager), day, day);
    const [payload, signature] = new URL(good.url, 'http://x').searchParams.get('bearer')!.split('.');
    const grant = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...grant, l: other.location.id })).toString('base64url');
    expect((await ctx.anon.get(`/app/order/export/location/${other.location.id}?bearer=${forgedPayload}.${signature}`)).statusCode).toBe(
      401,
    );
    expect((await ctx.anon.get(`/app/order/export/location/${w.location.id}?bearer=garbage`)).statusCode).toBe(401);
    // A real link used on another location's address.
    expect((await ctx.anon.get(good.url.replace(`/location/${w.location.id}?`, `/location/${other.location.id}?`))).statusCode).toBe(404);

    const demoted = await link(ctx.as(w.manager), day, day);
    await ctx.db.update(users).set({ isLocationManager: false }).where(eq(users.id, w.manager.user.id));
    expect((await ctx.anon.get(demoted.url)).statusCode).toBe(403);
    await ctx.db.update(users).set({ isLocationManager: true }).where(eq(users.id, w.manager.user.id));
  });

  it('also serves a signed-in manager by header with the period in the query; 404 for another location', async () => {
    const { w, day, other } = await reportWorld();
    const res = await ctx.as(w.manager).get(`/app/order/export/location/${w.location.id}?from=${day}&to=${day}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')).toHaveLength(3);
    expect((await ctx.as(w.manager).get(`/app/order/export/location/${other.location.id}?from=${day}&to=${day}`)).statusCode).toBe(404);
    const missing = await ctx.as(w.manager).get(`/app/order/export/location/${w.location.id}?lang=en`);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['from', 'to']);
    // The query period is checked like a link's: 422 per field, never a 500.
    for (const [from, to, field] of [
      ['0000-01-01', '0000-01-02', 'from'],
      ['2026-W01', '2026-W02', 'from'],
      ['20260101', '20260102', 'from'],
      ['2026-11-30', '2026-11-01', 'to'],
      ['1990-01-01', '2999-12-31', 'to'],
    ] as const) {
      const odd = await ctx.as(w.manager).get(`/app/order/export/location/${w.location.id}?from=${from}&to=${to}`);
      expect(odd.statusCode, `${from}..${to}`).toBe(422);
      expect(Object.keys(odd.json().errors), `${from}..${to}`).toContain(field);
    }
    // A session token in the address is not accepted: it would end up in logs and history.
    expect(
      (await ctx.anon.get(`/app/order/export/location/${w.location.id}?from=${day}&to=${day}&bearer=${w.manager.token}`)).statusCode,
    ).toBe(401);
  });

  it('validates the period of a link', async () => {
    const { w } = await reportWorld();
    const bad = await ctx.as(w.manager).post('/app/me/team/report-link?lang=en', { from: '2026-11-30', to: '2026-11-01' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['to']);
    expect((await ctx.as(w.manager).post('/app/me/team/report-link', { from: '2026-13-01', to: '2026-13-02' })).statusCode).toBe(422);
    expect((await ctx.as(w.manager).post('/app/me/team/report-link', { from: '2024-01-01', to: '2026-01-01' })).statusCode).toBe(422);
    // Days that are no calendar days, or that PostgreSQL cannot read (it has no year 0): 422 on
    // the field, never a database error at download time.
    for (const [from, to, field] of [
      ['0000-01-01', '0000-01-02', 'from'],
      ['2026-02-29', '2026-03-01', 'from'],
      ['2026-11-01', '2026-11-31', 'to'],
      ['2026-W01', '2026-W02', 'from'],
    ] as const) {
      const res = await ctx.as(w.manager).post('/app/me/team/report-link', { from, to });
      expect(res.statusCode, `${from}..${to}`).toBe(422);
      expect(Object.keys(res.json().errors), `${from}..${to}`).toContain(field);
    }
    expect((await ctx.as(w.manager).post('/app/me/team/report-link', { from: '2028-02-29', to: '2028-02-29' })).statusCode).toBe(200);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.id, w.manager.user.id), eq(users.active, true)));
    expect(rows).toHaveLength(1);
  });

  it('limits report downloads per manager per hour, links and header downloads together', async () => {
    const { w } = await reportWorld();
    await ctx.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${`team-report:manager:${w.manager.user.id}`}, ${REPORT_LIMITS.perManager - 1}, now() + interval '1 hour')`,
    );
    expect((await ctx.as(w.manager).post('/app/me/team/report-link', { from: '2026-11-01', to: '2026-11-30' })).statusCode).toBe(200);
    const link = await ctx.as(w.manager).post('/app/me/team/report-link', { from: '2026-11-01', to: '2026-11-30' });
    expect(link.statusCode).toBe(429);
    expect(Number(link.headers['retry-after'])).toBeGreaterThan(0);
    const direct = await ctx.as(w.manager).get(`/app/order/export/location/${w.location.id}?from=2026-11-01&to=2026-11-30`);
    expect(direct.statusCode).toBe(429);
  });
});

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, sessions, users, userTokens } from '../../db/schema/index.js';
import { makeLocation, makeUser, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { addToMenu, makeCategory, makeDish, makeMenu } from '../ordering/ordering.factories.js';
import { makeProvider } from '../../test/factories.js';
import { orders } from '../../db/schema/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const edit = (u: { firstName: string; phone: string; locationId: number | null; role: string; isLocationManager: boolean }) => ({
  first_name: u.firstName,
  phone: u.phone,
  location_id: u.locationId,
  role: u.role,
  is_location_manager: u.isLocationManager,
});

describe('administrator user management: access', () => {
  it('answers 401 without a session and 403 to kitchen, customers and location managers', async () => {
    const target = await makeUser(ctx.db);
    const loc = await makeLocation(ctx.db);
    const calls = [
      ['GET', '/app/admin/users'],
      ['PUT', `/app/admin/users/${target.id}`, edit(target)],
      ['POST', `/app/admin/users/${target.id}/deactivate`],
      ['POST', `/app/admin/users/${target.id}/activate`],
      ['POST', `/app/admin/users/${target.id}/invite`],
      ['GET', `/app/admin/users/${target.id}/orders`],
    ] as const;
    const others = [
      await signedIn(ctx.db, { role: 'kitchen' }),
      await signedIn(ctx.db),
      await signedIn(ctx.db, { locationId: loc.id, isLocationManager: true }),
    ];
    for (const [method, url, body] of calls) {
      expect((await ctx.anon.request(method, url, body)).statusCode, url).toBe(401);
      for (const who of others) expect((await ctx.as(who).request(method, url, body)).statusCode, `${url} ${who.user.role}`).toBe(403);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row!.active).toBe(true);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const body = { first_name: 'X', phone: '', location_id: null, role: 'customer', is_location_manager: false };
    expect((await admin.put('/app/admin/users/2000000000', body)).statusCode).toBe(404);
    expect((await admin.post('/app/admin/users/2000000000/deactivate')).statusCode).toBe(404);
    expect((await admin.get('/app/admin/users/2000000000/orders')).statusCode).toBe(404);
  });
});

describe('the user list', () => {
  it('searches by name, e-mail, phone and location and filters by role, active, manager and location', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const loc = await makeLocation(ctx.db, { title: 'Zvaigznes birojs' });
    const a = await makeUser(ctx.db, { firstName: 'Jānis Bērziņš', phone: '+371 2000 1111', locationId: loc.id, isLocationManager: true });
    const b = await makeUser(ctx.db, { firstName: 'Anna Ozola', locationId: loc.id, active: false });
    const k = await makeUser(ctx.db, { firstName: 'Virtuve Zvaigzne', role: 'kitchen' });
    const ids = async (q: string) => (await admin.get(`/app/admin/users?${q}`)).json().data.map((u: { id: number }) => u.id) as number[];

    expect(await ids('search=bērziņš')).toEqual([a.id]);
    expect(await ids(`search=${encodeURIComponent(b.email)}`)).toEqual([b.id]);
    expect(await ids('search=2000%201111')).toEqual([a.id]);
    expect((await ids('search=zvaigznes')).sort()).toEqual([a.id, b.id].sort());
    expect(await ids(`filter[location_id]=${loc.id}&filter[active]=0`)).toEqual([b.id]);
    expect(await ids(`filter[location_id]=${loc.id}&filter[is_location_manager]=1`)).toEqual([a.id]);
    expect(await ids('search=zvaigzne&filter[role]=kitchen')).toEqual([k.id]);

    const page = (await admin.get(`/app/admin/users?filter[location_id]=${loc.id}&per_page=1`)).json();
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
    expect(page.data[0]).toMatchObject({ first_name: 'Anna Ozola', active: false, location: { id: loc.id, title: 'Zvaigznes birojs' } });
    expect(page.data[0]).not.toHaveProperty('password_hash');
  });

  it('pages by name (case aside, then id) with each user once, and searches with terms too short for the trigram index', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const loc = await makeLocation(ctx.db, { title: 'Lapu birojs' });
    const made = [];
    // Addresses of their own: the factory's random ones could hold the short term searched below.
    for (const [i, name] of ['beta Lapa', 'Alfa Lapa', 'Beta Lapa', 'alfa Lapa', 'Gamma Lapa'].entries())
      made.push(await makeUser(ctx.db, { firstName: name, locationId: loc.id, email: `lapa${i}@lapu-birojs.lv` }));
    const pages = [];
    for (let p = 1; p <= 3; p++)
      pages.push((await admin.get(`/app/admin/users?filter[location_id]=${loc.id}&per_page=2&page=${p}`)).json());
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    const walked = pages.flatMap((p) => p.data.map((u: { id: number; first_name: string }) => [u.first_name.toLowerCase(), u.id]));
    const expected = made
      .map((u) => [u.firstName.toLowerCase(), u.id])
      .sort((x, y) => (x[0] === y[0] ? Number(x[1]) - Number(y[1]) : String(x[0]) < String(y[0]) ? -1 : 1));
    expect(walked).toEqual(expected);
    // One and two letters hold no trigram: still every match, by a scan.
    const short = (await admin.get(`/app/admin/users?filter[location_id]=${loc.id}&search=mm`)).json();
    expect(short.data.map((u: { id: number }) => u.id)).toEqual([made[4]!.id]);
    expect((await admin.get(`/app/admin/users?filter[location_id]=${loc.id}&search=%25`)).json().total).toBe(0);
  });

  it('rejects an unknown role filter and a search with a control character (422)', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const bad = await admin.get('/app/admin/users?filter[role]=owner');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('filter[role]');
    expect((await admin.get('/app/admin/users?search=a%00b')).statusCode).toBe(422);
  });
});

describe('editing a user', () => {
  it('moves a user to another location, renames them and makes them its manager', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const from = await makeLocation(ctx.db);
    const to = await makeLocation(ctx.db, { title: 'Jaunā vieta' });
    const member = ctx.as(await signedIn(ctx.db, { locationId: from.id }));
    const res = await admin.put(`/app/admin/users/${member.user.id}?lang=en`, {
      first_name: '  Jānis Bērziņš ',
      phone: '+371 2999 0000',
      location_id: to.id,
      role: 'customer',
      is_location_manager: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Changes to Jānis Bērziņš were saved.',
      user: {
        first_name: 'Jānis Bērziņš',
        phone: '+371 2999 0000',
        location: { id: to.id, title: 'Jaunā vieta' },
        is_location_manager: true,
      },
    });
    // At once the member manages the new location's team (no stale session cache).
    const team = await member.get('/app/me/team');
    expect(team.statusCode).toBe(200);
    expect(team.json().location.id).toBe(to.id);
  });

  it('validates the fields in the request language', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const u = await makeUser(ctx.db);
    const base = edit(u);
    const lv = await admin.put(`/app/admin/users/${u.id}?lang=lv`, { ...base, first_name: ' ', role: 'owner' });
    expect(lv.statusCode).toBe(422);
    expect(Object.keys(lv.json().errors).sort()).toEqual(['first_name', 'role']);
    const unknownLoc = await admin.put(`/app/admin/users/${u.id}?lang=en`, { ...base, location_id: 2000000000 });
    expect(unknownLoc.statusCode).toBe(422);
    expect(unknownLoc.json().errors.location_id).toEqual(['This location does not exist.']);
    const noLoc = await admin.put(`/app/admin/users/${u.id}?lang=ru`, {
      ...base,
      location_id: null,
      is_location_manager: true,
    });
    expect(noLoc.json().errors.is_location_manager).toEqual(['Менеджер места должен быть привязан к месту.']);
    const staffManager = await admin.put(`/app/admin/users/${u.id}?lang=en`, {
      ...base,
      role: 'kitchen',
      is_location_manager: true,
    });
    expect(staffManager.statusCode).toBe(422);
    expect(staffManager.json().errors.is_location_manager).toEqual(['Only users with the role User can be location managers.']);
  });

  it('changes roles, but an administrator cannot demote themselves', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const u = ctx.as(await signedIn(ctx.db));
    const up = await admin.put(`/app/admin/users/${u.user.id}`, { ...edit(u.user), role: 'kitchen' });
    expect(up.json().user.role).toBe('kitchen');
    // The new role holds on the user's very next call.
    expect((await u.get('/app/admin/users')).statusCode).toBe(403);
    expect((await u.get('/app/users/list')).statusCode).toBe(200);

    const self = await admin.put(`/app/admin/users/${admin.user.id}?lang=en`, { ...edit(admin.user), role: 'customer' });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.role).toEqual(['You cannot take the administrator role from yourself. Ask another administrator.']);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(row!.role).toBe('admin');
    // Editing one's own name is fine.
    expect((await admin.put(`/app/admin/users/${admin.user.id}`, { ...edit(admin.user), first_name: 'Boss' })).statusCode).toBe(200);
  });
});

describe('deactivate and activate', () => {
  it('deactivating ends every session of the user at once; activating lets them sign in again', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const u = ctx.as(await signedIn(ctx.db));
    expect((await u.get('/app/me')).statusCode).toBe(200);
    const off = await admin.post(`/app/admin/users/${u.user.id}/deactivate?lang=en`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Test was deactivated and signed out everywhere.', user: { active: false } });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toEqual([]);
    expect((await u.get('/app/me')).statusCode).toBe(401);
    // Idempotent.
    expect((await admin.post(`/app/admin/users/${u.user.id}/deactivate`)).statusCode).toBe(200);

    const on = await admin.post(`/app/admin/users/${u.user.id}/activate`);
    expect(on.json().user.active).toBe(true);
    const login = await ctx.anon.post('/app/login', { email: u.user.email, password: 'test-password' });
    expect(login.statusCode).toBe(200);
  });

  it('an administrator cannot deactivate themselves', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const res = await admin.post(`/app/admin/users/${admin.user.id}/deactivate?lang=lv`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Jūs nevarat deaktivizēt sevi. Lūdziet to citam administratoram.');
    expect((await admin.get('/app/me')).statusCode).toBe(200);
  });
});

describe('re-sending an invitation', () => {
  it('mails a fresh create-password link to a user without a password, once per window; older links stop working', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const u = await makeUser(ctx.db, { passwordHash: null, firstName: 'Ilze' });
    const first = await admin.post(`/app/admin/users/${u.id}/invite?lang=en`);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(`The invitation was sent to ${u.email} again.`);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email)).orderBy(desc(mailOutbox.id));
    const token = /\/password\/create\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect((await ctx.anon.get(`/app/user/token/${token}`)).json()).toMatchObject({ email: u.email });
    expect((await admin.post(`/app/admin/users/${u.id}/invite`)).statusCode).toBe(429);

    const tokens = await ctx.db.select().from(userTokens).where(eq(userTokens.userId, u.id));
    expect(tokens).toHaveLength(1);
    const created = await ctx.anon.post('/app/password/create', {
      token,
      password: 'a-new-password-1',
      password_confirmation: 'a-new-password-1',
    });
    expect(created.statusCode).toBe(200);
  });

  it('refuses a user who already has a password, and an inactive one (409)', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const withPassword = await makeUser(ctx.db);
    const res = await admin.post(`/app/admin/users/${withPassword.id}/invite?lang=en`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already set a password/);
    const inactive = await makeUser(ctx.db, { passwordHash: null, active: false });
    expect((await admin.post(`/app/admin/users/${inactive.id}/invite`)).statusCode).toBe(409);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, withPassword.email))).toEqual([]);
  });
});

describe('recent orders', () => {
  it('lists the user’s latest orders, newest first, and nobody else’s', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const provider = await makeProvider(ctx.db);
    const cat = await makeCategory(ctx.db, provider.id);
    const dish = await makeDish(ctx.db, { providerId: provider.id, categoryId: cat.id });
    const menu = await makeMenu(ctx.db, {
      providerId: provider.id,
      from: new Date(),
      to: new Date(Date.now() + 3600_000),
      title: 'Pirmdiena',
    });
    await addToMenu(ctx.db, menu.id, dish);
    const u = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const row = (userId: number, cents: number) => ({
      menuId: menu.id,
      userId,
      paymentType: 'cash' as const,
      amountCents: cents,
      amountToPayCents: cents,
      status: 2,
    });
    const [o1] = await ctx.db.insert(orders).values(row(u.id, 450)).returning();
    const [o2] = await ctx.db.insert(orders).values(row(u.id, 520)).returning();
    await ctx.db.insert(orders).values(row(other.id, 999));
    const res = await admin.get(`/app/admin/users/${u.id}/orders`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject([
      { id: o2!.id, amount_to_pay: 5.2, menu: { id: menu.id, title: 'Pirmdiena' }, status: 2, payment_type: 'cash' },
      { id: o1!.id, amount_to_pay: 4.5 },
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, locations, shifts } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { makeLocation, makeShift, makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: Client;
let kitchen: Client;
let customer: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.as('admin');
  kitchen = await ctx.as('kitchen');
  customer = await ctx.as('customer');
});
afterAll(() => ctx.close());

describe('locations: create, edit, reconfirm, token', () => {
  it('creates with defaults and a fresh invite token, with shifts', async () => {
    const res = await admin.post('/app/locations', {
      title: 'Birojs Centrs',
      subsidy: 3.5,
      shifts: [{ title: 'Rīts' }, { title: 'Vakars' }],
    });
    expect(res.statusCode).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({
      title: 'Birojs Centrs',
      address: '',
      contact_name: '',
      contact_email: '',
      contact_phone: '',
      profit: true,
      full_subsidy: false,
      subsidy: 3.5,
      status: true,
      unconfirmed: false,
      disable_cash: false,
      users_count: 0,
    });
    expect(l.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(l.shifts.map((s: { title: string }) => s.title)).toEqual(['Rīts', 'Vakars']);
    const other = (await admin.post('/app/locations', { title: 'Otrs' })).json();
    expect(other.token).not.toBe(l.token);
    expect((await admin.get(`/app/locations/${l.id}`)).json()).toEqual(l);
  });

  it('shows the invite token to admins only: kitchen staff read locations without it', async () => {
    const loc = await makeLocation(ctx.db, { title: `Tokenless ${Date.now()}` });
    const { token, invite_url, ...rest } = (await admin.get(`/app/locations/${loc.id}`)).json();
    expect(token).toBe(loc.token);
    expect(invite_url).toBe(`http://localhost:3000/user/register-invited/${loc.token}`);
    const one = await kitchen.get(`/app/locations/${loc.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(rest);
    const list = (await kitchen.get(`/app/locations?per_page=all`)).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.filter((l: Record<string, unknown>) => 'token' in l)).toEqual([]);
    expect(list.data.find((l: { id: number }) => l.id === loc.id)).toEqual(rest);
    const adminList = (await admin.get(`/app/locations?per_page=all`)).json();
    expect(adminList.data.find((l: { id: number }) => l.id === loc.id).token).toBe(loc.token);
  });

  it('regenerates the invite token on request; the old link stops working', async () => {
    const created = (await admin.post('/app/locations', { title: 'Rotējamā', address: 'Iela 1' })).json();
    const same = (await admin.put(`/app/locations/${created.id}`, { regenerate_token: false, address: 'Iela 2' })).json();
    expect(same).toMatchObject({ token: created.token, address: 'Iela 2' });

    const res = await admin.put(`/app/locations/${created.id}`, { regenerate_token: true });
    expect(res.statusCode).toBe(200);
    const renewed = res.json();
    expect(renewed.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(renewed.token).not.toBe(created.token);
    expect(renewed).toEqual({ ...same, token: renewed.token, invite_url: `http://localhost:3000/user/register-invited/${renewed.token}` });
    expect((await ctx.anon.get(`/app/locations/token/${created.token}`)).statusCode).toBe(404);
    expect((await ctx.anon.get(`/app/locations/token/${renewed.token}`)).json()).toEqual({ id: created.id, title: 'Rotējamā' });

    expect((await kitchen.put(`/app/locations/${created.id}`, { regenerate_token: true })).statusCode).toBe(403);
    expect((await admin.put(`/app/locations/${created.id}?lang=en`, { regenerate_token: 'yes' })).json().errors).toEqual({
      regenerate_token: ['This value has the wrong type.'],
    });
    expect((await admin.get(`/app/locations/${created.id}`)).json().token).toBe(renewed.token);
  });

  it('edits fields and shifts: kept ids renamed and reordered, new added, missing removed', async () => {
    const loc = await makeLocation(ctx.db);
    const morning = await makeShift(ctx.db, loc.id, 'Rīts');
    const night = await makeShift(ctx.db, loc.id, 'Nakts');
    await makeUser(ctx.db, { locationId: loc.id });
    const res = await admin.put(`/app/locations/${loc.id}`, {
      address: 'Brīvības iela 1, Rīga',
      contact_email: 'birojs@test.lv',
      full_subsidy: true,
      profit: false,
      disable_cash: true,
      shifts: [{ title: 'Pusdienas' }, { id: morning.id, title: 'Agrais rīts' }],
    });
    expect(res.statusCode).toBe(200);
    const l = res.json();
    expect(l).toMatchObject({
      title: loc.title,
      address: 'Brīvības iela 1, Rīga',
      contact_email: 'birojs@test.lv',
      full_subsidy: true,
      profit: false,
      disable_cash: true,
      users_count: 1,
    });
    expect(l.shifts).toEqual([
      { id: expect.any(Number), title: 'Pusdienas' },
      { id: morning.id, title: 'Agrais rīts' },
    ]);
    expect(await ctx.db.select().from(shifts).where(eq(shifts.id, night.id))).toHaveLength(0);
    // Without `shifts` the shifts stay.
    expect((await admin.put(`/app/locations/${loc.id}`, { status: false })).json().shifts).toHaveLength(2);
    expect((await admin.put(`/app/locations/999999`, { status: false })).statusCode).toBe(404);
  });

  it('sets the limit per meeting in euros (null: no meetings), refuses 0, and audits it', async () => {
    const loc = await makeLocation(ctx.db);
    expect((await admin.get(`/app/locations/${loc.id}`)).json().meeting_limit).toBeNull();
    const set = await admin.put(`/app/locations/${loc.id}`, { meeting_limit: 120.5 });
    expect(set.json().meeting_limit).toBe(120.5);
    const [row] = await ctx.db.select({ limit: locations.meetingLimitCents }).from(locations).where(eq(locations.id, loc.id));
    expect(row!.limit).toBe(12050);
    const zero = await admin.put(`/app/locations/${loc.id}?lang=en`, { meeting_limit: 0 });
    expect(zero.json().errors).toEqual({ meeting_limit: ['This value is not valid.'] });
    expect((await admin.put(`/app/locations/${loc.id}`, { meeting_limit: null })).json().meeting_limit).toBeNull();
    expect((await kitchen.put(`/app/locations/${loc.id}`, { meeting_limit: 10 })).statusCode).toBe(403);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(loc.id)));
    expect(audit.map((a) => a.after)).toContainEqual({ meeting_limit_cents: 12050 });
  });

  it('validates fields, money and shift ids (422, request language)', async () => {
    const loc = await makeLocation(ctx.db);
    const foreign = await makeShift(ctx.db, (await makeLocation(ctx.db)).id);
    const res = await admin.post('/app/locations?lang=lv', {
      title: '',
      contact_email: 'nav-epasts',
      subsidy: -1,
      shifts: [{ title: '' }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      title: ['Šis lauks ir obligāts.'],
      contact_email: ['Ievadiet derīgu e-pasta adresi.'],
      subsidy: ['Vērtībai jābūt vismaz 0.'],
      'shifts.0.title': ['Šis lauks ir obligāts.'],
    });
    const cents = await admin.put(`/app/locations/${loc.id}?lang=en`, { subsidy: 2.555 });
    expect(cents.json().errors).toEqual({ subsidy: ['This value is not valid.'] });
    const own = await makeShift(ctx.db, loc.id);
    const bad = await admin.put(`/app/locations/${loc.id}?lang=en`, {
      title: 'Changed',
      shifts: [
        { id: foreign.id, title: 'X' },
        { id: own.id, title: 'A' },
        { id: own.id, title: 'B' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'shifts.0.id': ['This shift does not belong to the location.'],
      'shifts.2.id': ['This shift is listed twice.'],
    });
    // Nothing was saved.
    expect((await admin.get(`/app/locations/${loc.id}`)).json().title).toBe(loc.title);
  });

  it('reconfirms idempotently', async () => {
    const loc = await makeLocation(ctx.db, { unconfirmed: true });
    const first = await admin.get(`/app/locations/${loc.id}/reconfirm`);
    expect(first.statusCode).toBe(200);
    expect(first.json().unconfirmed).toBe(false);
    const second = await admin.get(`/app/locations/${loc.id}/reconfirm`);
    expect(second.json()).toEqual(first.json());
    expect((await admin.get('/app/locations/999999/reconfirm')).statusCode).toBe(404);
    expect((await kitchen.get(`/app/locations/${loc.id}/reconfirm`)).statusCode).toBe(403);
  });

  it('names the location of an invite token publicly; 404 for unknown tokens and inactive locations', async () => {
    const loc = (await admin.post('/app/locations', { title: 'Noliktava Pļavnieki' })).json();
    const res = await ctx.anon.get(`/app/locations/token/${loc.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: loc.id, title: 'Noliktava Pļavnieki' });
    const unknown = await ctx.anon.get('/app/locations/token/not-a-token?lang=en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This link is outdated or invalid');
    await ctx.db.update(locations).set({ status: false }).where(eq(locations.id, loc.id));
    expect((await ctx.anon.get(`/app/locations/token/${loc.token}`)).statusCode).toBe(404);
  });
});

describe('locations: list', () => {
  it('pages, sorts, filters and searches', async () => {
    const tag = `Q${Date.now().toString(36)}`;
    for (const [i, t] of ['Alfa', 'Bravo', 'Charlie', 'Delta'].entries()) {
      await makeLocation(ctx.db, {
        title: `${tag} ${t}`,
        address: i === 1 ? 'Ūdens iela 5' : 'Iela',
        contactEmail: i === 3 ? 'delta@firma.lv' : '',
        contactName: i === 2 ? 'Илья Петров' : '',
        status: i !== 0,
        unconfirmed: i === 2,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const get = async (query: string) => {
      const res = await admin.get(`/app/locations?search=${encodeURIComponent(tag)}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const titles = (body: { data: { title: string }[] }) => body.data.map((l) => l.title.replace(`${tag} `, ''));
    expect(titles(await get(''))).toEqual(['Alfa', 'Bravo', 'Charlie', 'Delta']);
    const p2 = await get('per_page=3&page=2');
    expect(p2).toMatchObject({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
    expect(titles(p2)).toEqual(['Delta']);
    expect(titles(await get('sort[created_at]=desc&per_page=all'))).toEqual(['Delta', 'Charlie', 'Bravo', 'Alfa']);
    expect(titles(await get('sort[status]=asc&sort[title]=desc'))).toEqual(['Alfa', 'Delta', 'Charlie', 'Bravo']);
    expect(titles(await get('filter[status]=0'))).toEqual(['Alfa']);
    expect(titles(await get('filter[unconfirmed]=1'))).toEqual(['Charlie']);

    const search = async (term: string) =>
      titles((await admin.get(`/app/locations?search=${encodeURIComponent(term)}&per_page=all`)).json());
    expect(await search('ūdens')).toContain('Bravo');
    expect(await search('DELTA@FIRMA')).toEqual(['Delta']);
    expect(await search('илья')).toContain('Charlie');
    expect((await admin.get('/app/locations?sort[colour]=asc')).statusCode).toBe(422);
    expect((await admin.get('/app/locations')).json().per_page).toBe(50);
  });

  it('forbids customers everything but the token lookup', async () => {
    const loc = await makeLocation(ctx.db);
    expect((await customer.get('/app/locations')).statusCode).toBe(403);
    expect((await customer.get(`/app/locations/${loc.id}`)).statusCode).toBe(403);
    expect((await customer.post('/app/locations', { title: 'X' })).statusCode).toBe(403);
    expect((await customer.put(`/app/locations/${loc.id}`, { title: 'X' })).statusCode).toBe(403);
    expect((await customer.get(`/app/locations/${loc.id}/reconfirm`)).statusCode).toBe(403);
    expect((await kitchen.post('/app/locations', { title: 'X' })).statusCode).toBe(403);
    expect((await customer.get(`/app/locations/token/${loc.token}`)).statusCode).toBe(200);
  });
});

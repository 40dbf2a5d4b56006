import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { AUDIT_SECRET } from '../../../shared/schemas/audit.js';
import { identityProviders, locations } from '../../db/schema/index.js';
import { hideSecrets, recordAudit } from '../../lib/audit.js';
import { makeLocation, makeProvider, signedIn } from '../../test/factories.js';
import { makeAllergen } from '../catalogue/catalogue.factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { placedOrder, teamWorld } from '../teams/teams.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Entries written since `sinceId` (ascending). */
async function entriesAfter(sinceId: number) {
  const rows = await ctx.db.select().from(auditLog).orderBy(auditLog.id);
  return rows.filter((r) => r.id > sinceId);
}
async function lastId() {
  const [row] = await ctx.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

/** Runs `act`, expects exactly one new entry and answers it. */
async function oneEntry(act: () => Promise<{ statusCode: number; headers: Record<string, unknown> }>, status = 200) {
  const since = await lastId();
  const res = await act();
  expect(res.statusCode).toBe(status);
  const entries = await entriesAfter(since);
  expect(entries).toHaveLength(1);
  expect(entries[0]!.requestId).toBe(res.headers['x-request-id']);
  return entries[0]!;
}

async function noEntry(act: () => Promise<{ statusCode: number }>, status: number) {
  const since = await lastId();
  expect((await act()).statusCode).toBe(status);
  expect(await entriesAfter(since)).toEqual([]);
}

describe('audit log: every staff change writes one entry in its transaction', () => {
  it('dish price: actor, provider, before and after in cents; a refused change and an unchanged price write none', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const q = `?provider_id=${w.provider.id}`;
    const e = await oneEntry(() => kitchen.put(`/app/dishes/${w.soup.id}${q}`, { price: 3.45 }));
    expect(e).toMatchObject({
      action: 'dish.price',
      actorId: kitchen.user.id,
      providerId: w.provider.id,
      entityType: 'dish',
      entityId: String(w.soup.id),
      before: { price_cents: 300 },
      after: { price_cents: 345 },
    });
    // The same price again with a new title: no price entry, the title is a dish.update of its own.
    const titled = await oneEntry(() => kitchen.put(`/app/dishes/${w.soup.id}${q}`, { price: 3.45, title: { lv: 'Zupa' } }));
    expect(titled).toMatchObject({
      action: 'dish.update',
      before: { title: { lv: 'Skābeņu zupa', en: 'Sorrel soup' } },
      after: { title: { lv: 'Zupa' } },
    });
    await noEntry(() => kitchen.put(`/app/dishes/${w.soup.id}${q}`, { price: 3.45, title: { lv: 'Zupa' } }), 200);
    // Refused by validation inside the transaction (unknown category): no entry, price unchanged.
    await noEntry(() => kitchen.put(`/app/dishes/${w.soup.id}${q}`, { price: 9, category_id: 2_000_000 }), 422);
  });

  it('menus: create (also a copy), update of changed fields only, delete; a refused update writes none', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const q = `?provider_id=${w.provider.id}`;
    const created = await oneEntry(
      () =>
        admin.post(`/app/dishlists${q}`, {
          title: 'Pirmdiena',
          from: '2026-03-02T08:00:00Z',
          to: '2026-03-02T10:00:00Z',
          selectedDishes: [{ id: w.main.id }, { id: w.soup.id }],
        }),
      201,
    );
    expect(created).toMatchObject({ action: 'menu.create', actorId: admin.user.id, providerId: w.provider.id, before: null });
    expect(created.after).toMatchObject({ title: 'Pirmdiena', status: false, dish_ids: [w.soup.id, w.main.id].sort((a, b) => a - b) });
    const id = Number(created.entityId);

    const updated = await oneEntry(() => admin.put(`/app/dishlists/${id}${q}`, { title: 'Otrdiena', status: false }));
    expect(updated).toMatchObject({ action: 'menu.update', before: { title: 'Pirmdiena' }, after: { title: 'Otrdiena' } });
    await noEntry(() => admin.put(`/app/dishlists/${id}${q}`, { from: '2026-03-02T11:00:00Z' }), 422);

    // Prices on this menu: only the ones that changed, a dish's own and a set-meal option's.
    const setId = w.set.complex.id;
    const priced = await oneEntry(() =>
      admin.put(`/app/dishlists/${id}${q}`, {
        selectedDishes: [{ id: w.main.id, price: 4.2 }, { id: w.soup.id }, { id: setId, complex: [{ id: w.dessert.id, price: 0.8 }] }],
      }),
    );
    expect(priced).toMatchObject({
      action: 'menu.update',
      before: { prices: { [w.main.id]: null, [setId]: null, [`${setId}/${w.dessert.id}`]: null } },
      after: { prices: { [w.main.id]: 420, [setId]: null, [`${setId}/${w.dessert.id}`]: 80 } },
    });
    expect(Object.keys(priced.before as object).sort()).toEqual(['dish_ids', 'prices']);
    const repriced = await oneEntry(() =>
      admin.put(`/app/dishlists/${id}${q}`, {
        selectedDishes: [{ id: w.main.id, price: 4.5 }, { id: w.soup.id }, { id: setId, complex: [{ id: w.dessert.id, price: 0.8 }] }],
      }),
    );
    expect(repriced).toMatchObject({ before: { prices: { [w.main.id]: 420 } }, after: { prices: { [w.main.id]: 450 } } });
    expect(Object.keys((repriced.after as { prices: object }).prices)).toEqual([String(w.main.id)]);
    // The same prices again: nothing changed, nothing recorded.
    await noEntry(
      () =>
        admin.put(`/app/dishlists/${id}${q}`, {
          selectedDishes: [{ id: w.main.id, price: 4.5 }, { id: w.soup.id }, { id: setId, complex: [{ id: w.dessert.id, price: 0.8 }] }],
        }),
      200,
    );

    const deleted = await oneEntry(() => admin.delete(`/app/dishlists/${id}${q}`));
    expect(deleted).toMatchObject({ action: 'menu.delete', entityId: String(id), after: null });
    expect(deleted.before).toMatchObject({ title: 'Otrdiena' });
  });

  it('stock: only the dishes whose stock changes', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const url = `/app/dishlists/${w.menu.id}/balance?provider_id=${w.provider.id}`;
    const e = await oneEntry(() =>
      kitchen.post(url, {
        balance: [
          { id: w.soup.id, qty: 5 },
          { id: w.main.id, qty: 8 },
        ],
      }),
    );
    expect(e).toMatchObject({ action: 'balance.update', entityType: 'menu', entityId: String(w.menu.id) });
    expect(e.before).toEqual({ qty: { [w.main.id]: null } });
    expect(e.after).toEqual({ qty: { [w.main.id]: 8 } });
    await noEntry(() => kitchen.post(url, { balance: [{ id: 2_000_000, qty: 1 }] }), 422);
  });

  it('orders: accept, revoke and delete; repeating an accept records nothing', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const customer = ctx.as(await customerAt(ctx.db, new Date()));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const order = await placedOrder(ctx.db, {
      menuId: w.menu.id,
      userId: customer.user.id,
      locationId: customer.location.id,
      amountCents: 550,
      lines: [{ dishId: w.main.id, title: { lv: 'Karbonāde' }, qty: 1, unitPriceCents: 550 }],
    });
    const accepted = await oneEntry(() => kitchen.put(`/app/order/${order.id}?accepted=1`));
    expect(accepted).toMatchObject({
      action: 'order.accept',
      actorId: kitchen.user.id,
      providerId: w.provider.id,
      entityType: 'order',
      entityId: String(order.id),
      before: { accepted: 0 },
      after: { accepted: 1 },
    });
    await noEntry(() => kitchen.put(`/app/order/${order.id}?accepted=1`), 200);
    const revoked = await oneEntry(() => kitchen.put(`/app/order/${order.id}?accepted=0`));
    expect(revoked).toMatchObject({ action: 'order.revoke', before: { accepted: 1 }, after: { accepted: 0 } });
    const deleted = await oneEntry(() => kitchen.delete(`/app/order/${order.id}`));
    expect(deleted).toMatchObject({ action: 'order.delete', entityId: String(order.id), providerId: w.provider.id, after: null });
    expect(deleted.before).toMatchObject({ user_id: customer.user.id, amount_cents: 550, payment_type: 'cash', menu_id: w.menu.id });
    // A pending order cannot be accepted (409): the refused change leaves no entry.
    const pending = await placedOrder(ctx.db, {
      menuId: w.menu.id,
      userId: customer.user.id,
      locationId: customer.location.id,
      status: 1,
      amountCents: 300,
      lines: [],
    });
    await noEntry(() => kitchen.put(`/app/order/${pending.id}?accepted=1`), 409);
  });

  it('order cancel: by staff and by the customer, with who did it; a repeated cancel records nothing', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const customer = ctx.as(await customerAt(ctx.db, new Date()));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const line = { dishId: w.main.id, title: { lv: 'Karbonāde' }, qty: 1, unitPriceCents: 550 };
    const base = { menuId: w.menu.id, userId: customer.user.id, locationId: customer.location.id, amountCents: 550, lines: [line] };
    const first = await placedOrder(ctx.db, base);
    const byStaff = await oneEntry(() => kitchen.post(`/app/order/${first.id}/cancel?provider_id=${w.provider.id}`));
    expect(byStaff).toMatchObject({
      action: 'order.cancel',
      actorId: kitchen.user.id,
      providerId: w.provider.id,
      entityType: 'order',
      entityId: String(first.id),
      before: { status: 2 },
      after: { status: 3 },
    });
    await noEntry(() => kitchen.post(`/app/order/${first.id}/cancel?provider_id=${w.provider.id}`), 200);
    const second = await placedOrder(ctx.db, base);
    const own = await oneEntry(() => customer.post(`/app/order/${second.id}/cancel`));
    expect(own).toMatchObject({ action: 'order.cancel', actorId: customer.user.id, entityId: String(second.id) });
  });

  it('accept all new: one entry per accepted order; an administrator editing and deactivating a user: only what changed', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const customer = ctx.as(await customerAt(ctx.db, new Date()));
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const line = { dishId: w.main.id, title: { lv: 'Karbonāde' }, qty: 1, unitPriceCents: 550 };
    const base = { menuId: w.menu.id, userId: customer.user.id, locationId: customer.location.id, amountCents: 550, lines: [line] };
    const a = await placedOrder(ctx.db, base);
    const b = await placedOrder(ctx.db, base);
    const since = await lastId();
    expect((await kitchen.post('/app/order/accept-all', { dishlist_id: w.menu.id })).statusCode).toBe(200);
    const accepts = await entriesAfter(since);
    expect(accepts.map((e) => [e.action, e.entityId, e.actorId, e.providerId])).toEqual([
      ['order.accept', String(a.id), kitchen.user.id, w.provider.id],
      ['order.accept', String(b.id), kitchen.user.id, w.provider.id],
    ]);

    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const other = await makeLocation(ctx.db);
    const who = customer.user;
    const edited = await oneEntry(() =>
      admin.put(`/app/admin/users/${who.id}`, {
        first_name: who.firstName,
        phone: who.phone ?? '',
        location_id: other.id,
        role: 'customer',
        is_location_manager: false,
      }),
    );
    expect(edited).toMatchObject({
      action: 'user.update',
      actorId: admin.user.id,
      entityId: String(who.id),
      before: { location_id: customer.location.id },
      after: { location_id: other.id },
    });
    const off = await oneEntry(() => admin.post(`/app/admin/users/${who.id}/deactivate`));
    expect(off).toMatchObject({ action: 'user.active', before: { active: true }, after: { active: false } });
    await noEntry(() => admin.post(`/app/admin/users/${who.id}/deactivate`), 200);
  });

  it('location subsidy: only subsidy fields, provider-less; the other fields are location.update', async () => {
    const loc = await makeLocation(ctx.db, { subsidyCents: 350, title: 'Vecais' });
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const e = await oneEntry(() => admin.put(`/app/locations/${loc.id}`, { subsidy: 4 }));
    expect(e).toMatchObject({
      action: 'location.subsidy',
      providerId: null,
      entityId: String(loc.id),
      before: { subsidy_cents: 350 },
      after: { subsidy_cents: 400 },
    });
    const renamed = await oneEntry(() => admin.put(`/app/locations/${loc.id}`, { title: 'Cits', vat_number: 'LV40003123456' }));
    expect(renamed).toMatchObject({
      action: 'location.update',
      providerId: null,
      before: { title: 'Vecais', vat_number: '' },
      after: { title: 'Cits', vat_number: 'LV40003123456' },
    });
    await noEntry(() => admin.put(`/app/locations/${loc.id}`, { title: 'Cits' }), 200);
    // A new invite link: the entry says the token changed, never what it is.
    const relinked = await oneEntry(() => admin.put(`/app/locations/${loc.id}`, { regenerate_token: true }));
    expect(relinked).toMatchObject({ action: 'location.update', before: { token: AUDIT_SECRET }, after: { token: AUDIT_SECRET } });
    const [row] = await ctx.db.select({ token: locations.token }).from(locations).where(eq(locations.id, loc.id));
    expect(JSON.stringify(relinked)).not.toContain(row!.token);
    expect(JSON.stringify(relinked)).not.toContain(loc.token);
  });

  it('dish allergens and diets, by allergen code; creating and deleting a dish and a category', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const q = `?provider_id=${w.provider.id}`;
    const gluten = await makeAllergen(ctx.db, `gluten-${w.provider.id}`);
    const milk = await makeAllergen(ctx.db, `milk-${w.provider.id}`);
    const e = await oneEntry(() =>
      kitchen.put(`/app/dishes/${w.main.id}${q}`, { allergens: [milk.id, gluten.id], diets: ['pork', 'gluten_free'] }),
    );
    expect(e).toMatchObject({
      action: 'dish.update',
      providerId: w.provider.id,
      before: { allergens: null, diets: [] },
      after: { allergens: [gluten.code, milk.code], diets: ['gluten_free', 'pork'] },
    });
    expect(Object.keys(e.after!).sort()).toEqual(['allergens', 'diets']);
    const cat = await oneEntry(() => kitchen.post(`/app/categories${q}`, { title: { lv: 'Deserti' } }), 201);
    expect(cat).toMatchObject({ action: 'category.create', entityType: 'category', before: null, after: { title: { lv: 'Deserti' } } });
    const dish = await oneEntry(
      () =>
        kitchen.post(`/app/dishes${q}`, {
          title: { lv: 'Kūka' },
          category_id: Number(cat.entityId),
          price: 2,
          diets: ['vegan'],
        }),
      201,
    );
    expect(dish).toMatchObject({ action: 'dish.create', after: { title: { lv: 'Kūka' }, price_cents: 200, diets: ['vegan'] } });
    const gone = await oneEntry(() => kitchen.delete(`/app/dishes/${dish.entityId}${q}`));
    expect(gone).toMatchObject({ action: 'dish.delete', after: null, before: { title: { lv: 'Kūka' }, price_cents: 200 } });
    const catGone = await oneEntry(() => kitchen.delete(`/app/categories/${cat.entityId}${q}`));
    expect(catGone).toMatchObject({ action: 'category.delete', before: { title: { lv: 'Deserti' } } });
  });

  it('provider details printed on invoices: VAT rate, IBAN, registration number', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const p = await makeProvider(ctx.db, { vatRateBp: 2100 });
    const e = await oneEntry(() =>
      admin.put(`/app/providers/${p.id}`, {
        vat_rate: 12,
        iban: 'LV80BANK0000435195001',
        registration_number: '40003123456',
      }),
    );
    expect(e).toMatchObject({
      action: 'provider.update',
      entityType: 'provider',
      providerId: p.id,
      before: { vat_rate: 21, iban: '', registration_number: '' },
      after: { vat_rate: 12, iban: 'LV80BANK0000435195001', registration_number: '40003123456' },
    });
    await noEntry(() => admin.put(`/app/providers/${p.id}`, { vat_rate: 12 }), 200);
  });

  it('company sign-in: allowed domains and the client secret, which is never written (only that it changed)', async () => {
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    const loc = await makeLocation(ctx.db);
    const first = 'first-client-secret-0123';
    const second = 'second-client-secret-4567';
    const body = {
      name: 'SSO',
      issuer: 'https://login.example.lv',
      client_id: 'lunch',
      client_secret: first,
      allowed_domains: ['a.lv'],
      location_id: loc.id,
    };
    const made = await oneEntry(() => admin.post('/app/admin/identity-providers', body), 201);
    expect(made).toMatchObject({ action: 'identity_provider.create', after: { client_secret: AUDIT_SECRET, allowed_domains: ['a.lv'] } });
    const id = made.entityId;
    const changed = await oneEntry(() =>
      admin.put(`/app/admin/identity-providers/${id}`, { client_secret: second, allowed_domains: ['a.lv', 'b.lv'] }),
    );
    expect(changed).toMatchObject({
      action: 'identity_provider.update',
      before: { client_secret: AUDIT_SECRET, allowed_domains: ['a.lv'] },
      after: { client_secret: AUDIT_SECRET, allowed_domains: ['a.lv', 'b.lv'] },
    });
    const domainsOnly = await oneEntry(() => admin.put(`/app/admin/identity-providers/${id}`, { allowed_domains: ['b.lv'] }));
    expect(Object.keys(domainsOnly.after!)).toEqual(['allowed_domains']);
    await oneEntry(() => admin.delete(`/app/admin/identity-providers/${id}`));
    // Neither the secrets nor their encrypted form are anywhere in the log.
    const [{ text }] = (
      await ctx.db.execute<{ text: string }>(
        sql`select coalesce(string_agg(before::text || ' ' || after::text, ' '), '') as text from audit_log`,
      )
    ).rows as [{ text: string }];
    const [stored] = await ctx.db.select({ enc: identityProviders.clientSecretEnc }).from(identityProviders).limit(1);
    for (const secret of [first, second]) expect(text).not.toContain(secret);
    if (stored) expect(text).not.toContain(stored.enc);
    expect(hideSecrets({ password: 'x', client_secret: '', nested: { token: 't', has_password: true }, title: 'ok' })).toEqual({
      password: AUDIT_SECRET,
      client_secret: null,
      nested: { token: AUDIT_SECRET, has_password: true },
      title: 'ok',
    });
  });

  it('cash entries on laps: the amount before and after', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const loc = await makeLocation(ctx.db);
    const kitchen = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    const url = `/app/cashbalance/${w.menu.id}?provider_id=${w.provider.id}`;
    const first = await oneEntry(() => kitchen.post(url, { location_id: loc.id, amount: 12.5 }));
    expect(first).toMatchObject({
      action: 'lap.cash',
      entityType: 'cash_balance',
      entityId: `${w.menu.id}:${loc.id}`,
      before: null,
      after: { amount_cents: 1250 },
    });
    const second = await oneEntry(() => kitchen.post(url, { location_id: loc.id, amount: 10 }));
    expect(second).toMatchObject({ before: { amount_cents: 1250 }, after: { amount_cents: 1000 } });
  });

  it('member activation by a manager: deactivate and activate; repeats record nothing', async () => {
    const team = await teamWorld(ctx.db, new Date());
    const off = await oneEntry(() => ctx.as(team.manager).delete(`/app/me/deactivate/${team.kristaps.id}`));
    expect(off).toMatchObject({
      action: 'user.active',
      actorId: team.manager.user.id,
      entityType: 'user',
      entityId: String(team.kristaps.id),
      before: { active: true },
      after: { active: false },
    });
    await noEntry(() => ctx.as(team.manager).delete(`/app/me/deactivate/${team.kristaps.id}`), 200);
    const on = await oneEntry(() => ctx.as(team.manager).get(`/app/me/activate/${team.kristaps.id}`));
    expect(on).toMatchObject({ before: { active: false }, after: { active: true } });
  });
});

describe('audit log: append-only and transactional', () => {
  it('the database refuses UPDATE and DELETE of entries', async () => {
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    await ctx.db.transaction((tx) =>
      recordAudit(tx, { user: { id: admin.user.id }, id: 'req-1' }, { action: 'user.role', entityType: 'user', entityId: 1 }),
    );
    const id = await lastId();
    await expect(ctx.db.execute(sql`update audit_log set action = 'menu.delete' where id = ${id}`)).rejects.toMatchObject(refused);
    await expect(ctx.db.execute(sql`update audit_log set actor_id = null where id = ${id}`)).rejects.toMatchObject(refused);
    await expect(ctx.db.execute(sql`delete from audit_log where id = ${id}`)).rejects.toMatchObject(refused);
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row).toMatchObject({ action: 'user.role', actorId: admin.user.id });
  });

  it('deleting the actor keeps the entry with no actor (the foreign key may null it, nothing else)', async () => {
    const gone = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }));
    await ctx.db.transaction((tx) =>
      recordAudit(tx, { user: { id: gone.user.id }, id: 'req-2' }, { action: 'user.role', entityType: 'user', entityId: gone.user.id }),
    );
    const id = await lastId();
    await ctx.db.execute(sql`delete from users where id = ${gone.user.id}`);
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row).toMatchObject({ actorId: null, action: 'user.role', requestId: 'req-2' });
  });

  it('a transaction that fails after the entry leaves neither the change nor the entry', async () => {
    const since = await lastId();
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, { user: null, id: 'req-3' }, { action: 'dish.price', entityType: 'dish', entityId: 1 });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await entriesAfter(since)).toEqual([]);
  });
});

describe('GET /app/audit', () => {
  it('admins only: 401 signed out, 403 kitchen and customer; no call changes an entry', async () => {
    expect((await ctx.anon.get('/app/audit')).statusCode).toBe(401);
    for (const role of ['kitchen', 'customer'] as const) {
      const u = ctx.as(await signedIn(ctx.db, { role }));
      expect((await u.get('/app/audit')).statusCode).toBe(403);
      expect((await u.get('/app/audit/actors')).statusCode).toBe(403);
    }
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }));
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      expect([404, 405]).toContain((await admin.request(method, '/app/audit', {})).statusCode);
    }
  });

  it('names what each entry is about and the ids in it, in the asked language, in one query per page', async () => {
    const w = await menuWorld(ctx.db, new Date());
    const team = await teamWorld(ctx.db, new Date(), { title: 'Birojs Centrs' });
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin', firstName: 'Ilze' }));
    const q = `provider_id=${w.provider.id}`;
    await admin.put(`/app/dishes/${w.soup.id}?${q}`, { price: 3.3 });
    await admin.post(`/app/dishlists/${w.menu.id}/balance?${q}`, { balance: [{ id: w.soup.id, qty: 9 }] });
    await admin.post(`/app/cashbalance/${w.menu.id}?${q}`, { location_id: team.location.id, amount: 2 });
    await ctx.as(team.manager).delete(`/app/me/deactivate/${team.kristaps.id}`);
    const order = await placedOrder(ctx.db, {
      menuId: w.menu.id,
      userId: team.anna.user.id,
      locationId: team.location.id,
      amountCents: 300,
      lines: [{ dishId: w.soup.id, title: w.soup.title, qty: 1, unitPriceCents: 300 }],
    });
    await admin.delete(`/app/order/${order.id}?${q}`);

    // As many queries for a page of 5 entries as for a page of 1: names are read per page, not per entry.
    const client = ctx.deps.database.pool;
    const original = client.query.bind(client);
    const counted = async (perPage: number) => {
      let queries = 0;
      client.query = ((...args: Parameters<typeof original>) => {
        // The event batches of the writes above go out on the pool a moment later (pg_notify):
        // not this request's reads.
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
        if (!text?.includes('pg_notify')) queries++;
        return original(...args);
      }) as typeof client.query;
      try {
        const answer = await admin.get(`/app/audit?${q}&lang=en&per_page=${perPage}`);
        expect(answer.statusCode).toBe(200);
        return { answer, queries };
      } finally {
        client.query = original;
      }
    };
    await counted(1); // warms the session and provider caches
    const one = await counted(1);
    const { answer: res, queries } = await counted(5);
    expect(res.json().data).toHaveLength(5);
    // Not more for 5 entries than for 1 (an N+1 read would add one per entry).
    expect(queries).toBeLessThanOrEqual(one.queries);
    const byAction = Object.fromEntries(
      res.json().data.map((e: { action: string; entity_name: string | null; names: Record<string, string> }) => [e.action, e]),
    );
    expect(byAction['dish.price']).toMatchObject({ entity_name: 'Sorrel soup', entity_id: String(w.soup.id) });
    expect(byAction['balance.update']).toMatchObject({ entity_name: w.menu.title, names: { [`dish:${w.soup.id}`]: 'Sorrel soup' } });
    expect(byAction['lap.cash'].entity_name).toBe(`${w.menu.title} · Birojs Centrs`);
    expect(byAction['user.active']).toMatchObject({ entity_name: `Kristaps (${team.kristaps.email})`, actor: { name: 'Marta' } });
    // A deleted order has no name any more; the ids in its entry still do.
    expect(byAction['order.delete']).toMatchObject({
      entity_name: null,
      names: { [`user:${team.anna.user.id}`]: `Anna (${team.anna.user.email})`, [`location:${team.location.id}`]: 'Birojs Centrs' },
    });
    const lv = (await admin.get(`/app/audit?${q}&lang=lv&filter[action]=dish.price`)).json();
    expect(lv.data[0].entity_name).toBe('Skābeņu zupa');
  });

  it('newest first, scoped to the active provider plus provider-less entries, filtered and paged', async () => {
    const a = await menuWorld(ctx.db, new Date());
    const b = await menuWorld(ctx.db, new Date());
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin', firstName: 'Ilze' }));
    const loc = await makeLocation(ctx.db);
    await admin.put(`/app/dishes/${a.soup.id}?provider_id=${a.provider.id}`, { price: 3.1 });
    await admin.put(`/app/dishes/${a.main.id}?provider_id=${a.provider.id}`, { price: 5.6 });
    await admin.put(`/app/dishes/${b.soup.id}?provider_id=${b.provider.id}`, { price: 3.2 });
    await admin.put(`/app/locations/${loc.id}`, { subsidy: 1 });

    const list = await admin.get(`/app/audit?provider_id=${a.provider.id}&filter[actor_id]=${admin.user.id}`);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data.map((e: { action: string; entity_id: string }) => `${e.action} ${e.entity_id}`)).toEqual([
      `location.subsidy ${loc.id}`,
      `dish.price ${a.main.id}`,
      `dish.price ${a.soup.id}`,
    ]);
    expect(body.data[1]).toMatchObject({
      actor: { id: admin.user.id, name: 'Ilze' },
      before: { price_cents: 550 },
      after: { price_cents: 560 },
      provider_id: a.provider.id,
    });

    const byAction = await admin.get(
      `/app/audit?provider_id=${a.provider.id}&filter[actor_id]=${admin.user.id}&filter[action]=dish.price&per_page=1&page=2`,
    );
    expect(byAction.json()).toMatchObject({ total: 2, last_page: 2, current_page: 2, data: [{ entity_id: String(a.soup.id) }] });
    const byEntity = await admin.get(`/app/audit?provider_id=${b.provider.id}&filter[entity_type]=dish&filter[entity_id]=${b.soup.id}`);
    expect(byEntity.json()).toMatchObject({ total: 1, data: [{ after: { price_cents: 320 } }] });
    const future = await admin.get(`/app/audit?provider_id=${a.provider.id}&filter[from]=2099-01-01`);
    expect(future.json().total).toBe(0);
    const range = await admin.get(
      `/app/audit?provider_id=${a.provider.id}&filter[actor_id]=${admin.user.id}&filter[from]=2000-01-01&filter[to]=2099-12-31`,
    );
    expect(range.json().total).toBe(3);
    const bad = await admin.get('/app/audit?filter[action]=dish.drop&filter[from]=2026-02-30');
    expect(bad.statusCode).toBe(422);
    const actors = await admin.get(`/app/audit/actors?provider_id=${a.provider.id}`);
    expect(actors.json().data).toContainEqual({ id: admin.user.id, name: 'Ilze', email: admin.user.email });
  });
});

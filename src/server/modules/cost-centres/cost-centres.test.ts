import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, users } from '../../db/schema/index.js';
import { makeLocation, signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { UserClient } from '../../test/client.js';
import { invoiceWorld } from '../invoices/invoices.factories.js';
import { costCentresFor } from './cost-centres.read.js';

let ctx: TestContext;
let admin: UserClient;
beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-12-02T10:00:00Z'));
  admin = await ctx.as('admin');
});
afterAll(() => ctx.close());

/** A company (two locations) with a manager at one of them, and another company's location. */
async function world() {
  const w = await invoiceWorld(ctx.db);
  const manager = await signedIn(ctx.db, { role: 'customer', locationId: w.centrs.id, isLocationManager: true }, ctx.clock.now());
  const otherManager = await signedIn(ctx.db, { role: 'customer', locationId: w.alone.id, isLocationManager: true }, ctx.clock.now());
  return { ...w, manager: ctx.as(manager), managerId: manager.user.id, otherManager: ctx.as(otherManager) };
}

async function create(who: UserClient, company: string, code: string, title = `Dept ${code}`) {
  const res = await who.post('/app/cost-centres?lang=en', { company, code, title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; code: string; title: string; active: boolean; orders: number };
}

const auditOf = async (action: string, entityId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action as never), eq(auditLog.entityId, String(entityId))));

describe('cost centres CRUD', () => {
  it('an administrator creates, lists, changes and deletes a company’s cost centres, each write audited', async () => {
    const w = await world();
    const sales = await create(admin, w.companyReg, 'S-10', 'Sales');
    const it_ = await create(admin, w.companyReg, 'IT-01', 'IT');
    expect(sales).toEqual({ id: sales.id, code: 'S-10', title: 'Sales', active: true, orders: 0 });
    const list = await admin.get(`/app/cost-centres?company=${w.companyReg}`);
    expect(list.json()).toEqual({
      company: { registration: w.companyReg, name: 'SIA Birojs & Co' },
      data: [
        { ...it_, orders: 0 },
        { ...sales, orders: 0 },
      ],
    });
    // By location: the location's company.
    expect((await admin.get(`/app/cost-centres?location_id=${w.plavnieki.id}`)).json().data).toHaveLength(2);
    const upd = await admin.put(`/app/cost-centres/${sales.id}`, { code: 'S-11', title: 'Sales team', active: false });
    expect(upd.json()).toMatchObject({ code: 'S-11', title: 'Sales team', active: false });
    expect((await auditOf('cost_centre.create', sales.id))[0]?.after).toMatchObject({ code: 'S-10', company: w.companyReg });
    expect((await auditOf('cost_centre.update', sales.id))[0]).toMatchObject({
      before: { code: 'S-10', title: 'Sales', active: true },
      after: { code: 'S-11', title: 'Sales team', active: false },
    });
    // Inactive ones list after the active ones.
    expect((await admin.get(`/app/cost-centres?company=${w.companyReg}`)).json().data.map((c: { code: string }) => c.code)).toEqual([
      'IT-01',
      'S-11',
    ]);
    const del = await admin.delete(`/app/cost-centres/${it_.id}`);
    expect(del.json()).toEqual({ deleted: true, cost_centre: null });
    expect(await auditOf('cost_centre.delete', it_.id)).toHaveLength(1);
  });

  it('refuses a code the company already has (any case), not one of another company', async () => {
    const w = await world();
    await create(admin, w.companyReg, 'HR');
    const dup = await admin.post('/app/cost-centres?lang=en', { company: w.companyReg, code: 'hr', title: 'x' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ code: ['The company already has a cost centre with this code.'] });
    await create(admin, '40003555555', 'HR');
    const blank = await admin.post('/app/cost-centres?lang=en', { company: w.companyReg, code: ' ', title: '' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['code', 'title']);
    const unknown = await admin.post('/app/cost-centres?lang=en', { company: '00000000000', code: 'A', title: 'A' });
    expect(unknown.statusCode).toBe(404);
  });

  it('deactivates instead of deleting a cost centre orders are booked to', async () => {
    const w = await world();
    const cc = await create(admin, w.companyReg, 'OPS');
    const [order] = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, w.anna.id)).limit(1);
    await ctx.db.update(orders).set({ costCentreId: cc.id }).where(eq(orders.id, order!.id));
    const res = await admin.delete(`/app/cost-centres/${cc.id}`);
    expect(res.json()).toEqual({ deleted: false, cost_centre: { ...cc, active: false, orders: 1 } });
    expect((await ctx.db.select({ cc: orders.costCentreId }).from(orders).where(eq(orders.id, order!.id)))[0]!.cc).toBe(cc.id);
  });

  it('a location manager manages their own company only; another company’s ids answer 404', async () => {
    const w = await world();
    const own = await create(w.manager, w.companyReg, 'M-1');
    const foreign = await create(admin, '40003555555', `F-${w.alone.id}`);
    // Without a parameter: their own company.
    const list = await w.manager.get('/app/cost-centres');
    expect(list.json().company.registration).toBe(w.companyReg);
    expect(list.json().data.map((c: { id: number }) => c.id)).toEqual([own.id]);
    expect((await w.manager.get('/app/cost-centres?company=40003555555')).statusCode).toBe(404);
    expect((await w.manager.get(`/app/cost-centres?location_id=${w.alone.id}`)).statusCode).toBe(404);
    expect((await w.manager.post('/app/cost-centres', { company: '40003555555', code: 'X', title: 'X' })).statusCode).toBe(404);
    expect((await w.manager.put(`/app/cost-centres/${foreign.id}`, { code: 'X', title: 'X', active: true })).statusCode).toBe(404);
    expect((await w.manager.delete(`/app/cost-centres/${foreign.id}`)).statusCode).toBe(404);
    expect((await w.otherManager.put(`/app/cost-centres/${own.id}`, { code: 'X', title: 'X', active: true })).statusCode).toBe(404);
    expect((await w.manager.put(`/app/cost-centres/${own.id}`, { code: 'M-2', title: 'Mine', active: true })).statusCode).toBe(200);
  });

  it('kitchen staff read but do not edit; customers neither', async () => {
    const w = await world();
    const cc = await create(admin, w.companyReg, 'K');
    const kitchen = await ctx.as('kitchen');
    expect((await kitchen.get(`/app/cost-centres?location_id=${w.centrs.id}`)).statusCode).toBe(200);
    expect((await kitchen.post('/app/cost-centres', { company: w.companyReg, code: 'Z', title: 'Z' })).statusCode).toBe(403);
    expect((await kitchen.put(`/app/cost-centres/${cc.id}`, { code: 'Z', title: 'Z', active: true })).statusCode).toBe(403);
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.centrs.id }, ctx.clock.now()));
    expect((await customer.get('/app/cost-centres')).statusCode).toBe(403);
    expect((await customer.delete(`/app/cost-centres/${cc.id}`)).statusCode).toBe(403);
    expect((await ctx.anon.get('/app/cost-centres')).statusCode).toBe(401);
  });
});

describe('choices and defaults', () => {
  it('answers the user’s company’s active cost centres and their default; the read model the same', async () => {
    const w = await world();
    const a = await create(admin, w.companyReg, 'A');
    const b = await create(admin, w.companyReg, 'B');
    const off = await create(admin, w.companyReg, 'C');
    await admin.put(`/app/cost-centres/${off.id}`, { code: 'C', title: off.title, active: false });
    const liga = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.plavnieki.id, costCentreId: b.id }, ctx.clock.now()));
    const choices = await liga.get('/app/cost-centres/choices');
    expect(choices.headers['cache-control']).toBe('private, no-store');
    expect(choices.json()).toEqual({
      data: [
        { id: a.id, code: 'A', title: 'Dept A' },
        { id: b.id, code: 'B', title: 'Dept B' },
      ],
      default_id: b.id,
    });
    expect(await costCentresFor(ctx.db, w.plavnieki.id)).toEqual(choices.json().data);
    // Without a registration number: none.
    const noCompany = await makeLocation(ctx.db);
    expect(await costCentresFor(ctx.db, noCompany.id)).toEqual([]);
    // Another company's user sees none of them.
    const elsewhere = await makeLocation(ctx.db, { registrationNumber: `4009${w.centrs.id}` });
    const other = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: elsewhere.id }, ctx.clock.now()));
    expect((await other.get('/app/cost-centres/choices')).json()).toEqual({ data: [], default_id: null });
    // For an order at a location: staff any, the manager their own company's locations, else 404.
    expect((await admin.get(`/app/cost-centres/choices?location_id=${w.plavnieki.id}`)).json().data).toHaveLength(2);
    expect((await w.manager.get(`/app/cost-centres/choices?location_id=${w.plavnieki.id}`)).json().data).toHaveLength(2);
    expect((await w.manager.get(`/app/cost-centres/choices?location_id=${elsewhere.id}`)).statusCode).toBe(404);
    expect((await other.get(`/app/cost-centres/choices?location_id=${w.plavnieki.id}`)).statusCode).toBe(404);
  });

  it('the admin and the user’s manager set a user’s default (audited); the user sets their own', async () => {
    const w = await world();
    const a = await create(admin, w.companyReg, 'A');
    const foreign = await create(admin, '40003555555', `F-${w.alone.id}-d`);
    const res = await admin.put(`/app/users/${w.anna.id}/cost-centre`, { cost_centre_id: a.id });
    expect(res.json()).toEqual({ user_id: w.anna.id, cost_centre_id: a.id });
    // The administrator's user list carries the default (the user editor shows it).
    const listed = await admin.get(`/app/admin/users?location_id=${w.centrs.id}`);
    expect(listed.json().data.find((u: { id: number }) => u.id === w.anna.id)).toMatchObject({ cost_centre_id: a.id });
    expect((await auditOf('user.cost_centre', w.anna.id))[0]).toMatchObject({
      before: { cost_centre_id: null },
      after: { cost_centre_id: a.id },
    });
    const bad = await admin.put(`/app/users/${w.anna.id}/cost-centre?lang=en`, { cost_centre_id: foreign.id });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ cost_centre_id: ['Choose an active cost centre of this company.'] });
    // The manager: their own location's members; Līga is at another location of the company.
    expect((await w.manager.put(`/app/users/${w.juris.id}/cost-centre`, { cost_centre_id: a.id })).statusCode).toBe(200);
    expect((await w.manager.put(`/app/users/${w.liga.id}/cost-centre`, { cost_centre_id: a.id })).statusCode).toBe(404);
    expect((await w.otherManager.put(`/app/users/${w.anna.id}/cost-centre`, { cost_centre_id: null })).statusCode).toBe(404);
    // The user: their own, not audited as a staff change.
    const anna = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.centrs.id }, ctx.clock.now()));
    expect((await anna.put(`/app/users/${w.juris.id}/cost-centre`, { cost_centre_id: null })).statusCode).toBe(403);
    const mine = await anna.put('/app/me/cost-centre', { cost_centre_id: a.id });
    expect(mine.json()).toEqual({ user_id: anna.user.id, cost_centre_id: a.id });
    expect((await anna.put('/app/me/cost-centre', { cost_centre_id: foreign.id })).statusCode).toBe(422);
    expect((await anna.get('/app/cost-centres/choices')).json().default_id).toBe(a.id);
    expect(await auditOf('user.cost_centre', anna.user.id)).toHaveLength(0);
    const [row] = await ctx.db.select({ cc: users.costCentreId }).from(users).where(eq(users.id, anna.user.id));
    expect(row!.cc).toBe(a.id);
  });
});

describe('an order’s cost centre', () => {
  it('staff and the location’s manager change it (audited); others get 404; refused once invoiced', async () => {
    const w = await world();
    const a = await create(admin, w.companyReg, 'A');
    const b = await create(admin, w.companyReg, 'B');
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, w.anna.id), eq(orders.menuId, w.nov5.id), eq(orders.status, 2)));
    const url = `/app/orders/${order!.id}/cost-centre?provider_id=${w.provider.id}&lang=en`;
    const res = await admin.patch(url, { cost_centre_id: a.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ order_id: order!.id, cost_centre: { id: a.id, code: 'A', title: 'Dept A' } });
    expect((await auditOf('order.cost_centre', order!.id))[0]).toMatchObject({
      before: { cost_centre_id: null },
      after: { cost_centre_id: a.id },
    });
    expect((await w.manager.patch(url, { cost_centre_id: b.id })).json().cost_centre.id).toBe(b.id);
    // The order's answer names it (the staff order details' control shows it).
    expect((await admin.get(`/app/order/${order!.id}?provider_id=${w.provider.id}`)).json().cost_centre_id).toBe(b.id);
    expect((await w.otherManager.patch(url, { cost_centre_id: null })).statusCode).toBe(404);
    // Staff of another provider: not their order.
    expect(
      (await admin.patch(`/app/orders/${order!.id}/cost-centre?provider_id=${w.otherProvider.id}`, { cost_centre_id: null })).statusCode,
    ).toBe(404);
    const foreign = await create(admin, '40003555555', `F-${w.alone.id}-o`);
    expect((await admin.patch(url, { cost_centre_id: foreign.id })).statusCode).toBe(422);
    const customer = ctx.as(await signedIn(ctx.db, { role: 'customer', locationId: w.centrs.id }, ctx.clock.now()));
    expect((await customer.patch(url, { cost_centre_id: null })).statusCode).toBe(403);

    // Issue November's invoice of the company: the order is on it.
    const issued = await admin.post(`/app/invoices?provider_id=${w.provider.id}&lang=en`, { company: w.companyReg, month: '2026-11' });
    expect(issued.statusCode, issued.body).toBe(201);
    const refused = await admin.patch(url, { cost_centre_id: a.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This order is on an issued invoice (${issued.json().code}); its cost centre can no longer change.`,
    );
    // A credit note reverses the invoice: the order may change again (and be invoiced anew).
    const credit = await admin.post(`/app/invoices/${issued.json().id}/credit-note?provider_id=${w.provider.id}`, {});
    expect(credit.statusCode, credit.body).toBe(201);
    expect((await admin.patch(url, { cost_centre_id: a.id })).statusCode).toBe(200);
  });
});

it('a user without a location has no choices', async () => {
  const loose = ctx.as(await signedIn(ctx.db, { role: 'customer' }, ctx.clock.now()));
  expect((await loose.get('/app/cost-centres/choices')).json()).toEqual({ data: [], default_id: null });
});

describe('carried to the ledger', () => {
  it('the ledger list shows each order entry’s cost centre as the order has it now', async () => {
    const w = await world();
    const a = await create(admin, w.companyReg, 'LG-A', 'Loģistika');
    const b = await create(admin, w.companyReg, 'LG-B', 'Birojs');
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, w.juris.id), eq(orders.status, 2)));
    await ctx.db.update(orders).set({ costCentreId: a.id }).where(eq(orders.id, order!.id));
    const entry = await admin.post(`/app/ledger/corrections?provider_id=${w.provider.id}`, {
      amount_cents: 120,
      reason: 'Tip',
      order_id: order!.id,
    });
    expect(entry.statusCode, entry.body).toBe(200);
    await admin.post(`/app/ledger/corrections?provider_id=${w.provider.id}`, {
      amount_cents: 50,
      reason: 'Without an order',
      location_id: w.centrs.id,
    });
    const list = async (q: string) => (await admin.get(`/app/ledger?provider_id=${w.provider.id}&${q}`)).json().data;
    expect((await list(`filter[order_id]=${order!.id}`)).map((e: { cost_centre: unknown }) => e.cost_centre)).toEqual([
      { id: a.id, code: 'LG-A', title: 'Loģistika' },
    ]);
    // Changed on the order: the ledger shows the change.
    await ctx.db.update(orders).set({ costCentreId: b.id }).where(eq(orders.id, order!.id));
    expect((await list(`filter[order_id]=${order!.id}`))[0].cost_centre.code).toBe('LG-B');
    const byLocation = await list(`filter[location_id]=${w.centrs.id}&filter[kind]=correction`);
    expect(byLocation.find((e: { reason: string }) => e.reason === 'Without an order').cost_centre).toBeNull();
  });
});

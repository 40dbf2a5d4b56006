import { desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../shared/schemas/audit.js';
import {
  announcements,
  auditLog,
  awayDays,
  budgetRules,
  costCentres,
  lapRuns,
  locationGroups,
  locations,
  orderItems,
  teamInvitations,
  users,
  visitorLinks,
} from './db/schema/index.js';
import { createSession } from './lib/auth.js';
import { makeAllergen } from './modules/catalogue/catalogue.factories.js';
import { invoiceWorld } from './modules/invoices/invoices.factories.js';
import { makeLap } from './modules/laps/laps.factories.js';
import { addToMenu, makeCategory, makeDish, makeMenu, menuWorld } from './modules/ordering/ordering.factories.js';
import { makeRating } from './modules/rating-reports/rating-reports.factories.js';
import { placedOrder, teamWorld } from './modules/teams/teams.factories.js';
import type { Client } from './test/client.js';
import { createTestApp, type TestContext } from './test/harness.js';
import { makeLocation, makeProvider, makeUser } from './test/factories.js';

/*
 * The audit walk (decision 037): every staff write of /app/openapi.json leaves an audit entry.
 *
 * A staff write is an operation of the document that changes something (POST, PUT, PATCH and
 * DELETE, plus the few GET routes that write, listed in GET_WRITES) and that a signed-in person
 * may call (not `security: []`), made by an administrator, kitchen staff or a location manager
 * acting on their team. The operations are read from the document, not from a fixed list: a new
 * write route fails this walk until it is audited, or named in EXCLUDED with its reason.
 *
 * Each write is called once, validly (CALLS: the role, address and body of a call that succeeds,
 * built with the factories), and the audit log must then hold an entry of that request (its
 * `request_id` is the answer's x-request-id) whose action is one of AUDIT_ACTIONS.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** GET routes that change something (the spec names them GET); the method alone does not find them. */
const GET_WRITES = new Set(['GET /app/locations/{id}/reconfirm', 'GET /app/me/activate/{id}', 'GET /app/me/notify-lunch-is-delivered']);

/**
 * Signed-in writes that are not staff changes: each acts only on the caller's own things (or is a
 * customer's own order, which the ledger records). Keep this list short; every entry says why.
 */
const EXCLUDED: Record<string, string> = {
  'POST /app/me': "the caller's own profile",
  'POST /app/me/password/change': "the caller's own password (and it must never be logged)",
  'POST /app/order/create': "a customer's own order: customers only; the ledger records its money",
  'PUT /app/favourites/{dishId}': "the caller's own favourite dishes",
  'DELETE /app/favourites/{dishId}': "the caller's own favourite dishes",
  'POST /app/push/subscriptions': "the caller's own device's push subscription",
  'POST /app/push/subscriptions/remove': "the caller's own device's push subscription",
  'POST /app/review/send': 'feedback the caller writes to the administrators (kept as the message itself)',
  'POST /app/frontend-exception': "an error report of the caller's browser",
  'POST /app/me/team/report-link': "a one-time download link for the caller's own report (a read)",
  'POST /app/away-days': "the caller's own days away",
  'DELETE /app/away-days/{id}': "the caller's own days away",
  'POST /app/standing-orders': "the caller's own standing order (the orders it places are the customer's own)",
  'PUT /app/standing-orders/{id}': "the caller's own standing order",
  'DELETE /app/standing-orders/{id}': "the caller's own standing order",
  'PUT /app/me/cost-centre': "the caller's own default cost centre",
  'POST /app/orders/{id}/ratings': "the caller's rating of their own delivered order (kept as the rating itself)",
  'POST /app/order/{id}/withdrawn/{withdrawalId}':
    "the eater's own choice on their own order (substitute or refund; the ledger records its money)",
  'POST /app/announcements/preview': 'a count of the recipients an audience would reach (a read with a body)',
  'POST /app/announcements/{id}/dismiss': "the caller's own banner, dismissed for themselves",
};

type Caller = 'admin' | 'kitchen' | 'manager';
interface Call {
  as: Caller;
  url: string;
  body?: object;
  /** Raw body with its content type (multipart uploads). */
  raw?: { payload: Buffer; contentType: string };
  /** Defaults to the world's provider. */
  providerId?: number;
}

const ctx: TestContext = await createTestApp();
// A fixed working day in Riga (the menus' days and "today" do not depend on when the walk runs).
ctx.clock.set(new Date('2026-11-10T09:00:00Z'));
const doc: { paths: Record<string, Record<string, { security?: unknown[] }>> } = (await ctx.anon.get('/app/openapi.json')).json();

type World = Awaited<ReturnType<typeof makeWorld>>;
let w: World;
const auth = {} as Record<Caller, Client>;

async function makeWorld() {
  const db = ctx.db;
  const now = ctx.clock.now();
  const menu = await menuWorld(db, now);
  const team = await teamWorld(db, now);
  const admin = await makeUser(db, { role: 'admin', firstName: 'Auditors' });
  const kitchen = await makeUser(db, { role: 'kitchen' });
  const allergen = await makeAllergen(db);
  const p = menu.provider.id;
  const order = (userId = team.anna.user.id) =>
    placedOrder(db, {
      menuId: menu.menu.id,
      userId,
      locationId: team.location.id,
      amountCents: 550,
      lines: [{ dishId: menu.main.id, title: menu.main.title, qty: 1, unitPriceCents: 550 }],
    });
  // Anna's order today makes the location a stop with a ticket, cash to collect and a notice to send.
  await order();
  return {
    ...menu,
    team,
    admin,
    kitchen,
    allergen,
    p,
    order,
    freshDish: () => makeDish(db, { providerId: p, categoryId: menu.category.id }),
  };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();
function multipart(data: Buffer) {
  const boundary = 'audit-walk-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="d.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A menu of the world's provider whose deadline has passed (leftovers are taken after it), with the soup on it. */
async function pastMenu(w: World) {
  const menu = await makeMenu(ctx.db, { providerId: w.p, from: new Date('2026-11-10T05:00:00Z'), to: new Date('2026-11-10T08:00:00Z') });
  await addToMenu(ctx.db, menu.id, w.soup);
  return menu;
}

/** A new group of the team's location (its id). */
async function group(w: World): Promise<number> {
  const [row] = await ctx.db
    .insert(locationGroups)
    .values({ locationId: w.team.location.id, title: `G ${randomUUID()}` })
    .returning();
  return row!.id;
}

/** The team's location with a company (a registration number), and a new cost centre of that company. */
let costCentreCodes = 0;
async function teamCostCentre(w: World) {
  const company = `4000${w.team.location.id}`;
  await ctx.db.update(locations).set({ registrationNumber: company }).where(eq(locations.id, w.team.location.id));
  const [row] = await ctx.db
    .insert(costCentres)
    .values({ companyRegistration: company, code: `CC-${++costCentreCodes}`, title: 'Birojs' })
    .returning();
  return { company, id: row!.id };
}

/** One valid call per staff write. A write missing here fails the walk with its name. */
const CALLS: Record<string, (w: World) => Promise<Call>> = {
  'POST /app/cost-centres': async (w) => ({
    as: 'manager',
    url: '/app/cost-centres',
    body: { company: (await teamCostCentre(w)).company, code: 'NEW', title: 'Jauns' },
  }),
  'PUT /app/cost-centres/{id}': async (w) => ({
    as: 'admin',
    url: `/app/cost-centres/${(await teamCostCentre(w)).id}`,
    body: { code: 'RENAMED', title: 'Cits', active: true },
  }),
  'DELETE /app/cost-centres/{id}': async (w) => ({ as: 'manager', url: `/app/cost-centres/${(await teamCostCentre(w)).id}` }),
  'PUT /app/users/{id}/cost-centre': async (w) => ({
    as: 'manager',
    url: `/app/users/${w.team.anna.user.id}/cost-centre`,
    body: { cost_centre_id: (await teamCostCentre(w)).id },
  }),
  'PATCH /app/orders/{id}/cost-centre': async (w) => ({
    as: 'kitchen',
    url: `/app/orders/${(await w.order()).id}/cost-centre`,
    body: { cost_centre_id: (await teamCostCentre(w)).id },
  }),
  'PUT /app/ratings/{id}/answer': async (w) => {
    const order = await w.order();
    const rating = await makeRating(ctx.db, {
      orderId: order.id,
      userId: order.userId,
      dishId: w.main.id,
      menuId: w.menu.id,
      providerId: w.p,
      stars: 2,
      comment: 'Auksts',
    });
    return { as: 'kitchen', url: `/app/ratings/${rating.id}/answer`, body: { answer: 'Atvainojiet!' } };
  },
  'PUT /app/admin/maintenance': async () => ({ as: 'admin', url: '/app/admin/maintenance', body: { maintenance: true } }),
  'POST /app/categories': async () => ({ as: 'kitchen', url: '/app/categories', body: { title: { lv: 'Salāti' } } }),
  'PUT /app/categories/{id}': async (w) => ({
    as: 'kitchen',
    url: `/app/categories/${w.category.id}`,
    body: { group_name: 'Pamatēdieni' },
  }),
  'DELETE /app/categories/{id}': async (w) => ({ as: 'kitchen', url: `/app/categories/${(await makeCategory(ctx.db, w.p, 'Tukša')).id}` }),
  'POST /app/dishes': async (w) => ({
    as: 'kitchen',
    url: '/app/dishes',
    body: { title: { lv: 'Griķi' }, category_id: w.category.id, price: 2.5, allergens: [w.allergen.id], diets: ['vegan'] },
  }),
  'PUT /app/dishes/{id}': async (w) => ({
    as: 'kitchen',
    url: `/app/dishes/${(await w.freshDish()).id}`,
    body: { allergens: [w.allergen.id], diets: ['gluten_free'] },
  }),
  'DELETE /app/dishes/{id}': async (w) => ({ as: 'kitchen', url: `/app/dishes/${(await w.freshDish()).id}` }),
  'POST /app/dishes/{id}/image': async (w) => ({
    as: 'kitchen',
    url: `/app/dishes/${(await w.freshDish()).id}/image`,
    raw: multipart(await png()),
  }),
  'DELETE /app/dishes/{id}/image': async (w) => {
    const dish = await w.freshDish();
    const up = multipart(await png());
    const res = await auth.kitchen.post(`/app/dishes/${dish.id}/image?provider_id=${w.p}`, up.payload, {
      headers: { 'content-type': up.contentType },
    });
    expect(res.statusCode).toBe(200);
    return { as: 'kitchen', url: `/app/dishes/${dish.id}/image` };
  },
  'POST /app/locations': async () => ({ as: 'admin', url: '/app/locations', body: { title: 'Birojs Jaunais', subsidy: 2 } }),
  'PUT /app/locations/{id}': async () => ({
    as: 'admin',
    url: `/app/locations/${(await makeLocation(ctx.db)).id}`,
    body: { address: 'Brīvības iela 2', registration_number: '40003123456' },
  }),
  'GET /app/locations/{id}/reconfirm': async () => ({
    as: 'admin',
    url: `/app/locations/${(await makeLocation(ctx.db, { unconfirmed: true })).id}/reconfirm`,
  }),
  'POST /app/providers': async () => ({ as: 'admin', url: '/app/providers', body: { title: 'Jaunā virtuve', vat_rate: 12 } }),
  'PUT /app/providers/{id}': async () => ({
    as: 'admin',
    url: `/app/providers/${(await makeProvider(ctx.db)).id}`,
    body: { iban: 'LV80BANK0000435195001', vat_rate: 12, registration_number: '40003123456' },
  }),
  'POST /app/dishlists': async (w) => ({
    as: 'kitchen',
    url: '/app/dishlists',
    body: { title: 'Rītdiena', from: '2026-11-11T09:00:00Z', to: '2026-11-11T12:00:00Z', selectedDishes: [{ id: w.soup.id }] },
  }),
  'PUT /app/dishlists/{id}': async (w) => ({ as: 'kitchen', url: `/app/dishlists/${w.menu.id}`, body: { title: 'Otrdiena' } }),
  'DELETE /app/dishlists/{id}': async (w) => {
    const menu = await makeMenu(ctx.db, { providerId: w.p, from: new Date('2026-11-12T09:00:00Z'), to: new Date('2026-11-12T12:00:00Z') });
    return { as: 'kitchen', url: `/app/dishlists/${menu.id}` };
  },
  'POST /app/dishlists/{id}/copy': async (w) => ({
    as: 'kitchen',
    url: `/app/dishlists/${w.menu.id}/copy`,
    body: { dates: ['2026-11-13'] },
  }),
  'POST /app/dishlists/{id}/balance': async (w) => ({
    as: 'kitchen',
    url: `/app/dishlists/${w.menu.id}/balance`,
    body: { balance: [{ id: w.dessert.id, qty: 7 }] },
  }),
  'POST /app/order/create-for-user': async (w) => ({
    as: 'kitchen',
    url: '/app/order/create-for-user',
    body: { dishlist_id: w.menu.id, user_id: w.team.kristaps.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash' },
  }),
  'PUT /app/order/{id}': async (w) => ({ as: 'kitchen', url: `/app/order/${(await w.order()).id}?accepted=1` }),
  'DELETE /app/order/{id}': async (w) => ({ as: 'admin', url: `/app/order/${(await w.order()).id}` }),
  'POST /app/order/accept-all': async (w) => {
    await w.order();
    return { as: 'kitchen', url: '/app/order/accept-all', body: { dishlist_id: w.menu.id } };
  },
  'POST /app/meetings': async (w) => {
    await ctx.db.update(locations).set({ meetingLimitCents: 100_000 }).where(eq(locations.id, w.team.location.id));
    return {
      as: 'kitchen',
      url: '/app/meetings',
      body: { menu_id: w.menu.id, location_id: w.team.location.id, items: [{ id: w.main.id, qty: 2, guest_name: 'Guest' }] },
    };
  },
  'POST /app/order/{id}/cancel': async (w) => ({ as: 'admin', url: `/app/order/${(await w.order()).id}/cancel` }),
  'POST /app/dishlists/{id}/withdrawals': async (w) => ({
    as: 'kitchen',
    url: `/app/dishlists/${(await pastMenu(w)).id}/withdrawals`,
    body: { dish_id: w.soup.id, mode: 'refund' },
  }),
  'POST /app/handover/{orderId}/{itemId}/{unit}': async (w) => {
    const order = await w.order();
    const [item] = await ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
    return { as: 'kitchen', url: `/app/handover/${order.id}/${item!.id}/1` };
  },
  'DELETE /app/handover/{orderId}/{itemId}/{unit}': async (w) => {
    const order = await w.order();
    const [item] = await ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
    const url = `/app/handover/${order.id}/${item!.id}/1`;
    const mark = await auth.kitchen.post(`${url}?provider_id=${w.p}`);
    expect(mark.statusCode, mark.body).toBe(200);
    return { as: 'kitchen', url };
  },
  'POST /app/kitchen/{id}/tickets/bump': async (w) => ({
    as: 'kitchen',
    url: `/app/kitchen/${w.menu.id}/tickets/bump`,
    body: { ticket: `loc:${w.team.location.id}` },
  }),
  'POST /app/kitchen/{id}/tickets/recall': async (w) => {
    const body = { ticket: `loc:${w.team.location.id}` };
    const bump = await auth.kitchen.post(`/app/kitchen/${w.menu.id}/tickets/bump?provider_id=${w.p}`, body);
    expect(bump.statusCode).toBe(200);
    return { as: 'kitchen', url: `/app/kitchen/${w.menu.id}/tickets/recall`, body };
  },
  'PUT /app/kitchen/{id}/leftovers': async (w) => ({
    as: 'kitchen',
    url: `/app/kitchen/${(await pastMenu(w)).id}/leftovers`,
    body: { dishes: [{ dish_id: w.soup.id, portions: 4 }] },
  }),
  'PUT /app/kitchen/{id}/leftovers/{dishId}': async (w) => ({
    as: 'admin',
    url: `/app/kitchen/${(await pastMenu(w)).id}/leftovers/${w.soup.id}`,
    body: { portions: 2 },
  }),
  'POST /app/kitchen/{id}/leftovers/{dishId}/step': async (w) => ({
    as: 'kitchen',
    url: `/app/kitchen/${(await pastMenu(w)).id}/leftovers/${w.soup.id}/step`,
    body: { by: 1 },
  }),
  'POST /app/laps': async (w) => ({ as: 'kitchen', url: '/app/laps', body: { title: 'Rīta maršruts', locations: [w.team.location.id] } }),
  'PUT /app/laps/{id}': async (w) => ({
    as: 'kitchen',
    url: `/app/laps/${(await makeLap(ctx.db, w.p)).id}`,
    body: { title: 'Pēcpusdiena' },
  }),
  'DELETE /app/laps/{id}': async (w) => ({ as: 'kitchen', url: `/app/laps/${(await makeLap(ctx.db, w.p)).id}` }),
  'PUT /app/laps/stops/{menuId}/{locationId}': async (w) => ({
    as: 'kitchen',
    url: `/app/laps/stops/${w.menu.id}/${w.team.location.id}`,
    body: { status: 'loaded' },
  }),
  'POST /app/laps/{lapId}/runs/{menuId}/depart': async (w) => ({
    as: 'kitchen',
    url: `/app/laps/${(await makeLap(ctx.db, w.p)).id}/runs/${w.menu.id}/depart`,
  }),
  'PUT /app/laps/{lapId}/runs/{menuId}': async (w) => ({
    as: 'kitchen',
    url: `/app/laps/${(await makeLap(ctx.db, w.p)).id}/runs/${w.menu.id}`,
    body: { departs_at: '11:30' },
  }),
  'POST /app/laps/stops/{menuId}/{locationId}/arrive': async (w) => ({
    as: 'kitchen',
    url: `/app/laps/stops/${w.menu.id}/${w.team.location.id}/arrive`,
  }),
  'POST /app/driver/taps': async (w) => {
    const lap = await makeLap(ctx.db, w.p);
    await ctx.db.insert(lapRuns).values({ lapId: lap.id, menuId: w.menu.id, driverId: w.kitchen.id });
    return { as: 'kitchen', url: '/app/driver/taps', body: { id: randomUUID(), action: 'departed', lapId: lap.id, menuId: w.menu.id } };
  },
  'POST /app/cashbalance/{id}': async (w) => ({
    as: 'kitchen',
    url: `/app/cashbalance/${w.menu.id}`,
    body: { location_id: w.team.location.id, amount: 5.5 },
  }),
  'PUT /app/admin/users/{id}': async (w) => ({
    as: 'admin',
    url: `/app/admin/users/${(await makeUser(ctx.db, { role: 'customer' })).id}`,
    body: { first_name: 'Pēteris', phone: '', location_id: w.team.location.id, role: 'customer', is_location_manager: false },
  }),
  'POST /app/admin/users/{id}/deactivate': async () => ({ as: 'admin', url: `/app/admin/users/${(await makeUser(ctx.db)).id}/deactivate` }),
  'POST /app/admin/users/{id}/activate': async () => ({
    as: 'admin',
    url: `/app/admin/users/${(await makeUser(ctx.db, { active: false })).id}/activate`,
  }),
  'POST /app/admin/users/{id}/invite': async () => ({
    as: 'admin',
    url: `/app/admin/users/${(await makeUser(ctx.db, { passwordHash: null })).id}/invite`,
  }),
  'POST /app/admin/identity-providers': async (w) => ({
    as: 'admin',
    url: '/app/admin/identity-providers',
    body: identityProvider(w),
  }),
  'PUT /app/admin/identity-providers/{id}': async (w) => ({
    as: 'admin',
    url: `/app/admin/identity-providers/${await createIdentityProvider(w)}`,
    body: { allowed_domains: ['example.lv', 'birojs.lv'], client_secret: 'a-new-secret-value' },
  }),
  'DELETE /app/admin/identity-providers/{id}': async (w) => ({
    as: 'admin',
    url: `/app/admin/identity-providers/${await createIdentityProvider(w)}`,
  }),
  'POST /app/reminders/run': async () => ({ as: 'admin', url: '/app/reminders/run' }),
  'POST /app/standing-orders/run': async () => ({ as: 'admin', url: '/app/standing-orders/run' }),
  'POST /app/invoices': async () => {
    const iw = await invoiceWorld(ctx.db);
    return { as: 'admin', url: '/app/invoices', body: { location_id: iw.centrs.id, month: '2026-10' }, providerId: iw.provider.id };
  },
  'POST /app/invoices/{id}/credit-note': async () => {
    const iw = await invoiceWorld(ctx.db);
    const issued = await auth.admin.post(`/app/invoices?provider_id=${iw.provider.id}`, { location_id: iw.centrs.id, month: '2026-10' });
    expect(issued.statusCode).toBe(201);
    return { as: 'admin', url: `/app/invoices/${issued.json().id}/credit-note`, providerId: iw.provider.id };
  },
  'POST /app/ledger/corrections': async (w) => ({
    as: 'admin',
    url: '/app/ledger/corrections',
    body: { amount_cents: -120, reason: 'Kases starpība', location_id: w.team.location.id },
  }),
  // A location manager on their team.
  // The employer's groups and budget rules (decision 074): a manager on their own location, the administrator on any.
  'POST /app/locations/{id}/groups': async (w) => ({
    as: 'manager',
    url: `/app/locations/${w.team.location.id}/groups`,
    body: { title: `Group ${randomUUID()}` },
  }),
  'PUT /app/groups/{id}': async (w) => ({
    as: 'manager',
    url: `/app/groups/${await group(w)}`,
    body: { title: `Renamed ${randomUUID()}` },
  }),
  'DELETE /app/groups/{id}': async (w) => ({ as: 'admin', url: `/app/groups/${await group(w)}` }),
  'PUT /app/users/{id}/group': async (w) => ({
    as: 'manager',
    url: `/app/users/${(await makeUser(ctx.db, { locationId: w.team.location.id })).id}/group`,
    body: { group_id: await group(w) },
  }),
  'PUT /app/locations/{id}/budget-rules': async (w) => ({
    as: 'manager',
    url: `/app/locations/${w.team.location.id}/budget-rules`,
    body: { period: 'month', amount: 60, blocking: true },
  }),
  'DELETE /app/locations/{id}/budget-rules': async (w) => {
    await ctx.db.insert(budgetRules).values({ locationId: w.team.location.id, groupId: await group(w), period: 'day', amountCents: 500 });
    const [g] = await ctx.db.select().from(budgetRules).orderBy(desc(budgetRules.id)).limit(1);
    return { as: 'admin', url: `/app/locations/${w.team.location.id}/budget-rules?group_id=${g!.groupId}` };
  },
  'POST /app/me/invite': async () => ({ as: 'manager', url: '/app/me/invite', body: { emails: [`jauns-${Date.now()}@test.lv`] } }),
  'DELETE /app/me/invitations/{id}': async (w) => ({
    as: 'manager',
    url: `/app/me/invitations/${await pendingInvitation(w.team.location.id)}`,
  }),
  'POST /app/me/invitations/{id}/resend': async (w) => ({
    as: 'manager',
    url: `/app/me/invitations/${await pendingInvitation(w.team.location.id)}/resend`,
    body: {},
  }),
  'POST /app/visitors/orders': async (w) => ({
    as: 'manager',
    url: '/app/visitors/orders',
    body: {
      menu_id: w.menu.id,
      guest_name: 'Ieva',
      items: [{ id: w.main.id, qty: 1 }],
      location_id: await hostsVisitors(w.team.location.id),
    },
  }),
  'POST /app/visitor-links': async (w) => ({
    as: 'manager',
    url: '/app/visitor-links',
    body: { menu_id: w.menu.id, guest_name: 'Ieva', location_id: await hostsVisitors(w.team.location.id) },
  }),
  'DELETE /app/visitor-links/{id}': async (w) => ({ as: 'manager', url: `/app/visitor-links/${await visitorLinkOf(w)}` }),
  'POST /app/announcements': async (w) => ({
    as: 'kitchen',
    url: '/app/announcements',
    body: { title: { lv: 'Sveiki' }, body: { lv: 'Teksts' }, audience: { kind: 'menu', ids: [w.menu.id] }, channels: ['banner'] },
  }),
  'PUT /app/announcements/{id}': async (w) => ({
    as: 'kitchen',
    url: `/app/announcements/${await announcementOf(w)}`,
    body: { title: { lv: 'Cits' }, body: { lv: 'Teksts' }, audience: { kind: 'all' }, channels: ['banner', 'email'] },
  }),
  'POST /app/announcements/{id}/schedule': async (w) => ({
    as: 'kitchen',
    url: `/app/announcements/${await announcementOf(w)}/schedule`,
    body: {},
  }),
  'POST /app/announcements/{id}/send': async (w) => ({ as: 'admin', url: `/app/announcements/${await announcementOf(w)}/send`, body: {} }),
  'POST /app/announcements/{id}/cancel': async (w) => ({
    as: 'kitchen',
    url: `/app/announcements/${await announcementOf(w)}/cancel`,
    body: {},
  }),
  'DELETE /app/me/deactivate/{id}': async (w) => ({
    as: 'manager',
    url: `/app/me/deactivate/${(await makeUser(ctx.db, { locationId: w.team.location.id })).id}`,
  }),
  'GET /app/me/activate/{id}': async (w) => ({
    as: 'manager',
    url: `/app/me/activate/${(await makeUser(ctx.db, { locationId: w.team.location.id, active: false })).id}`,
  }),
  'GET /app/me/notify-lunch-is-delivered': async () => ({ as: 'manager', url: '/app/me/notify-lunch-is-delivered' }),
  'POST /app/locations/{id}/closed-days': async (w) => ({
    as: 'manager',
    url: `/app/locations/${w.team.location.id}/closed-days`,
    body: { from: '2026-12-24', to: '2026-12-26', note: 'Ziemassvētki' },
  }),
  'DELETE /app/locations/{id}/closed-days/{dayId}': async (w) => {
    const [row] = await ctx.db.insert(awayDays).values({ locationId: w.team.location.id, day: '2026-12-31' }).returning();
    return { as: 'manager', url: `/app/locations/${w.team.location.id}/closed-days/${row!.id}` };
  },
};

/** A pending e-mailed team invitation of the location (written directly: no rate limit spent). */
/** Lets the location order for visitors (a meeting limit set) and answers its id. */
async function hostsVisitors(locationId: number): Promise<number> {
  await ctx.db.update(locations).set({ meetingLimitCents: 2000 }).where(eq(locations.id, locationId));
  return locationId;
}

/** A visitor link of the team's manager, not used yet. */
/** A draft announcement of the world's provider. */
async function announcementOf(w: World): Promise<number> {
  const [row] = await ctx.db
    .insert(announcements)
    .values({ providerId: w.p, title: { lv: 'Sveiki' }, body: { lv: 'Teksts' }, audience: { kind: 'all', ids: [] } })
    .returning({ id: announcements.id });
  return row!.id;
}

async function visitorLinkOf(w: World): Promise<number> {
  const [row] = await ctx.db
    .insert(visitorLinks)
    .values({
      tokenHash: `walk-${Math.random()}`,
      menuId: w.menu.id,
      locationId: await hostsVisitors(w.team.location.id),
      hostId: w.team.manager.user.id,
      expiresAt: w.menu.to,
    })
    .returning({ id: visitorLinks.id });
  return row!.id;
}

async function pendingInvitation(locationId: number): Promise<number> {
  const [row] = await ctx.db
    .insert(teamInvitations)
    .values({
      locationId,
      email: `kandidats-${Date.now()}@test.lv`,
      tokenHash: `walk-${Math.random()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: teamInvitations.id });
  return row!.id;
}

function identityProvider(w: World) {
  return {
    name: 'Birojs SSO',
    issuer: 'https://login.example.lv',
    client_id: 'lunch',
    client_secret: 'the-first-secret-value',
    allowed_domains: ['example.lv'],
    location_id: w.team.location.id,
  };
}
async function createIdentityProvider(w: World): Promise<number> {
  const res = await auth.admin.post('/app/admin/identity-providers', identityProvider(w));
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const writes = Object.entries(doc.paths)
  .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, op })))
  .filter(({ key, method, op }) => (WRITE_METHODS.has(method.toUpperCase()) || GET_WRITES.has(key)) && !isPublic(op));

function isPublic(op: { security?: unknown[] }) {
  return Array.isArray(op.security) && op.security.length === 0;
}

beforeAll(async () => {
  w = await makeWorld();
  const now = ctx.clock.now();
  const session = async (id: number) => ctx.as({ token: await createSession(ctx.db, id, true, now) });
  auth.admin = await session(w.admin.id);
  auth.kitchen = await session(w.kitchen.id);
  auth.manager = ctx.as(w.team.manager);
});

afterAll(() => ctx.close());

// A previous call may have switched maintenance on (PUT /app/admin/maintenance).
beforeEach(async () => {
  await ctx.app.maintenance.set(false);
  await ctx.db
    .update(users)
    .set({ active: true })
    .where(sql`${users.id} in (${w.admin.id}, ${w.kitchen.id}, ${w.team.manager.user.id})`);
});

describe('audit walk', () => {
  it('finds the staff writes in the document, and every exclusion names one of them', () => {
    expect(writes.length).toBeGreaterThan(40);
    const keys = new Set(writes.map((x) => x.key));
    for (const key of [...Object.keys(EXCLUDED), ...GET_WRITES])
      expect(keys, `${key} is not a signed-in write of the document`).toContain(key);
    for (const key of Object.keys(CALLS)) expect(keys, `CALLS names ${key}, which the document does not have`).toContain(key);
  });

  for (const { key } of writes.filter((x) => !(x.key in EXCLUDED)))
    it(`${key} leaves an audit entry`, async () => {
      const recipe = CALLS[key];
      if (!recipe)
        throw new Error(`${key} is a staff write without a valid call in CALLS: add one (and audit it), or exclude it with a reason`);
      const call = await recipe(w);
      const method = key.split(' ')[0] as 'POST';
      const url = `${call.url}${call.url.includes('?') ? '&' : '?'}provider_id=${call.providerId ?? w.p}&lang=en`;
      const res = await auth[call.as].request(
        method,
        url,
        call.raw ? call.raw.payload : call.body,
        call.raw ? { headers: { 'content-type': call.raw.contentType } } : {},
      );
      expect(res.statusCode, `the valid call of ${key} failed: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      const requestId = String(res.headers['x-request-id']);
      const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
      expect(
        entries.map((e) => e.action),
        `${key} as ${call.as} left no audit entry`,
      ).not.toEqual([]);
      for (const e of entries) {
        expect(AUDIT_ACTIONS).toContain(e.action);
        expect(e.actorId).toBe(call.as === 'admin' ? w.admin.id : call.as === 'kitchen' ? w.kitchen.id : w.team.manager.user.id);
      }
    });
});

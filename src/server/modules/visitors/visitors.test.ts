import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, visitorLinks } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeLocation, makeUser } from '../../test/factories.js';
import { menuWorld } from '../ordering/ordering.factories.js';
import { visitorWorld } from './visitors.factories.js';
import { LINK_LIMITS } from './visitors.service.js';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp({ PUBLIC_URL: 'https://lunch.example' })));
afterAll(() => ctx.close());

const EN = { headers: { 'accept-language': 'en' } };
const tokenOf = (url: string) => /\/visit\/([A-Za-z0-9_-]+)$/.exec(url)![1]!;

async function newLink(w: Awaited<ReturnType<typeof visitorWorld>>, extra: object = {}) {
  const res = await ctx.as(w.manager).post('/app/visitor-links', { menu_id: w.menu.id, guest_name: 'Ieva Ozola', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ id: number; url: string; expires_at: string }>();
  return { ...body, token: tokenOf(body.url) };
}

describe('visitor links: who may create them', () => {
  it("lets a location's manager and staff create links; refuses members, another location and locations without a limit", async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const body = { menu_id: w.menu.id, guest_name: 'Ieva' };
    expect((await ctx.as(w.manager).post('/app/visitor-links', body)).statusCode).toBe(201);
    expect((await ctx.as(w.anna).post('/app/visitor-links', body)).statusCode).toBe(403);
    expect((await ctx.anon.post('/app/visitor-links', body)).statusCode).toBe(401);

    const other = await makeLocation(ctx.db, { meetingLimitCents: 1000 });
    const elsewhere = await ctx.as(w.manager).post('/app/visitor-links', { ...body, location_id: other.id });
    expect(elsewhere.statusCode).toBe(403);

    const admin = await ctx.as('admin');
    const noLocation = await admin.post('/app/visitor-links', body, EN);
    expect(noLocation.statusCode).toBe(422);
    expect(noLocation.json().errors.location_id).toEqual(['Choose the location.']);
    expect((await admin.post('/app/visitor-links', { ...body, location_id: w.location.id })).statusCode).toBe(201);
    expect((await (await ctx.as('kitchen')).post('/app/visitor-links', { ...body, location_id: other.id })).statusCode).toBe(201);
    // Staff make links and guest orders only on menus of their active provider: another's is not theirs (404).
    const foreign = await menuWorld(ctx.db, ctx.clock.now());
    const q = `?provider_id=${w.provider.id}`;
    const onForeign = { ...body, menu_id: foreign.menu.id, location_id: w.location.id };
    expect((await admin.post(`/app/visitor-links${q}`, onForeign)).statusCode).toBe(404);
    const guestOrder = { ...onForeign, items: [{ id: foreign.main.id, qty: 1 }], delivery_note: '' };
    expect((await admin.post(`/app/visitors/orders${q}`, guestOrder)).statusCode).toBe(404);
    expect((await admin.post(`/app/visitor-links${q}`, { ...body, location_id: w.location.id })).statusCode).toBe(201);

    const noLimit = await makeLocation(ctx.db);
    const refused = await admin.post('/app/visitor-links', { ...body, location_id: noLimit.id }, EN);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('no limit is set');
  });

  it('refuses a closed menu and a cost centre of another company', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const closed = await menuWorld(ctx.db, new Date(ctx.clock.now().getTime() - 5 * 3600_000));
    const late = await ctx.as(w.manager).post('/app/visitor-links', { menu_id: closed.menu.id, guest_name: 'Ieva' }, EN);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.menu_id).toEqual(['This menu is not open for orders.']);

    const another = await visitorWorld(ctx.db, ctx.clock.now());
    const foreign = await ctx
      .as(w.manager)
      .post('/app/visitor-links', { menu_id: w.menu.id, guest_name: 'Ieva', cost_centre_id: another.costCentre.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.cost_centre_id).toHaveLength(1);
    expect(
      (await ctx.as(w.manager).post('/app/visitor-links', { menu_id: w.menu.id, guest_name: 'Ieva', cost_centre_id: w.costCentre.id }))
        .statusCode,
    ).toBe(201);
  });

  it('answers the link with a token kept only as its SHA-256, expiring at the menu deadline, and audits it', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const link = await newLink(w);
    expect(link.url).toMatch(/^https:\/\/lunch\.example\/visit\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(link.expires_at).getTime()).toBe(w.menu.to.getTime());
    const [row] = await ctx.db.select().from(visitorLinks).where(eq(visitorLinks.id, link.id));
    expect(row!.tokenHash).toBe(hashToken(link.token));
    expect(JSON.stringify(row)).not.toContain(link.token);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(link.id)));
    expect(audit.map((a) => a.action)).toContain('visitor_link.create');
    expect(JSON.stringify(audit)).not.toContain(link.token);
  });

  it('limits how many links one host creates in an hour', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const client = ctx.as(w.manager);
    const codes: number[] = [];
    for (let i = 0; i <= LINK_LIMITS.perHost; i++) {
      codes.push((await client.post('/app/visitor-links', { menu_id: w.menu.id, guest_name: `G${i}` })).statusCode);
    }
    expect(codes.slice(0, LINK_LIMITS.perHost).every((c) => c === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('the public visit page', () => {
  it("shows only that menu's dishes and set meals, with allergens and without prices, the host's first name and location", async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const otherMenu = await menuWorld(ctx.db, ctx.clock.now());
    const link = await newLink(w);
    const res = await ctx.anon.get(`/app/visit/${link.token}`, EN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const v = res.json();
    expect(v.guest_name).toBe('Ieva Ozola');
    expect(v.host_first_name).toBe('Marta');
    expect(v.location_title).toBe(w.location.title);
    expect(v.menu).toMatchObject({ id: w.menu.id, deadline: w.menu.to.toISOString() });
    const ids = v.categories.flatMap((c: { dishes: { id: number }[] }) => c.dishes.map((d) => d.id)).sort();
    expect(ids).toEqual([w.soup.id, w.main.id, w.dessert.id, w.set.complex.id].sort());
    for (const d of [otherMenu.soup, otherMenu.main]) expect(ids).not.toContain(d.id);
    expect(res.body).not.toMatch(/price|amount|email/i);
    const soup = v.categories[0].dishes.find((d: { id: number }) => d.id === w.soup.id);
    expect(soup).toMatchObject({ title: 'Sorrel soup', available: true, allergens: [] });
  });

  it('marks dishes over the location limit and sold-out dishes unavailable', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now(), 400);
    const link = await newLink(w);
    const v = (await ctx.anon.get(`/app/visit/${link.token}`)).json();
    const byId = new Map(v.categories[0].dishes.map((d: { id: number; available: boolean }) => [d.id, d.available]));
    expect(byId.get(w.soup.id)).toBe(true);
    expect(byId.get(w.main.id)).toBe(false);
  });

  it('answers 404 for an unknown or withdrawn link and 410 past its deadline', async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    expect((await ctx.anon.get('/app/visit/no-such-token')).statusCode).toBe(404);
    const withdrawn = await newLink(w);
    expect((await ctx.as(w.manager).delete(`/app/visitor-links/${withdrawn.id}`)).statusCode).toBe(200);
    const gone = await ctx.anon.get(`/app/visit/${withdrawn.token}`, EN);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This visitor link does not exist or was withdrawn.');
    expect((await ctx.anon.post(`/app/visit/${withdrawn.token}/order`, { items: [{ id: w.soup.id }] })).statusCode).toBe(404);

    const late = await newLink(w);
    const start = ctx.clock.now();
    ctx.clock.set(new Date(w.menu.to.getTime() + 1000));
    try {
      const expired = await ctx.anon.get(`/app/visit/${late.token}`, EN);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toContain('has expired');
      expect((await ctx.anon.post(`/app/visit/${late.token}/order`, { items: [{ id: w.soup.id }] })).statusCode).toBe(410);
      const list = (await ctx.as(w.manager).get('/app/visitor-links')).json();
      expect(list.data.find((l: { id: number }) => l.id === late.id).state).toBe('expired');
    } finally {
      ctx.clock.set(start);
    }
  });

  it("refuses another menu's dish and more than one portion, leaving the link open", async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const otherMenu = await menuWorld(ctx.db, ctx.clock.now());
    const link = await newLink(w);
    const foreign = await ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: otherMenu.soup.id }] }, EN);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['items.0.id']).toEqual(['This dish is not on this menu.']);
    const two = await ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: w.soup.id }, { id: w.main.id }] });
    expect(two.statusCode).toBe(422);
    const twice = await ctx.anon.post(`/app/visit/${link.token}/order`, { items: [{ id: w.soup.id, qty: 2 }] });
    expect(twice.statusCode).toBe(422);
    const list = (await ctx.as(w.manager).get('/app/visitor-links')).json();
    expect(list.data.find((l: { id: number }) => l.id === link.id)).toMatchObject({ state: 'open', used_at: null, order: null });
  });
});

describe("the host's links", () => {
  it("lists only the caller's own links; only their host withdraws them", async () => {
    const w = await visitorWorld(ctx.db, ctx.clock.now());
    const link = await newLink(w);
    const admin = await ctx.as('admin');
    expect((await admin.get('/app/visitor-links')).json().data.map((l: { id: number }) => l.id)).not.toContain(link.id);
    const mine = (await ctx.as(w.manager).get('/app/visitor-links')).json().data;
    expect(mine[0]).toMatchObject({
      id: link.id,
      guest_name: 'Ieva Ozola',
      state: 'open',
      menu_id: w.menu.id,
      location_title: w.location.title,
    });
    expect(JSON.stringify(mine)).not.toContain(link.token);
    expect((await ctx.as(w.anna).get('/app/visitor-links')).statusCode).toBe(403);

    const otherManager = await makeUser(ctx.db, { role: 'customer', locationId: w.location.id, isLocationManager: true });
    expect((await (await ctx.as(otherManager)).delete(`/app/visitor-links/${link.id}`)).statusCode).toBe(403);
    expect((await ctx.as(w.manager).delete('/app/visitor-links/2147483000')).statusCode).toBe(404);
    expect((await ctx.as(w.manager).delete(`/app/visitor-links/${link.id}`)).statusCode).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(link.id)));
    expect(audit.map((a) => a.action)).toContain('visitor_link.revoke');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dishes } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { makeDish, menuWorld } from '../ordering/ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, auth?: Record<string, string>) {
  return ctx.app.inject({ method, url, headers: auth ?? {} });
}

async function world() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const other = await menuWorld(ctx.db, now);
  const me = await signedIn(ctx.db, { role: 'customer' }, now);
  const colleague = await signedIn(ctx.db, { role: 'customer' }, now);
  return { w, other, me, colleague, q: `?provider_id=${w.provider.id}` };
}

describe('favourites', () => {
  it('marks and unmarks the caller’s own favourites, set meals included, idempotently', async () => {
    const x = await world();
    expect((await call('PUT', `/app/favourites/${x.w.soup.id}${x.q}`, x.me.auth)).json()).toEqual({
      dish_id: x.w.soup.id,
      favourite: true,
    });
    expect((await call('PUT', `/app/favourites/${x.w.soup.id}${x.q}`, x.me.auth)).statusCode).toBe(200);
    expect((await call('PUT', `/app/favourites/${x.w.set.complex.id}${x.q}`, x.me.auth)).statusCode).toBe(200);
    const list = await call('GET', `/app/favourites${x.q}`, x.me.auth);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toEqual({ dish_ids: [x.w.soup.id, x.w.set.complex.id].sort((a, b) => a - b) });

    const off = await call('DELETE', `/app/favourites/${x.w.soup.id}${x.q}`, x.me.auth);
    expect(off.json()).toEqual({ dish_id: x.w.soup.id, favourite: false });
    expect((await call('DELETE', `/app/favourites/${x.w.soup.id}${x.q}`, x.me.auth)).statusCode).toBe(200);
    expect((await call('GET', `/app/favourites${x.q}`, x.me.auth)).json()).toEqual({ dish_ids: [x.w.set.complex.id] });
  });

  it('answers 401 without a session', async () => {
    const x = await world();
    expect((await call('GET', `/app/favourites${x.q}`)).statusCode).toBe(401);
    expect((await call('PUT', `/app/favourites/${x.w.soup.id}${x.q}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/app/favourites/${x.w.soup.id}${x.q}`)).statusCode).toBe(401);
  });

  it('keeps another user’s favourites invisible and untouched', async () => {
    const x = await world();
    await call('PUT', `/app/favourites/${x.w.main.id}${x.q}`, x.colleague.auth);
    expect((await call('GET', `/app/favourites${x.q}`, x.me.auth)).json()).toEqual({ dish_ids: [] });
    // My unmarking the same dish removes only my own (absent) row.
    await call('DELETE', `/app/favourites/${x.w.main.id}${x.q}`, x.me.auth);
    expect((await call('GET', `/app/favourites${x.q}`, x.colleague.auth)).json()).toEqual({ dish_ids: [x.w.main.id] });
  });

  it('answers 404 for an unknown or inactive dish, or another provider’s, and 4xx for a bad id', async () => {
    const x = await world();
    const unknown = await call('PUT', `/app/favourites/999999${x.q}&lang=en`, x.me.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This dish does not exist.');
    // The service throws a coded text; the answer is in each request's language (issue 25).
    expect((await call('PUT', `/app/favourites/999999${x.q}&lang=ru`, x.me.auth)).json().message).toBe('Такого блюда нет.');
    expect((await call('PUT', `/app/favourites/999999${x.q}&lang=lv`, x.me.auth)).json().message).toBe('Šāds ēdiens nepastāv.');
    expect((await call('DELETE', `/app/favourites/999999${x.q}`, x.me.auth)).statusCode).toBe(404);
    expect((await call('PUT', `/app/favourites/${x.other.soup.id}${x.q}`, x.me.auth)).statusCode).toBe(404);
    const hidden = await makeDish(ctx.db, { providerId: x.w.provider.id, categoryId: x.w.category.id, status: false });
    expect((await call('PUT', `/app/favourites/${hidden.id}${x.q}`, x.me.auth)).statusCode).toBe(404);
    const bad = await call('PUT', `/app/favourites/abc${x.q}`, x.me.auth);
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect((await call('GET', `/app/favourites${x.q}`, x.me.auth)).json()).toEqual({ dish_ids: [] });
  });

  it('lists only the request’s provider’s favourites', async () => {
    const x = await world();
    await call('PUT', `/app/favourites/${x.w.soup.id}${x.q}`, x.me.auth);
    await call('PUT', `/app/favourites/${x.other.main.id}?provider_id=${x.other.provider.id}`, x.me.auth);
    expect((await call('GET', `/app/favourites${x.q}`, x.me.auth)).json()).toEqual({ dish_ids: [x.w.soup.id] });
    expect((await call('GET', `/app/favourites?provider_id=${x.other.provider.id}`, x.me.auth)).json()).toEqual({
      dish_ids: [x.other.main.id],
    });
    // A favourite whose dish was later switched off can still be unmarked.
    await ctx.db.update(dishes).set({ status: false }).where(eq(dishes.id, x.w.soup.id));
    expect((await call('DELETE', `/app/favourites/${x.w.soup.id}${x.q}`, x.me.auth)).statusCode).toBe(200);
    expect((await call('GET', `/app/favourites${x.q}`, x.me.auth)).json()).toEqual({ dish_ids: [] });
  });

  it('leaves the shared order page answer the same for every user', async () => {
    const x = await world();
    await call('PUT', `/app/favourites/${x.w.soup.id}${x.q}`, x.me.auth);
    const page = (await call('GET', `/app/order/create/${x.w.menu.id}`, x.me.auth)).json();
    expect(JSON.stringify(page)).not.toContain('favourite');
  });
});

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

async function world() {
  const now = ctx.clock.now();
  const w = await menuWorld(ctx.db, now);
  const other = await menuWorld(ctx.db, now);
  const me = ctx.as(await signedIn(ctx.db, { role: 'customer' }, now));
  const colleague = ctx.as(await signedIn(ctx.db, { role: 'customer' }, now));
  return { w, other, me, colleague, q: `?provider_id=${w.provider.id}` };
}

describe('favourites', () => {
  it('marks and unmarks the caller’s own favourites, set meals included, idempotently', async () => {
    const x = await world();
    expect((await ctx.as(x.me).put(`/app/favourites/${x.w.soup.id}${x.q}`)).json()).toEqual({
      dish_id: x.w.soup.id,
      favourite: true,
    });
    expect((await ctx.as(x.me).put(`/app/favourites/${x.w.soup.id}${x.q}`)).statusCode).toBe(200);
    expect((await ctx.as(x.me).put(`/app/favourites/${x.w.set.complex.id}${x.q}`)).statusCode).toBe(200);
    const list = await ctx.as(x.me).get(`/app/favourites${x.q}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toEqual({ dish_ids: [x.w.soup.id, x.w.set.complex.id].sort((a, b) => a - b) });

    const off = await ctx.as(x.me).delete(`/app/favourites/${x.w.soup.id}${x.q}`);
    expect(off.json()).toEqual({ dish_id: x.w.soup.id, favourite: false });
    expect((await ctx.as(x.me).delete(`/app/favourites/${x.w.soup.id}${x.q}`)).statusCode).toBe(200);
    expect((await ctx.as(x.me).get(`/app/favourites${x.q}`)).json()).toEqual({ dish_ids: [x.w.set.complex.id] });
  });

  it('answers 401 without a session', async () => {
    const x = await world();
    expect((await ctx.anon.get(`/app/favourites${x.q}`)).statusCode).toBe(401);
    expect((await ctx.anon.put(`/app/favourites/${x.w.soup.id}${x.q}`)).statusCode).toBe(401);
    expect((await ctx.anon.delete(`/app/favourites/${x.w.soup.id}${x.q}`)).statusCode).toBe(401);
  });

  it('keeps another user’s favourites invisible and untouched', async () => {
    const x = await world();
    await ctx.as(x.colleague).put(`/app/favourites/${x.w.main.id}${x.q}`);
    expect((await ctx.as(x.me).get(`/app/favourites${x.q}`)).json()).toEqual({ dish_ids: [] });
    // My unmarking the same dish removes only my own (absent) row.
    await ctx.as(x.me).delete(`/app/favourites/${x.w.main.id}${x.q}`);
    expect((await ctx.as(x.colleague).get(`/app/favourites${x.q}`)).json()).toEqual({ dish_ids: [x.w.main.id] });
  });

  it('answers 404 for an unknown or inactive dish, or another provider’s, and 4xx for a bad id', async () => {
    const x = await world();
    const unknown = await ctx.as(x.me).put(`/app/favourites/999999${x.q}&lang=en`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This dish does not exist.');
    // The service throws a coded text; the answer is in each request's language (issue 25).
    expect((await ctx.as(x.me).put(`/app/favourites/999999${x.q}&lang=ru`)).json().message).toBe('Такого блюда нет.');
    expect((await ctx.as(x.me).put(`/app/favourites/999999${x.q}&lang=lv`)).json().message).toBe('Šāds ēdiens nepastāv.');
    expect((await ctx.as(x.me).delete(`/app/favourites/999999${x.q}`)).statusCode).toBe(404);
    expect((await ctx.as(x.me).put(`/app/favourites/${x.other.soup.id}${x.q}`)).statusCode).toBe(404);
    const hidden = await makeDish(ctx.db, { providerId: x.w.provider.id, categoryId: x.w.category.id, status: false });
    expect((await ctx.as(x.me).put(`/app/favourites/${hidden.id}${x.q}`)).statusCode).toBe(404);
    const bad = await ctx.as(x.me).put(`/app/favourites/abc${x.q}`);
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect((await ctx.as(x.me).get(`/app/favourites${x.q}`)).json()).toEqual({ dish_ids: [] });
  });

  it('lists only the request’s provider’s favourites', async () => {
    const x = await world();
    await ctx.as(x.me).put(`/app/favourites/${x.w.soup.id}${x.q}`);
    await ctx.as(x.me).put(`/app/favourites/${x.other.main.id}?provider_id=${x.other.provider.id}`);
    expect((await ctx.as(x.me).get(`/app/favourites${x.q}`)).json()).toEqual({ dish_ids: [x.w.soup.id] });
    expect((await ctx.as(x.me).get(`/app/favourites?provider_id=${x.other.provider.id}`)).json()).toEqual({
      dish_ids: [x.other.main.id],
    });
    // A favourite whose dish was later switched off can still be unmarked.
    await ctx.db.update(dishes).set({ status: false }).where(eq(dishes.id, x.w.soup.id));
    expect((await ctx.as(x.me).delete(`/app/favourites/${x.w.soup.id}${x.q}`)).statusCode).toBe(200);
    expect((await ctx.as(x.me).get(`/app/favourites${x.q}`)).json()).toEqual({ dish_ids: [] });
  });

  it('leaves the shared order page answer the same for every user', async () => {
    const x = await world();
    await ctx.as(x.me).put(`/app/favourites/${x.w.soup.id}${x.q}`);
    const page = (await ctx.as(x.me).get(`/app/order/create/${x.w.menu.id}`)).json();
    expect(JSON.stringify(page)).not.toContain('favourite');
  });
});

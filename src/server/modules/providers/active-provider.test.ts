import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { urlProviderId } from './active-provider.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const UNKNOWN = 999_999;

describe('the active provider: one rule on every route that uses one (decision 026)', () => {
  it('ordering with an unknown provider_id is a 422 on provider_id, as in the catalogue (it used to fall back silently)', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    for (const url of [`/app/order/dishlists?provider_id=${UNKNOWN}&lang=en`, `/app/order/create?provider_id=${UNKNOWN}&lang=en`]) {
      const res = await c.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ provider_id: ['This provider does not exist.'] });
    }
    const demo = await ctx.anon.get(`/app/demo-dishlists?provider_id=abc&lang=lv`);
    expect(demo.statusCode).toBe(422);
    expect(demo.json().errors.provider_id).toEqual(['Šāds piegādātājs neeksistē.']);
    // The same calls with a known provider, or none, still answer.
    expect((await c.get(`/app/order/dishlists?provider_id=${w.provider.id}`)).statusCode).toBe(200);
    expect((await c.get(`/app/order/create`)).statusCode).toBe(200);
  });

  it('staff routes of every area answer the same 422 for an unknown provider_id', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const staff = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const q = `provider_id=${UNKNOWN}&lang=ru`;
    for (const url of [
      `/app/categories?${q}`,
      `/app/dishes?${q}`,
      `/app/dishlists?${q}`,
      `/app/dishlists/${w.menu.id}?${q}`,
      `/app/dishlists/${w.menu.id}/balance?${q}`,
      `/app/dishlists/${w.menu.id}/print-orders?${q}`,
      `/app/kitchen/${w.menu.id}?${q}`,
      `/app/laps?${q}`,
      `/app/providers?${q}`,
    ]) {
      const res = await staff.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ provider_id: ['Такого поставщика не существует.'] });
    }
  });

  it('reads provider_id from the URL as given', () => {
    expect(urlProviderId('/app/dishes?sort[title]=asc&provider_id=7')).toBe('7');
    expect(urlProviderId('/app/dishes?provider_id=')).toBeUndefined();
    expect(urlProviderId('/app/dishes')).toBeUndefined();
    expect(urlProviderId('/app/dishes?xprovider_id=3')).toBeUndefined();
  });
});

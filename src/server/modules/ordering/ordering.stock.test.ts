import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/index.js';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { balanceOf, customerAt, menuWorld, ordersOf, setBalance } from './ordering.factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('stock when placing an order', () => {
  it('names the stock left with the plural form of the number in lv and ru (9, 21) and says sold out at 0', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const shortBy = async (left: number, lang: string) => {
      await setBalance(ctx.db, w.menu.id, w.main.id, left);
      const res = await c.post(`/app/order/create?lang=${lang}`, {
        dishlist_id: w.menu.id,
        items: [{ id: w.main.id, qty: left + 1 }],
        payment_type: 'cash',
        terms: true,
      });
      expect(res.statusCode).toBe(422);
      return res.json().errors[`balance.${w.main.id}`][0] as string;
    };
    expect(await shortBy(9, 'lv')).toBe('Cūkgaļas karbonāde: atlikušas tikai 9 porcijas.');
    expect(await shortBy(21, 'lv')).toBe('Cūkgaļas karbonāde: atlikusi tikai 21 porcija.');
    expect(await shortBy(11, 'lv')).toBe('Cūkgaļas karbonāde: atlikušas tikai 11 porcijas.');
    expect(await shortBy(9, 'ru')).toBe('Cūkgaļas karbonāde: осталось только 9 порций.');
    expect(await shortBy(21, 'ru')).toBe('Cūkgaļas karbonāde: осталась только 21 порция.');
    expect(await shortBy(2, 'ru')).toBe('Cūkgaļas karbonāde: осталось только 2 порции.');
    expect(await shortBy(9, 'en')).toBe('Pork chop: only 9 left.');
    expect(await shortBy(0, 'lv')).toBe('Cūkgaļas karbonāde: vairs nav pieejams.');
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
  });

  it('refuses a line short of stock with balance.<dishId>, and changes nothing', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 1);
    const c = ctx.as(await customerAt(ctx.db, now));
    const res = await c.post('/app/order/create?lang=en', {
      dishlist_id: w.menu.id,
      items: [
        { id: w.main.id, qty: 1 },
        { id: w.soup.id, qty: 6 },
      ],
      payment_type: 'cash',
      terms: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Some items you ordered are not available.');
    expect(res.json().errors).toEqual({ [`balance.${w.soup.id}`]: ['Sorrel soup: only 5 left.'] });
    expect(await balanceOf(ctx.db, w.menu.id, w.main.id)).toBe(1);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(5);
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
  });

  it('counts a complex against its options and its own balance', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.set.complex.id, 2);
    const c = ctx.as(await customerAt(ctx.db, now));
    const [g1, g2] = w.set.groups;
    const line = (qty: number) => ({
      id: w.set.complex.id,
      qty,
      complex: [
        { group_id: g1!.id, dish_id: w.soup.id },
        { group_id: g2!.id, dish_id: w.main.id },
      ],
    });
    const tooMany = await c.post('/app/order/create', { dishlist_id: w.menu.id, items: [line(3)], payment_type: 'cash', terms: true });
    expect(Object.keys(tooMany.json().errors)).toEqual([`balance.${w.set.complex.id}`]);
    // Soup: 5; two sets + four plain soups = 6 > 5.
    const mixed = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [line(2), { id: w.soup.id, qty: 4 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(Object.keys(mixed.json().errors)).toEqual([`balance.${w.soup.id}`]);
    const ok = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [line(2), { id: w.soup.id, qty: 3 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(0);
    expect(await balanceOf(ctx.db, w.menu.id, w.set.complex.id)).toBe(0);
  });

  it('200 parallel orders against stock 50 give exactly 50 orders and balance 0', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    await setBalance(ctx.db, w.menu.id, w.main.id, 50);
    const customers = [];
    for (let i = 0; i < 200; i++) customers.push(ctx.as(await signedIn(ctx.db, { role: 'customer' }, now)));
    const results = await Promise.all(
      customers.map((c) =>
        c.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.main.id, qty: 1 }], payment_type: 'cash', terms: true }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(50);
    expect(codes.filter((s) => s === 422)).toHaveLength(150);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(Object.keys(r.json().errors)).toEqual([`balance.${w.main.id}`]);
    expect(await balanceOf(ctx.db, w.menu.id, w.main.id)).toBe(0);
    const stored = await ctx.db.select({ id: orders.id }).from(orders).where(eq(orders.menuId, w.menu.id));
    expect(stored.map((o) => o.id).sort()).toEqual(
      results
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().order_id)
        .sort(),
    );
  });
});

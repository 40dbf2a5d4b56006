import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import type { Client } from '../../test/client.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { orderItems } from '../../db/schema/index.js';
import { placedOrder } from '../teams/teams.factories.js';
import { getBalance } from '../menus/menus.stock.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function place(who: Client, body: object) {
  const res = await who.post('/app/order/create', { terms: true, payment_type: 'cash', ...body });
  expect(res.statusCode, res.body).toBe(200);
}

type World = Awaited<ReturnType<typeof menuWorld>>;
/** An order line of the world's set meal, its soup and main chosen, `qty` times. */
function setOf(w: World, qty: number) {
  const [g1, g2] = w.set.groups;
  return {
    id: w.set.complex.id,
    qty,
    complex: [
      { group_id: g1!.id, dish_id: w.soup.id },
      { group_id: g2!.id, dish_id: w.main.id },
    ],
  };
}

type Counted = { dishes: { data: { title: string; qty: number }[] }[]; initials: { qty: number }[] };
const flat = (b: Counted) => b.dishes.flatMap((g) => g.data.map((d) => [d.title, d.qty]));

/** A menu's display after one soup and a set meal of soup and main twice. */
async function expectSoupAndSet(staff: Client, w: { menu: { id: number }; provider: { id: number } }) {
  const display = (await staff.get(`/app/kitchen/${w.menu.id}?provider_id=${w.provider.id}&lang=en`)).json() as Counted;
  expect(flat(display)).toEqual([
    ['Sorrel soup', 3],
    ['Pork chop', 2],
  ]);
  expect(display.initials.map((i) => i.qty)).toEqual([2]);
}

// Decision 088: a menu's lines are read by one range scan between its first and last order, so
// another menu's orders placed in between lie inside that range; they must count nowhere.
describe('the kitchen day read in one pass', () => {
  it('counts only its own menu’s lines and options when another menu’s orders were placed in between', async () => {
    const now = ctx.clock.now();
    const [a, b] = [await menuWorld(ctx.db, now), await menuWorld(ctx.db, now)];
    const c = ctx.as(await customerAt(ctx.db, now));
    await place(c, { dishlist_id: a.menu.id, items: [{ id: a.soup.id, qty: 1 }] });
    await place(c, { dishlist_id: b.menu.id, items: [setOf(b, 2), { id: b.soup.id, qty: 1 }] });
    await place(c, { dishlist_id: a.menu.id, items: [setOf(a, 2)] });
    await place(c, { dishlist_id: b.menu.id, items: [setOf(b, 1)] });
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));

    // Soup: 1 plain + 2 in sets; main 2 in sets; the set meal twice; nothing of menu b's.
    await expectSoupAndSet(staff, a);
    const other = (await staff.get(`/app/kitchen/${b.menu.id}?provider_id=${b.provider.id}&lang=en`)).json() as Counted;
    expect(flat(other)).toEqual([
      ['Sorrel soup', 4],
      ['Pork chop', 3],
    ]);

    const tickets = (await staff.get(`/app/kitchen/${a.menu.id}/tickets?provider_id=${a.provider.id}&by=location&lang=en`)).json();
    expect(tickets.tickets).toHaveLength(1);
    expect(tickets.tickets[0]).toMatchObject({ order_count: 2, portions: 3 });
    expect(tickets.tickets[0].lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Sorrel soup', qty: 1 }),
        expect.objectContaining({ qty: 2, options: ['2 × Sorrel soup', '2 × Pork chop'] }),
      ]),
    );
  });

  it('counts an order placed long before the rest of its menu’s (its lines and options looked up apart from the range)', async () => {
    const now = ctx.clock.now();
    const [a, b] = [await menuWorld(ctx.db, now), await menuWorld(ctx.db, now)];
    const c = ctx.as(await customerAt(ctx.db, now));
    // The early order: a set meal (its options too lie below the lines' range).
    await place(c, { dishlist_id: a.menu.id, items: [setOf(a, 2)] });
    // Weeks of other orders in between: more than 16 times the menu's orders and lines.
    const filler = await customerAt(ctx.db, now);
    for (let i = 0; i < 40; i++)
      await placedOrder(ctx.db, {
        menuId: b.menu.id,
        userId: filler.user.id,
        locationId: filler.location.id,
        amountCents: 100,
        lines: [{ dishId: b.soup.id, title: { lv: 'x' }, qty: 1, unitPriceCents: 100 }],
      });
    await place(c, { dishlist_id: a.menu.id, items: [{ id: a.soup.id, qty: 1 }] });
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    await expectSoupAndSet(staff, a);
    const tickets = (await staff.get(`/app/kitchen/${a.menu.id}/tickets?provider_id=${a.provider.id}&by=location&lang=en`)).json();
    expect(tickets.tickets[0]).toMatchObject({ order_count: 2, portions: 3 });
  });

  // Decision 093: the options are read by one range scan between the smallest and largest id of the
  // lines of the menu's orders, at most 16 times as wide as those lines; lines below it are looked up
  // one by one. An order whose lines came long after its neighbours' widens that range.
  it('counts lines inserted long after the rest (the options’ range capped) on the display, the balance editor and the leftovers', async () => {
    const now = ctx.clock.now();
    const [a, b] = [await menuWorld(ctx.db, now), await menuWorld(ctx.db, now)];
    const customer = await customerAt(ctx.db, now);
    const c = ctx.as(customer);
    await place(c, { dishlist_id: a.menu.id, items: [setOf(a, 2)] });
    // The next order of the menu, its line written after 60 other orders' lines.
    const late = await placedOrder(ctx.db, {
      menuId: a.menu.id,
      userId: customer.user.id,
      locationId: customer.location.id,
      amountCents: 100,
      lines: [],
    });
    const filler = await customerAt(ctx.db, now);
    for (let i = 0; i < 60; i++)
      await placedOrder(ctx.db, {
        menuId: b.menu.id,
        userId: filler.user.id,
        locationId: filler.location.id,
        amountCents: 100,
        lines: [{ dishId: b.soup.id, title: { lv: 'x' }, qty: 1, unitPriceCents: 100 }],
      });
    await ctx.db.insert(orderItems).values({ orderId: late.id, dishId: a.soup.id, title: { lv: 'x' }, qty: 1, unitPriceCents: 100 });
    const staff = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    await expectSoupAndSet(staff, a);
    const q = `provider_id=${a.provider.id}&lang=en`;
    const balance = (await staff.get(`/app/dishlists/${a.menu.id}/balance?${q}`)).json() as { balance: { id: number; ordered: number }[] };
    const ordered = new Map(balance.balance.map((d) => [d.id, d.ordered]));
    expect([ordered.get(a.soup.id), ordered.get(a.main.id), ordered.get(a.set.complex.id)]).toEqual([3, 2, 2]);
    const left = (await staff.get(`/app/kitchen/${a.menu.id}/leftovers?${q}`)).json() as { dishes: { dish_id: number; ordered: number }[] };
    const soup = left.dishes.find((d) => d.dish_id === a.soup.id);
    expect(soup?.ordered).toBe(3);
  });
});

// countLines reads the bounds, then counts with them. Given a caller's transaction (read committed:
// menus.copy reads the stock in one), an order committed between the two statements, its lines
// written after the bounds' last line, must be counted with its options, not as a bare set meal.
describe('the day read inside a caller’s transaction', () => {
  it('counts an order committed between its two statements with the options it chose', async () => {
    const now = ctx.clock.now();
    const a = await menuWorld(ctx.db, now);
    const customer = await customerAt(ctx.db, now);
    const soup = { menuId: a.menu.id, userId: customer.user.id, locationId: customer.location.id, amountCents: 100 };
    const soupLine = { dishId: a.soup.id, title: { lv: 'x' }, qty: 1, unitPriceCents: 100 };
    // The menu's first order, committed: the uncommitted one's id lies inside the bounds.
    await placedOrder(ctx.db, { ...soup, lines: [soupLine] });
    const other = await ctx.db.$client.connect();
    try {
      await other.query('begin');
      const late = await other.query<{ id: number }>(
        `insert into orders (menu_id, user_id, location_id, payment_type, amount_cents, amount_to_pay_cents, status)
         values ($1, $2, $3, 'cash', 100, 100, 2) returning id`,
        [a.menu.id, customer.user.id, customer.location.id],
      );
      // A later order, committed, its line before the uncommitted order's lines.
      await placedOrder(ctx.db, { ...soup, lines: [soupLine] });
      const line = await other.query<{ id: number }>(
        `insert into order_items (order_id, dish_id, title, qty, unit_price_cents, position) values ($1, $2, '{"lv":"x"}', 2, 100, 0) returning id`,
        [late.rows[0]!.id, a.set.complex.id],
      );
      for (const dish of [a.soup.id, a.main.id])
        await other.query(`insert into order_item_options (order_item_id, dish_id, title, price_cents) values ($1, $2, '{"lv":"x"}', 0)`, [
          line.rows[0]!.id,
          dish,
        ]);
      const balance = await ctx.db.transaction(async (tx) => {
        let statements = 0;
        // The uncommitted order commits right after countLines' first statement (the bounds).
        const spied = new Proxy(tx, {
          get(target, key, receiver) {
            if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
            return async (query: Parameters<typeof tx.execute>[0]) => {
              const result = await target.execute(query);
              if (statements++ === 0) await other.query('commit');
              return result;
            };
          },
        });
        return getBalance(spied, a.provider.id, a.menu.id);
      });
      expect(balance.balance.length).toBeGreaterThan(0);
      const ordered = new Map(balance.balance.map((d) => [d.id, d.ordered]));
      // Soup: 2 plain + 2 in the set meal; main: 2 in the set meal; the set meal twice.
      expect([ordered.get(a.soup.id), ordered.get(a.main.id), ordered.get(a.set.complex.id)]).toEqual([4, 2, 2]);
    } finally {
      await other.query('rollback').catch(() => undefined);
      other.release();
    }
  });
});

// A lap's report and its production sheet count some locations only. Their orders lie between the
// other locations' orders, so they are read through the locations' index, not a range (the range,
// capped at SPREAD times the rows found, looked most of them up one by one: 1.7 s at full size).
describe('the kitchen day of some locations', () => {
  it('counts only those locations’ lines and options, with the other locations’ orders in between', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const [here, there] = [await customerAt(ctx.db, now), await customerAt(ctx.db, now)];
    const set = (qty: number) => setOf(w, qty);
    await place(ctx.as(here), { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty: 1 }] });
    await place(ctx.as(there), { dishlist_id: w.menu.id, items: [set(1), { id: w.soup.id, qty: 1 }] });
    await place(ctx.as(here), { dishlist_id: w.menu.id, items: [set(2)] });
    const { countLines } = await import('./kitchen.day.js');
    const count = async (locationIds?: number[]) =>
      (await countLines(ctx.db, { menuId: w.menu.id, statuses: [2], locationIds }, { byLocation: true }))
        .map((g) => [g.location_id, g.dish_id, g.option_id, g.lines, g.chosen])
        .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    const all = await count();
    // The same groups as the whole menu's count, for the asked location only, and none for no location.
    expect(await count([here.location.id])).toEqual(all.filter((g) => g[0] === here.location.id));
    expect(await count([there.location.id])).toEqual(all.filter((g) => g[0] === there.location.id));
    expect(await count([here.location.id, there.location.id])).toEqual(all);
    expect(await count([])).toEqual([]);
    // Here: soup 1 plain; the set meal twice, its soup and main chosen twice each.
    const here_ = all.filter((g) => g[0] === here.location.id);
    expect(here_).toContainEqual([here.location.id, w.soup.id, null, 1, 0]);
    expect(here_).toContainEqual([here.location.id, w.set.complex.id, w.soup.id, 2, 2]);
    expect(here_).toContainEqual([here.location.id, w.set.complex.id, w.main.id, 0, 2]);
  });
});

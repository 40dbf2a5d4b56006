import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connect } from '../../db/client.js';
import { auditLog, awayDays, mailOutbox, payments, remindersSent, standingOrderRuns, users } from '../../db/schema/index.js';
import type { JobDeps } from '../../lib/jobs.js';
import { createMailer } from '../../lib/mail.js';
import { makeShift } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { addToMenu, balanceOf, customerAt, makeDish, makeMenu, menuWorld, ordersOf, setBalance } from '../ordering/ordering.factories.js';
import { sendDueReminders } from '../reminders/reminders.service.js';
import type { StandingDishesResult } from '../../../shared/schemas/plan-ahead.js';
import { placeStandingOrders } from './standing-sweep.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type World = Awaited<ReturnType<typeof menuWorld>>;

/** The menu's day (its `from` in the provider's zone) and ISO weekday. */
function menuDay(w: World) {
  const d = DateTime.fromJSDate(w.menu.from).setZone(w.provider.timezone);
  return { day: d.toISODate()!, weekday: d.weekday };
}

/** A customer (English) with a standing order for the world's menu day. */
async function standing(w: World, body: object = {}, location: object = {}) {
  const c = ctx.as(await customerAt(ctx.db, ctx.clock.now(), location, { lang: 'en', email: `s${Math.random()}@example.lv` }));
  const { weekday } = menuDay(w);
  const res = await c.post(`/app/standing-orders?provider_id=${w.provider.id}`, {
    dish_id: w.soup.id,
    qty: 1,
    weekdays: [weekday],
    payment_type: 'cash',
    terms: true,
    ...body,
  });
  expect(res.statusCode).toBe(201);
  return { c, so: res.json() as { id: number } };
}

const runsOf = (userId: number) => ctx.db.select().from(standingOrderRuns).where(eq(standingOrderRuns.userId, userId));
const mailsTo = (to: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const sweep = (deps: JobDeps = ctx.jobDeps) => placeStandingOrders(deps);

/** Another app instance on the same database: its own connection pool, mailer and change bus. */
async function secondInstance() {
  const database = connect((ctx.deps.database as unknown as { url: string }).url, 4);
  const mailer = createMailer(database.db, { from: ctx.deps.env.MAIL_FROM });
  const app = await buildApp({ ...ctx.deps, database, mailer }, { serveWeb: false, logger: false });
  await app.ready();
  return {
    jobDeps: { ...ctx.deps, database, mailer, changes: app.changes } as JobDeps,
    async close() {
      await app.close();
      mailer.close();
      await database.close();
    },
  };
}

describe('standing orders: the dishes to choose from', () => {
  it("lists the dishes and set meals (with their options) of the provider's published menus of the last four weeks and to come, never another provider's, and its card and banks", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const other = await menuWorld(ctx.db, ctx.clock.now());
    const day = 86_400_000;
    const now = ctx.clock.now().getTime();
    const old = await makeDish(ctx.db, {
      providerId: w.provider.id,
      categoryId: w.category.id,
      title: { lv: 'Vecā zupa', en: 'Old soup' },
    });
    const next = await makeDish(ctx.db, {
      providerId: w.provider.id,
      categoryId: w.category.id,
      title: { lv: 'Nākamā zupa', en: 'Next soup' },
    });
    const hidden = await makeDish(ctx.db, { providerId: w.provider.id, categoryId: w.category.id, title: { lv: 'Slēptā', en: 'Hidden' } });
    const oldMenu = await makeMenu(ctx.db, {
      providerId: w.provider.id,
      from: new Date(now - 40 * day),
      to: new Date(now - 40 * day + 3600_000),
    });
    await addToMenu(ctx.db, oldMenu.id, old);
    const nextMenu = await makeMenu(ctx.db, {
      providerId: w.provider.id,
      from: new Date(now + 6 * day),
      to: new Date(now + 6 * day + 3600_000),
    });
    await addToMenu(ctx.db, nextMenu.id, next);
    const draft = await makeMenu(ctx.db, {
      providerId: w.provider.id,
      status: false,
      from: new Date(now + day),
      to: new Date(now + day + 3600_000),
    });
    await addToMenu(ctx.db, draft.id, hidden);
    const { c } = await standing(w);
    const res = await c.get(`/app/standing-orders/dishes?provider_id=${w.provider.id}&lang=en`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as StandingDishesResult;
    expect(body.data.map((d) => d.title)).toEqual(['Bread soup', 'Next soup', 'Pork chop', 'Set', 'Sorrel soup']);
    expect(body.data.find((d) => d.id === w.soup.id)!.groups).toEqual([]);
    const [g1, g2, g3] = w.set.groups;
    expect(body.data.find((d) => d.id === w.set.complex.id)!.groups).toEqual([
      { id: g1!.id, title: 'Group 1', optional: false, options: [{ id: w.soup.id, title: 'Sorrel soup' }] },
      {
        id: g2!.id,
        title: 'Group 2',
        optional: false,
        options: [
          { id: w.main.id, title: 'Pork chop' },
          { id: w.dessert.id, title: 'Bread soup' },
        ],
      },
      { id: g3!.id, title: 'Group 3', optional: true, options: [{ id: w.dessert.id, title: 'Bread soup' }] },
    ]);
    expect(body.payment.card).toBe(true);
    expect(body.payment.banks.map((b) => b.code)).toEqual(['swedbank', 'seb', 'citadele', 'luminor']);
    const theirs = await c.get(`/app/standing-orders/dishes?provider_id=${other.provider.id}&lang=en`);
    expect((theirs.json() as { data: { id: number }[] }).data.map((d) => d.id)).not.toContain(w.soup.id);
    expect((await ctx.anon.get(`/app/standing-orders/dishes?provider_id=${w.provider.id}`)).statusCode).toBe(401);
  });

  it("refuses a set meal's options that are not its own or miss a mandatory group, and a bank payment without an offered bank, on the field", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const [g1, g2, g3] = w.set.groups;
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now(), {}, { lang: 'en' }));
    const url = `/app/standing-orders?provider_id=${w.provider.id}&lang=en`;
    const base = { dish_id: w.set.complex.id, qty: 1, weekdays: [1], payment_type: 'cash', terms: true };
    const errorsOf = async (body: object) => {
      const res = await c.post(url, { ...base, ...body });
      expect(res.statusCode).toBe(422);
      return (res.json() as { errors: Record<string, string[]> }).errors;
    };
    const soup = { group_id: g1!.id, dish_id: w.soup.id };
    const main = { group_id: g2!.id, dish_id: w.main.id };
    expect(await errorsOf({ complex: [soup] })).toEqual({ complex: ['Choose an option in "Group 2".'] });
    const notIn = 'One of the options is not in this set meal, or a group is chosen twice.';
    expect(await errorsOf({ complex: [soup, { group_id: g2!.id, dish_id: w.soup.id }] })).toEqual({ complex: [notIn] });
    expect(await errorsOf({ complex: [soup, main, { ...main, dish_id: w.dessert.id }] })).toEqual({ complex: [notIn] });
    expect(await errorsOf({ dish_id: w.soup.id, complex: [soup] })).toEqual({
      complex: ['This dish is not a set meal: it has no options.'],
    });
    expect(await errorsOf({ complex: [soup, main], payment_type: 'bank' })).toEqual({ bank: ['Choose a bank.'] });
    expect(await errorsOf({ complex: [soup, main], payment_type: 'bank', bank: 'nordea' })).toEqual({
      bank: ['This bank is not offered.'],
    });
    const dessert = { group_id: g3!.id, dish_id: w.dessert.id };
    const ok = await c.post(url, { ...base, complex: [soup, main, dessert], payment_type: 'bank', bank: 'seb' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ dish_title: 'Set', payment_type: 'bank', bank: 'seb', complex: [soup, main, dessert] });
  });
});

describe('standing orders: placement when a matching menu is open', () => {
  it('places the order once per user and day, with two instances sweeping at once and after a restart', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const { c } = await standing(w, { qty: 2 });
    const other = await secondInstance();
    try {
      await Promise.all([sweep(), sweep(other.jobDeps), sweep(), sweep(other.jobDeps)]);
      // The next minute's run, and a run after a restart (a new instance), place nothing again.
      await sweep();
      await sweep(other.jobDeps);
    } finally {
      await other.close();
    }
    const placed = await ordersOf(ctx.db, c.user.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ menuId: w.menu.id, status: 2, paymentType: 'cash', amountToPayCents: 600 });
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(3);
    const runs = await runsOf(c.user.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ day: menuDay(w).day, outcome: 'placed', orderId: placed[0]!.id });
    const mails = await mailsTo(c.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Lunch ordered for');
    expect(mails[0]!.text).toContain('Sorrel soup × 2');
    // The user sees what ran, and can cancel the placed order before the deadline (stock returns).
    const list = (await c.get(`/app/standing-orders?provider_id=${w.provider.id}`)).json();
    expect(list.data[0].runs).toEqual([
      { day: menuDay(w).day, menu_id: w.menu.id, outcome: 'placed', reason: null, order_id: placed[0]!.id },
    ]);
    expect((await c.post(`/app/order/${placed[0]!.id}/cancel`, {})).statusCode).toBe(200);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(5);
    // A cancelled standing order's day stays run: the sweep does not place it again.
    await sweep();
    expect((await ordersOf(ctx.db, c.user.id)).filter((o) => o.status === 2)).toHaveLength(0);
  });

  it('respects stock: a sold-out or short dish is not ordered, and the user is told why', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    await setBalance(ctx.db, w.menu.id, w.soup.id, 1);
    const { c } = await standing(w, { qty: 2 });
    await sweep();
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(1);
    expect(await runsOf(c.user.id)).toMatchObject([{ outcome: 'refused', reason: 'stock' }]);
    const [mail] = await mailsTo(c.user.email);
    expect(mail!.subject).toContain('was not ordered');
    expect(mail!.text).toContain('sold out');
  });

  it('never orders a substitute for a dish missing from the menu', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const elsewhere = await makeDish(ctx.db, { providerId: w.provider.id, categoryId: w.category.id, priceCents: 400 });
    const { c } = await standing(w, { dish_id: elsewhere.id });
    await sweep();
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
    expect(await runsOf(c.user.id)).toMatchObject([{ outcome: 'refused', reason: 'notOnMenu' }]);
    // Added to the menu later: the day was told already and stays as it was.
    await addToMenu(ctx.db, w.menu.id, elsewhere);
    await sweep();
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
  });

  it('places a set meal with its options', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const [soupGroup, mainGroup] = w.set.groups;
    const { c } = await standing(w, {
      dish_id: w.set.complex.id,
      complex: [
        { group_id: soupGroup!.id, dish_id: w.soup.id },
        { group_id: mainGroup!.id, dish_id: w.main.id },
      ],
    });
    await sweep();
    const [o] = await ordersOf(ctx.db, c.user.id);
    expect(o).toMatchObject({ status: 2, menuId: w.menu.id });
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(4);
  });

  it("names one of the location's shifts where it has shifts, and the order is placed for that shift", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now(), {}, { lang: 'en' }));
    const early = await makeShift(ctx.db, c.user.locationId!, 'Early');
    const late = await makeShift(ctx.db, c.user.locationId!, 'Late');
    const elsewhere = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const foreign = await makeShift(ctx.db, elsewhere.user.locationId!, 'Foreign');
    const dishes = (await c.get(`/app/standing-orders/dishes?provider_id=${w.provider.id}`)).json() as StandingDishesResult;
    expect(dishes.shifts.map((sh) => sh.title)).toEqual(['Early', 'Late']);
    const url = `/app/standing-orders?provider_id=${w.provider.id}&lang=en`;
    const body = { dish_id: w.soup.id, qty: 1, weekdays: [menuDay(w).weekday], payment_type: 'cash', terms: true };
    const missing = await c.post(url, body);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ shift_id: ['Choose your shift.'] });
    const wrong = await c.post(url, { ...body, shift_id: foreign.id });
    expect(wrong.json().errors).toEqual({ shift_id: ['This shift is not one of your location’s.'] });
    expect((await elsewhere.post(url, { ...body, shift_id: early.id })).json().errors).toEqual({ shift_id: [expect.any(String)] });
    expect((await c.post(url, { ...body, shift_id: late.id })).statusCode).toBe(201);
    await sweep();
    const [o] = await ordersOf(ctx.db, c.user.id);
    expect(o).toMatchObject({ status: 2, menuId: w.menu.id, shiftId: late.id });
  });

  it('skips skip dates, days after its end, away days and closed days; removing the away day lets it place', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const { day } = menuDay(w);
    const yesterday = DateTime.fromISO(day).minus({ days: 1 }).toISODate()!;
    const skip = await standing(w, { skip_dates: [day] });
    const ended = await standing(w, { ends_on: yesterday });
    const away = await standing(w);
    const closed = await standing(w);
    expect((await away.c.post('/app/away-days', { from: day, to: day, note: 'Holiday' })).statusCode).toBe(201);
    await ctx.db.insert(awayDays).values({ locationId: closed.c.user.locationId!, day });
    await sweep();
    for (const who of [skip, ended, away, closed]) {
      expect(await ordersOf(ctx.db, who.c.user.id)).toHaveLength(0);
      expect(await runsOf(who.c.user.id)).toHaveLength(0);
    }
    // Back from holiday before the deadline: the next sweep orders.
    const [mine] = (await away.c.get('/app/away-days')).json().data;
    expect((await away.c.delete(`/app/away-days/${mine.id}`)).statusCode).toBe(200);
    await sweep();
    expect(await ordersOf(ctx.db, away.c.user.id)).toHaveLength(1);
  });

  it("stops a deactivated user's standing orders", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const { c } = await standing(w);
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, c.user.id));
    await sweep();
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
    expect(await runsOf(c.user.id)).toHaveLength(0);
  });

  it('prepares card and bank for the user to pay, never charging; a fully subsidised order is placed', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const card = await standing(w, { payment_type: 'card' });
    const subsidised = await standing(w, { payment_type: 'card' }, { subsidyCents: 500 });
    await sweep();
    expect(await ordersOf(ctx.db, card.c.user.id)).toHaveLength(0);
    expect(await runsOf(card.c.user.id)).toMatchObject([{ outcome: 'prepared', orderId: null }]);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(4);
    const [mail] = await mailsTo(card.c.user.email);
    expect(mail!.subject).toContain('ready to pay');
    expect(mail!.text).toContain('3.25 EUR');
    const [o] = await ordersOf(ctx.db, subsidised.c.user.id);
    expect(o).toMatchObject({ status: 2, paymentType: 'subsidy', amountToPayCents: 0 });
    expect(await ctx.db.select().from(payments).where(eq(payments.orderId, o!.id))).toHaveLength(0);
  });

  it('offers a prepared bank set meal on its menu for the user to pay, until they order there or the menu closes; never charged meanwhile', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const [g1, g2] = w.set.groups;
    const complex = [
      { group_id: g1!.id, dish_id: w.soup.id },
      { group_id: g2!.id, dish_id: w.main.id },
    ];
    const { c, so } = await standing(w, { dish_id: w.set.complex.id, complex, payment_type: 'bank', bank: 'seb' });
    const url = `/app/standing-orders/prepared?dishlist_id=${w.menu.id}&lang=en`;
    expect((await c.get(url)).json()).toEqual({ data: [] });
    await sweep();
    expect(await runsOf(c.user.id)).toMatchObject([{ outcome: 'prepared' }]);
    const res = await c.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          standing_order_id: so.id,
          day: menuDay(w).day,
          menu_id: w.menu.id,
          deadline: w.menu.to.toISOString(),
          dish: { id: w.set.complex.id, title: 'Set' },
          qty: 1,
          complex: [
            { group_id: g1!.id, dish: { id: w.soup.id, title: 'Sorrel soup' } },
            { group_id: g2!.id, dish: { id: w.main.id, title: 'Pork chop' } },
          ],
          payment_type: 'bank',
          bank: 'seb',
        },
      ],
    });
    // Every open menu without the filter; nobody else's; nothing ordered, reserved or charged.
    expect((await c.get('/app/standing-orders/prepared')).json().data).toHaveLength(1);
    const other = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    expect((await other.get(url)).json()).toEqual({ data: [] });
    expect((await ctx.anon.get(url)).statusCode).toBe(401);
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(0);
    expect(await balanceOf(ctx.db, w.menu.id, w.soup.id)).toBe(5);
    // Past the deadline it is gone.
    const now = ctx.clock.now();
    ctx.clock.set(new Date(w.menu.to.getTime() + 1000));
    try {
      expect((await c.get(url)).json()).toEqual({ data: [] });
    } finally {
      ctx.clock.set(now);
    }
    // The user pays it through the checkout: the order waits for its payment and the offer is gone.
    const paid = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.set.complex.id, qty: 1, complex }],
      payment_type: 'bank',
      bank: 'seb',
      terms: true,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment_link).toBeTruthy();
    expect((await c.get(url)).json()).toEqual({ data: [] });
  });

  it('leaves an order the user placed themselves alone', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const { c } = await standing(w);
    const own = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.main.id, qty: 1 }],
      payment_type: 'cash',
      terms: true,
    });
    expect(own.statusCode).toBe(200);
    await sweep();
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(1);
    expect(await runsOf(c.user.id)).toMatchObject([{ outcome: 'refused', reason: 'alreadyOrdered' }]);
  });

  it("a meeting the manager ordered on the menu is the company's, not their lunch: their standing order and reminder still come (issue 29)", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const c = ctx.as(
      await customerAt(
        ctx.db,
        ctx.clock.now(),
        { meetingLimitCents: 5000 },
        { lang: 'en', email: `m${Math.random()}@example.lv`, isLocationManager: true, remindToMakeOrder: true },
      ),
    );
    const so = await c.post(`/app/standing-orders?provider_id=${w.provider.id}`, {
      dish_id: w.soup.id,
      qty: 1,
      weekdays: [menuDay(w).weekday],
      payment_type: 'cash',
      terms: true,
    });
    expect(so.statusCode).toBe(201);
    const meeting = await c.post('/app/meetings', { menu_id: w.menu.id, items: [{ id: w.main.id, qty: 3 }] });
    expect(meeting.statusCode, meeting.body).toBe(201);
    // Reminders are due (deadline within the provider's reminder minutes): the manager has no lunch yet.
    ctx.clock.set(new Date(w.menu.to.getTime() - 10 * 60_000));
    try {
      await sendDueReminders(ctx.deps);
      const sent = await ctx.db
        .select()
        .from(remindersSent)
        .where(and(eq(remindersSent.userId, c.user.id), eq(remindersSent.menuId, w.menu.id)));
      expect(sent).toHaveLength(1);
    } finally {
      ctx.clock.set(new Date());
    }
    await sweep();
    expect(await runsOf(c.user.id)).toMatchObject([{ outcome: 'placed' }]);
    expect((await ordersOf(ctx.db, c.user.id)).map((o) => o.kind).sort()).toEqual(['meeting', 'own']);
  });
});

describe('the sweep on demand', () => {
  it('runs for administrators only, recorded in the audit log', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const { c } = await standing(w);
    expect((await c.post('/app/standing-orders/run')).statusCode).toBe(403);
    const admin = await ctx.as('admin');
    const res = await admin.post('/app/standing-orders/run');
    expect(res.statusCode).toBe(200);
    expect(res.json().placed).toBeGreaterThanOrEqual(1);
    expect(await ordersOf(ctx.db, c.user.id)).toHaveLength(1);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'standing_orders.run'))).toHaveLength(1);
  });
});

describe('away days', () => {
  it('offers an order on a newly marked away day for cancellation and sends no reminder for it', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const { day } = menuDay(w);
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now(), {}, { remindToMakeOrder: true, email: `r${Math.random()}@example.lv` }));
    const order = await c.post('/app/order/create', {
      dishlist_id: w.menu.id,
      items: [{ id: w.soup.id, qty: 1 }],
      payment_type: 'cash',
      terms: true,
    });
    expect((await c.post('/app/away-days', { from: day, to: DateTime.fromISO(day).plus({ days: 1 }).toISODate() })).json()).toEqual({
      added: 2,
    });
    const listed = (await c.get('/app/away-days')).json();
    expect(listed.data.map((d: { day: string; kind: string }) => [d.day, d.kind])).toEqual([
      [day, 'user'],
      [DateTime.fromISO(day).plus({ days: 1 }).toISODate(), 'user'],
    ]);
    expect(listed.orders).toEqual([{ order_id: order.json().order_id, day, menu_title: w.menu.title, deadline: w.menu.to.toISOString() }]);
    expect((await c.post(`/app/order/${order.json().order_id}/cancel`, {})).statusCode).toBe(200);
    expect((await c.get('/app/away-days')).json().orders).toEqual([]);
    // Reminders are due (deadline within the provider's reminder minutes), but not for a day away.
    ctx.clock.set(new Date(w.menu.to.getTime() - 10 * 60_000));
    try {
      await sendDueReminders(ctx.deps);
      expect(await mailsTo(c.user.email)).toHaveLength(0);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it("lets only a location's manager (or staff) mark its closed days, recorded in the audit log", async () => {
    const now = ctx.clock.now();
    const manager = ctx.as(await customerAt(ctx.db, now, {}, { isLocationManager: true }));
    const locationId = manager.user.locationId!;
    const member = ctx.as(await customerAt(ctx.db, now, {}, {}));
    await ctx.db.update(users).set({ locationId }).where(eq(users.id, member.user.id));
    const url = `/app/locations/${locationId}/closed-days`;
    const range = { from: '2030-12-24', to: '2030-12-26', note: 'Christmas' };
    expect((await member.post(url, range)).statusCode).toBe(403);
    expect((await ctx.anon.post(url, range)).statusCode).toBe(401);
    const res = await manager.post(url, range);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ added: 3 });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'location.closed_day'), eq(auditLog.entityId, String(locationId))));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(manager.user.id);
    // The member sees the office closed on their own list.
    expect((await member.get('/app/away-days')).json().data.filter((d: { kind: string }) => d.kind === 'location')).toHaveLength(3);
    const [first] = (await manager.get(url)).json().data;
    expect((await member.delete(`${url}/${first.id}`)).statusCode).toBe(403);
    expect((await manager.delete(`${url}/${first.id}`)).statusCode).toBe(200);
    // Another location's manager is refused too.
    const otherManager = ctx.as(await customerAt(ctx.db, now, {}, { isLocationManager: true }));
    expect((await otherManager.post(url, range)).statusCode).toBe(403);
    const admin = await ctx.as('admin');
    expect((await admin.post(url, { from: '2030-12-31', to: '2030-12-31' })).statusCode).toBe(201);
  });

  it("refuses another user's away day and standing order, and a range that ends before it starts", async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const a = await standing(w);
    const b = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    await a.c.post('/app/away-days', { from: '2030-01-02', to: '2030-01-02' });
    const [mine] = (await a.c.get('/app/away-days')).json().data;
    expect((await b.delete(`/app/away-days/${mine.id}`)).statusCode).toBe(403);
    expect((await b.delete(`/app/standing-orders/${a.so.id}`)).statusCode).toBe(403);
    expect(
      (await b.put(`/app/standing-orders/${a.so.id}`, { dish_id: w.soup.id, qty: 1, weekdays: [1], payment_type: 'cash', terms: true }))
        .statusCode,
    ).toBe(403);
    const backwards = await a.c.post('/app/away-days', { from: '2030-01-05', to: '2030-01-04' });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['to']);
    // A second standing order on a weekday the first one already orders on is refused.
    const clash = await a.c.post(`/app/standing-orders?provider_id=${w.provider.id}`, {
      dish_id: w.main.id,
      qty: 1,
      weekdays: [menuDay(w).weekday],
      payment_type: 'cash',
      terms: true,
    });
    expect(clash.statusCode).toBe(422);
    expect(Object.keys(clash.json().errors)).toEqual(['weekdays']);
  });

  it('makes one standing order of the same form sent several times at once, the others refused on weekdays', async () => {
    const w = await menuWorld(ctx.db, ctx.clock.now());
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const body = { dish_id: w.soup.id, qty: 1, weekdays: [2, 4], payment_type: 'cash', terms: true };
    const sent = await Promise.all(Array.from({ length: 6 }, () => c.post(`/app/standing-orders?provider_id=${w.provider.id}`, body)));
    expect(sent.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect((await c.get(`/app/standing-orders?provider_id=${w.provider.id}`)).json().data).toHaveLength(1);
  });
});

/*
 * Standing orders (issue 27, decision 061): "every Monday and Wednesday: this dish (or this set
 * meal with these options)", kept per user and provider. The sweep that places them is
 * standing-sweep.service.ts.
 */
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { pickText } from '../../../shared/i18n.js';
import type {
  StandingDishesResult,
  StandingGroup,
  StandingOrder,
  StandingOrderInput,
  StandingOrdersResult,
  StandingRun,
} from '../../../shared/schemas/plan-ahead.js';
import { standingOrderInput } from '../../../shared/schemas/plan-ahead.js';
import {
  complexGroups,
  complexOptions,
  dishes,
  menuDishes,
  menus,
  providers,
  shifts,
  standingOrderRuns,
  standingOrders,
} from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import type { UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { paymentMethodsFor } from '../payments/methods.service.js';
import { standingText } from './standing.messages.js';
import { optionErrors, paymentErrors, shiftErrors } from './standing.rules.js';

type Row = typeof standingOrders.$inferSelect;
type Input = ReturnType<typeof standingOrderInput.parse>;

/** A standing order may name a dish of the provider's menus from this many days back, or of any menu to come. */
export const STANDING_DISH_DAYS = 28;

/**
 * GET /app/standing-orders/dishes: the dishes and set meals on the provider's published menus of
 * the last four weeks and the ones to come, by title, a set meal with its groups of options; and
 * the card and banks the provider offers. Not only today's menu: a standing order is for days
 * whose menus are not out yet, and the dish may be off today's.
 */
export async function standingDishes(
  ctx: Pick<UserContext, 'db' | 'lang' | 'now' | 'gateway' | 'user'>,
  providerId: number | null,
): Promise<StandingDishesResult> {
  const none = { card: false, banks: [], bankConsent: '' };
  if (providerId === null) return { data: [], payment: none, shifts: [] };
  const since = new Date(ctx.now.getTime() - STANDING_DISH_DAYS * 86_400_000);
  const [rows, [provider], shiftList] = await Promise.all([
    ctx.db
      .selectDistinct({ id: dishes.id, title: dishes.title, type: dishes.type })
      .from(menuDishes)
      .innerJoin(menus, eq(menus.id, menuDishes.menuId))
      .innerJoin(dishes, eq(dishes.id, menuDishes.dishId))
      .where(and(eq(menus.providerId, providerId), eq(menus.status, true), gte(menus.from, since))),
    providerPayments(ctx, providerId),
    shiftsOf(ctx),
  ]);
  const groups = await groupsOf(
    ctx,
    rows.filter((r) => r.type !== 'simple').map((r) => r.id),
  );
  const data = rows.map((r) => ({ id: r.id, title: pickText(r.title, ctx.lang), groups: groups.get(r.id) ?? [] }));
  const methods = paymentMethodsFor(ctx, { provider: provider ?? null, forCustomer: true });
  return {
    data: data.sort((a, b) => a.title.localeCompare(b.title, ctx.lang) || a.id - b.id),
    payment: { card: methods.card, banks: methods.banks, bankConsent: methods.bankConsent },
    shifts: shiftList,
  };
}

/** The shifts of the caller's location, in their order. */
function shiftsOf(ctx: Pick<UserContext, 'db' | 'user'>) {
  const locationId = ctx.user.locationId;
  if (locationId === null) return Promise.resolve([]);
  return ctx.db
    .select({ id: shifts.id, title: shifts.title })
    .from(shifts)
    .where(eq(shifts.locationId, locationId))
    .orderBy(shifts.position, shifts.id);
}

/** What the provider's payment methods depend on (paymentMethodsFor). */
function providerPayments(ctx: Pick<UserContext, 'db'>, providerId: number) {
  return ctx.db
    .select({
      cardEnabled: providers.cardEnabled,
      cardCommissionCents: providers.cardCommissionCents,
      bankCommissionCents: providers.bankCommissionCents,
    })
    .from(providers)
    .where(eq(providers.id, providerId));
}

/** The groups of options of set meals, in their order, by set meal. */
async function groupsOf(ctx: Pick<UserContext, 'db' | 'lang'>, setMeals: number[]): Promise<Map<number, StandingGroup[]>> {
  const out = new Map<number, StandingGroup[]>();
  if (setMeals.length === 0) return out;
  const rows = await ctx.db
    .select({ setMeal: complexGroups.dishId, group: complexGroups, option: dishes.id, title: dishes.title })
    .from(complexGroups)
    .innerJoin(complexOptions, eq(complexOptions.groupId, complexGroups.id))
    .innerJoin(dishes, eq(dishes.id, complexOptions.dishId))
    .where(inArray(complexGroups.dishId, setMeals))
    .orderBy(complexGroups.dishId, complexGroups.position, complexGroups.id, complexOptions.position, complexOptions.id);
  for (const r of rows) {
    const list = out.get(r.setMeal) ?? [];
    if (!out.has(r.setMeal)) out.set(r.setMeal, list);
    let group = list.find((g) => g.id === r.group.id);
    if (!group) list.push((group = { id: r.group.id, title: pickText(r.group.title, ctx.lang), optional: r.group.optional, options: [] }));
    group.options.push({ id: r.option, title: pickText(r.title, ctx.lang) });
  }
  return out;
}

/** Runs shown per standing order, newest first. */
const RUNS_SHOWN = 10;

function present(r: Row, title: string, runs: StandingRun[]): StandingOrder {
  return {
    id: r.id,
    dish_id: r.dishId,
    dish_title: title,
    complex: r.complex,
    qty: r.qty,
    weekdays: [...r.weekdays].sort(),
    ends_on: r.endsOn,
    skip_dates: [...r.skipDates].sort(),
    payment_type: r.paymentType,
    bank: r.bankCode,
    shift_id: r.shiftId,
    active: r.active,
    runs,
  };
}

/** GET /app/standing-orders: the caller's standing orders at the request's provider, with their latest runs. */
export async function listStandingOrders(ctx: UserContext, providerId: number | null): Promise<StandingOrdersResult> {
  if (providerId === null) return { data: [] };
  const rows = await ctx.db
    .select({ so: standingOrders, title: dishes.title })
    .from(standingOrders)
    .innerJoin(dishes, eq(dishes.id, standingOrders.dishId))
    .where(and(eq(standingOrders.userId, ctx.user.id), eq(standingOrders.providerId, providerId)))
    .orderBy(standingOrders.id);
  const ids = rows.map((r) => r.so.id);
  const runs =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(standingOrderRuns)
          .where(inArray(standingOrderRuns.standingOrderId, ids))
          .orderBy(desc(standingOrderRuns.day));
  const runsOf = (id: number): StandingRun[] =>
    runs
      .filter((r) => r.standingOrderId === id)
      .slice(0, RUNS_SHOWN)
      .map((r) => ({ day: r.day, menu_id: r.menuId, outcome: r.outcome, reason: r.reason, order_id: r.orderId }));
  return { data: rows.map((r) => present(r.so, pickText(r.title, ctx.lang), runsOf(r.so.id))) };
}

/**
 * The dish must be one of the provider's active dishes, a set meal with its options chosen, the
 * payment one the provider offers, the shift one of the location's when it has shifts (the
 * weekdays are checked under the user's lock: writeOwn).
 */
async function checkInput(ctx: UserContext, providerId: number, input: Input): Promise<string> {
  const [dish] = await ctx.db
    .select({ title: dishes.title, type: dishes.type })
    .from(dishes)
    .where(and(eq(dishes.id, input.dish_id), eq(dishes.providerId, providerId), eq(dishes.status, true)));
  if (!dish) throw fieldError(t.coded('invalid'), { dish_id: [standingText.coded('dishNotFound')] });
  const groups = dish.type === 'simple' ? null : ((await groupsOf(ctx, [input.dish_id])).get(input.dish_id) ?? []);
  const [[provider], shiftList] = await Promise.all([providerPayments(ctx, providerId), shiftsOf(ctx)]);
  const errors = {
    ...optionErrors(groups, input.complex),
    ...shiftErrors(shiftList, input.shift_id),
    ...paymentErrors(paymentMethodsFor(ctx, { provider: provider ?? null, forCustomer: true }), input),
  };
  if (Object.keys(errors).length > 0) throw fieldError(t.coded('invalid'), errors);
  return pickText(dish.title, ctx.lang);
}

/** Standing orders of one user are written one at a time (pg_advisory_xact_lock(STANDING_LOCK, user)). */
const STANDING_LOCK = 727061;

/**
 * Writes the user's standing order in a transaction that first takes the user's lock, then checks
 * that no other active one shares a weekday: the same form sent twice at once (a double click, two
 * tabs) makes one standing order and a 422, not two that the once-per-day guard silently splits.
 */
async function writeOwn<T>(ctx: UserContext, input: Input, exceptId: number | null, write: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STANDING_LOCK}, ${ctx.user.id})`);
    await assertNoClash(tx, ctx.user.id, input, exceptId);
    return write(tx);
  });
}

async function assertNoClash(tx: Tx, userId: number, input: Input, exceptId: number | null): Promise<void> {
  if (input.active) {
    const clash = await tx
      .select({ id: standingOrders.id })
      .from(standingOrders)
      .where(
        and(
          eq(standingOrders.userId, userId),
          eq(standingOrders.active, true),
          exceptId === null ? undefined : ne(standingOrders.id, exceptId),
          sql`${standingOrders.weekdays} && ${sql.raw(`'{${input.weekdays.join(',')}}'`)}::smallint[]`,
        ),
      )
      .limit(1);
    if (clash.length > 0) throw fieldError(t.coded('invalid'), { weekdays: [standingText.coded('weekdaysTaken')] });
  }
}

const values = (input: Input) => ({
  dishId: input.dish_id,
  complex: input.complex,
  qty: input.qty,
  weekdays: [...new Set(input.weekdays)].sort(),
  endsOn: input.ends_on,
  skipDates: [...new Set(input.skip_dates)].sort(),
  paymentType: input.payment_type,
  bankCode: input.payment_type === 'bank' ? input.bank : null,
  shiftId: input.shift_id,
  active: input.active,
});

/** POST /app/standing-orders. */
export async function createStandingOrder(ctx: UserContext, providerId: number, body: StandingOrderInput): Promise<StandingOrder> {
  const input = standingOrderInput.parse(body);
  const title = await checkInput(ctx, providerId, input);
  const [row] = await writeOwn(ctx, input, null, (tx) =>
    tx
      .insert(standingOrders)
      .values({ userId: ctx.user.id, providerId, ...values(input) })
      .returning(),
  );
  return present(row!, title, []);
}

async function ownRow(ctx: UserContext, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(standingOrders).where(eq(standingOrders.id, id));
  if (!row) throw new AppError(404, t.coded('notFound'));
  if (row.userId !== ctx.user.id) throw new AppError(403, standingText.coded('notYours'));
  return row;
}

/** PUT /app/standing-orders/{id}: the owner changes it (days already run stay as they ran). */
export async function updateStandingOrder(ctx: UserContext, id: number, body: StandingOrderInput): Promise<StandingOrder> {
  const row = await ownRow(ctx, id);
  const input = standingOrderInput.parse(body);
  const title = await checkInput(ctx, row.providerId, input);
  const [updated] = await writeOwn(ctx, input, id, (tx) =>
    tx
      .update(standingOrders)
      .set({ ...values(input), updatedAt: ctx.now })
      .where(eq(standingOrders.id, id))
      .returning(),
  );
  return present(updated!, title, []);
}

/** DELETE /app/standing-orders/{id}: the owner stops it for good (orders it placed stay). */
export async function deleteStandingOrder(ctx: UserContext, id: number): Promise<void> {
  await ownRow(ctx, id);
  await ctx.db.delete(standingOrders).where(eq(standingOrders.id, id));
}

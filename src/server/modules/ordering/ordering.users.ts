import { asc, inArray } from 'drizzle-orm';
import { profileDietsOf, type ProfileDiet } from '../../../shared/dietary.js';
import { toEuros } from '../../../shared/money.js';
import type { UserData } from '../../../shared/schemas/ordering.js';
import type { PoolClient } from 'pg';
import type { Db, Tx } from '../../db/client.js';
import type { SessionRow } from '../../lib/auth.js';
import { locations, shifts, users } from '../../db/schema/index.js';
import { pricedMenuSql, type PricedMenuJson } from '../priced-menu/priced-menu.read.js';
import { pgIntArray } from '../orders/stock.service.js';
import { budgetFromJson, budgetStateSql, type BudgetRowJson, type BudgetState } from '../budgets/budgets.read.js';
import type { Role } from '../../../shared/roles.js';

/** The person an order is for, with what pricing needs from their location. */
export interface Customer {
  id: number;
  email: string;
  firstName: string;
  phone: string;
  role: Role;
  active: boolean;
  bonusCents: number;
  /** Profile: allergens avoided and diets kept (the order's flag; staff see the warnings). */
  avoidedAllergens: number[];
  diets: ProfileDiet[];
  location: { id: number; title: string; subsidyCents: number; fullSubsidy: boolean; disableCash: boolean } | null;
  shifts: { id: number; title: string }[];
}

export const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  phone: users.phone,
  role: users.role,
  active: users.active,
  bonusCents: users.bonusCents,
  avoidedAllergens: users.avoidedAllergens,
  diets: users.diets,
  locationId: locations.id,
  locationTitle: locations.title,
  subsidyCents: locations.subsidyCents,
  fullSubsidy: locations.fullSubsidy,
  disableCash: locations.disableCash,
};

type CustomerRow = { [K in keyof typeof customerColumns]: (typeof customerColumns)[K]['_']['data'] | null };

export function toCustomer(r: CustomerRow, shiftRows: { id: number; title: string; locationId: number }[]): Customer {
  return {
    id: r.id!,
    email: r.email!,
    firstName: r.firstName!,
    phone: r.phone!,
    role: r.role!,
    active: r.active!,
    bonusCents: r.bonusCents!,
    avoidedAllergens: r.avoidedAllergens ?? [],
    diets: profileDietsOf(r.diets ?? []),
    location:
      r.locationId === null
        ? null
        : {
            id: r.locationId,
            title: r.locationTitle!,
            subsidyCents: r.subsidyCents!,
            fullSubsidy: r.fullSubsidy!,
            disableCash: r.disableCash!,
          },
    shifts: shiftRows.filter((s) => s.locationId === r.locationId).map((s) => ({ id: s.id, title: s.title })),
  };
}

export async function shiftsOf(db: Db | Tx, locationIds: number[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({ id: shifts.id, title: shifts.title, locationId: shifts.locationId })
    .from(shifts)
    .where(inArray(shifts.locationId, locationIds))
    .orderBy(asc(shifts.position), asc(shifts.id));
}

/**
 * The customer query (a fixed text, prepared once per connection): $1 the user id, or with
 * `bySession` the token hash of their session ($5 the time it must not have expired by; the
 * session's fields are read too, for completeSignIn); $2 menu (0: none), $3 idempotency key
 * ('': none), $4 dish ids (int[] literal) whose stock is read.
 */
const customerStateSql = (orderMenu: string, bySession: boolean) => `
  select u.id, u.xmin::text as version, u.email, u.first_name, u.phone, u.role, u.active, u.bonus_cents,
    u.avoided_allergens, u.diets, l.registration_number,
    -- The default cost centre only while it is an active one of the location's company (deactivated, or the
    -- eater moved to another company: none).
    (select cc.id from cost_centres cc where cc.id = u.cost_centre_id and cc.active
       and cc.company_registration = l.registration_number) as cost_centre_id, l.id as location_id, l.title as location_title, l.subsidy_cents, l.full_subsidy, l.disable_cash,
    (select json_agg(json_build_object('id', s.id, 'title', s.title) order by s.position, s.id)
       from shifts s where s.location_id = l.id) as shifts,
    -- The eater's orders on the menu through orders_user_idx (user_id, menu_id): "status + 0" keeps the
    -- status out of the index conditions, or the planner may read every pending order of the menu
    -- through orders_menu_lines_idx (menu_id, status, ...) and filter them by user (decision 096).
    (select coalesce(sum(o.subsidy_cents), 0)::int from orders o
       where o.user_id = u.id and o.menu_id = $2::int and o.status + 0 in (1, 2)) as subsidy_used,
    (select json_build_object('ids', json_agg(o.id order by o.id), 'subsidy', coalesce(sum(o.subsidy_cents), 0),
       'budget', coalesce(sum(o.budget_cents), 0)) from orders o
       where o.user_id = u.id and o.menu_id = $2::int and o.status + 0 = 1 and not o.stock_released) as unpaid,
    (select o.id from orders o where o.user_id = u.id and o.idempotency_key = $3::text limit 1) as existing_id,
    (select json_agg(json_build_array(b.dish_id, b.qty)) from balances b
       where b.menu_id = $2::int and b.dish_id = any($4::int[])) as stock,
    ${budgetStateSql('$2::int')} as budget,
    ${orderMenu} as order_menu${
      bySession
        ? `,
    se.id as session_id, se.remember as session_remember, se.last_seen_at as session_last_seen_at,
    se.expires_at as session_expires_at, u.location_id as user_location_id, u.is_location_manager
  from sessions se join users u on u.id = se.user_id left join locations l on l.id = u.location_id
  where se.token_hash = $1::text and se.expires_at > $5::timestamptz
  limit 1`
        : `
  from users u left join locations l on l.id = u.location_id
  where u.id = $1::int`
    }`;
const CUSTOMER_STATE_SQL = customerStateSql('null::json', false);
const CUSTOMER_STATE_WITH_MENU_SQL = customerStateSql(pricedMenuSql('$2', '$4'), false);
const CUSTOMER_STATE_BY_SESSION_SQL = customerStateSql(pricedMenuSql('$2', '$4'), true);

/**
 * Whose state to read: a user id, or the user behind a session token hash (see SessionRow; that
 * form always reads the order menu too, it serves placing an order only).
 */
export type CustomerKey = number | { sessionHash: string; now: Date };

/**
 * The customer, their location's shifts, the subsidy their orders on `menuId` already use and
 * the order already placed with `idempotencyKey`, in one prepared query. `version` is the user
 * row's xmin as text: every order and every give-back updates that row, so an unchanged version
 * means bonus, subsidy used and the idempotent order are still as read (ordering.persist.ts).
 */
export async function loadCustomerState(
  /** The app's database, or `{ $client }` of a transaction's connection (the order path's release, ordering.persist.ts). */
  db: { $client: Pick<Db['$client'], 'query'> | PoolClient },
  who: CustomerKey,
  menuId: number | null,
  idempotencyKey: string | null,
  stockDishIds: number[] = [],
  /** Also read the menu for placing an order (`pricedMenuSql`, the named dishes; needs menuId). */
  withOrderMenu = false,
): Promise<{
  customer: Customer;
  version: string;
  subsidyUsedCents: number;
  /** The customer's unpaid (status 1) card/bank orders on the menu, still holding stock and subsidy. */
  unpaidOrderIds: number[];
  /** The subsidy those unpaid orders hold (a new order releases them, so it is not used for the next one). */
  subsidyHeldCents: number;
  existingOrderId: number | null;
  /**
   * The employer's budget on the menu's period (null: no rule, or no menu), as read: `used`
   * counts the customer's unpaid orders on the menu too (see budgetHeldCents).
   */
  budget: BudgetState | null;
  /** The budget those unpaid orders hold (a new order of the customer releases them). */
  budgetHeldCents: number;
  /** The customer's default cost centre (users.cost_centre_id, only while active and of their company) and their company (the location's registration number). */
  costCentreId: number | null;
  companyRegistration: string | null;
  stock: Map<number, number | null>;
  orderMenu: PricedMenuJson | null;
  /** With a session key: the session as completeSignIn needs it. */
  session: SessionRow | null;
} | null> {
  const res = await db.$client.query<{
    id: number;
    version: string;
    email: string;
    first_name: string;
    phone: string;
    role: Customer['role'];
    active: boolean;
    bonus_cents: number;
    avoided_allergens: number[];
    diets: string[];
    location_id: number | null;
    location_title: string | null;
    subsidy_cents: number | null;
    full_subsidy: boolean | null;
    disable_cash: boolean | null;
    shifts: { id: number; title: string }[] | null;
    subsidy_used: number;
    unpaid: { ids: number[] | null; subsidy: number; budget: number };
    budget: BudgetRowJson | null;
    cost_centre_id: number | null;
    registration_number: string | null;
    existing_id: number | null;
    stock: [number, number | null][] | null;
    order_menu: PricedMenuJson | null;
    session_id?: number;
    session_remember?: boolean;
    session_last_seen_at?: Date;
    session_expires_at?: Date;
    user_location_id?: number | null;
    is_location_manager?: boolean;
  }>(
    typeof who === 'number'
      ? {
          name: withOrderMenu && menuId !== null ? 'customer-state-order' : 'customer-state',
          text: withOrderMenu && menuId !== null ? CUSTOMER_STATE_WITH_MENU_SQL : CUSTOMER_STATE_SQL,
          values: [who, menuId ?? 0, idempotencyKey ?? '', pgIntArray(stockDishIds)],
        }
      : {
          name: 'customer-state-by-session',
          text: CUSTOMER_STATE_BY_SESSION_SQL,
          values: [who.sessionHash, menuId ?? 0, idempotencyKey ?? '', pgIntArray(stockDishIds), who.now],
        },
  );
  const r = res.rows[0];
  if (!r) return null;
  return {
    customer: {
      id: r.id,
      email: r.email,
      firstName: r.first_name,
      phone: r.phone,
      role: r.role,
      active: r.active,
      bonusCents: r.bonus_cents,
      avoidedAllergens: r.avoided_allergens,
      diets: profileDietsOf(r.diets),
      location:
        r.location_id === null
          ? null
          : {
              id: r.location_id,
              title: r.location_title!,
              subsidyCents: r.subsidy_cents!,
              fullSubsidy: r.full_subsidy!,
              disableCash: r.disable_cash!,
            },
      shifts: r.shifts ?? [],
    },
    version: r.version,
    subsidyUsedCents: menuId === null ? 0 : r.subsidy_used,
    unpaidOrderIds: menuId === null ? [] : (r.unpaid.ids ?? []),
    subsidyHeldCents: menuId === null ? 0 : r.unpaid.subsidy,
    existingOrderId: idempotencyKey ? r.existing_id : null,
    budget: menuId === null ? null : budgetFromJson(r.budget),
    budgetHeldCents: menuId === null ? 0 : r.unpaid.budget,
    costCentreId: r.cost_centre_id,
    companyRegistration: r.registration_number || null,
    /** Stock of the asked dishes on the menu (only dishes with a balance row). */
    stock: new Map(r.stock ?? []),
    orderMenu: r.order_menu,
    session:
      r.session_id === undefined
        ? null
        : {
            sessionId: r.session_id,
            remember: r.session_remember!,
            lastSeenAt: r.session_last_seen_at!,
            expiresAt: r.session_expires_at!,
            id: r.id,
            email: r.email,
            role: r.role,
            firstName: r.first_name,
            locationId: r.user_location_id ?? null,
            isLocationManager: r.is_location_manager!,
            active: r.active,
          },
  };
}

/** What the customer query read (see loadCustomerState). */
export type CustomerState = NonNullable<Awaited<ReturnType<typeof loadCustomerState>>>;

/**
 * Subsidy is granted per user per menu: the location's amount, less what the user's other
 * pending or placed orders on the same menu already used.
 */
export function subsidyLeft(customer: Customer, usedCents: number): number {
  return Math.max(0, (customer.location?.subsidyCents ?? 0) - usedCents);
}

export function presentUserData(customer: Customer | null, usedCents: number): UserData {
  if (!customer) return { bonus: 0, subsidy: 0, full_subsidy: false };
  return {
    bonus: toEuros(customer.bonusCents),
    subsidy: toEuros(subsidyLeft(customer, usedCents)),
    full_subsidy: customer.location?.fullSubsidy ?? false,
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { toEuros } from '../../../shared/money.js';
import type { BudgetPeriod } from '../../../shared/schemas/budget-rules.js';
import type { SpendAnswer } from '../../../shared/schemas/spend.js';
import type { Db } from '../../db/client.js';

/** The first and last day of a "yyyy-mm" month. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The month's placed orders (status 2) of one location or of all, by the menu's day in its
 * provider's zone. Sized for millions of orders: the month's menus are found first (a few dozen
 * per provider; the range on "from" with a day's margin either side lets the zone's day be
 * checked on those only), then the orders by (location_id, menu_id) through
 * orders_location_menu_idx, or by menu through orders_menu_lines_idx for all locations. Decision 074
 * records the plan.
 */
export function monthOrders(month: string, locationId: number | null): SQL {
  const { from, to } = monthDays(month);
  return sql`orders o where o.status = 2
    and o.menu_id in (
      select m.id from menus m join providers p on p.id = m.provider_id
      where m."from" >= ${from}::date - 1 and m."from" < ${to}::date + 2
        and (m."from" at time zone p.timezone)::date between ${from}::date and ${to}::date)
    ${locationId === null ? sql`` : sql`and o.location_id = ${locationId}`}`;
}

type GroupRow = {
  cost_centre_id: number | null;
  kind: 'own' | 'meeting' | 'guest';
  n: number;
  amount: string;
  subsidy: string;
  budget: string;
  bonus: string;
  paid: string;
};
type PersonRow = {
  user_id: number;
  first_name: string;
  email: string;
  n: number;
  amount: string;
  budget: string;
  period: BudgetPeriod | null;
  rule_cents: number | null;
};

type Figures = Omit<SpendAnswer, 'month' | 'location' | 'names_visible'>;

/** The spend page's figures; `people` only when names may be shown (else none are read). */
export async function spendFigures(db: Db, q: { month: string; locationId: number | null; withPeople: boolean }): Promise<Figures> {
  const from = monthOrders(q.month, q.locationId);
  const groups = (
    await db.execute<GroupRow>(sql`
      select o.cost_centre_id, o.kind, count(*)::int as n, sum(o.amount_cents)::bigint as amount,
        sum(o.subsidy_cents)::bigint as subsidy, sum(o.budget_cents)::bigint as budget,
        sum(o.bonus_cents)::bigint as bonus, sum(o.amount_to_pay_cents)::bigint as paid
      from ${from}
      group by o.cost_centre_id, o.kind`)
  ).rows;

  const totals = { orders: 0, food: 0, subsidy: 0, budget: 0, bonus: 0, paid: 0, companyOrders: 0, company: 0 };
  const meetings = { meeting: { count: 0, cents: 0 }, guest: { count: 0, cents: 0 } };
  const centres = new Map<number | null, { orders: number; amount: number; budget: number; company: number }>();
  for (const g of groups) {
    const amount = Number(g.amount);
    const c = centres.get(g.cost_centre_id) ?? { orders: 0, amount: 0, budget: 0, company: 0 };
    c.orders += g.n;
    c.amount += amount;
    if (g.kind === 'own') {
      totals.orders += g.n;
      totals.food += amount;
      totals.subsidy += Number(g.subsidy);
      totals.budget += Number(g.budget);
      totals.bonus += Number(g.bonus);
      totals.paid += Number(g.paid);
      c.budget += Number(g.budget);
    } else {
      totals.companyOrders += g.n;
      totals.company += amount;
      meetings[g.kind].count += g.n;
      meetings[g.kind].cents += amount;
      c.company += amount;
    }
    centres.set(g.cost_centre_id, c);
  }

  const ids = [...centres.keys()].filter((id): id is number => id !== null);
  const titles = ids.length
    ? (
        await db.execute<{ id: number; code: string; title: string }>(
          sql`select id, code, title from cost_centres where id = any(${`{${ids.join(',')}}`}::int[])`,
        )
      ).rows
    : [];
  const titleOf = new Map(titles.map((r) => [r.id, r]));
  const costCentres = [...centres.entries()]
    .map(([id, c]) => ({
      id,
      code: id === null ? '' : (titleOf.get(id)?.code ?? ''),
      title: id === null ? '' : (titleOf.get(id)?.title ?? ''),
      orders: c.orders,
      amount: toEuros(c.amount),
      budget_used: toEuros(c.budget),
      company_amount: toEuros(c.company),
    }))
    // By code; the orders without a cost centre last.
    .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.code.localeCompare(b.code) || a.id - b.id));

  const people = q.withPeople
    ? (
        await db.execute<PersonRow>(sql`
          select u.id as user_id, u.first_name, u.email, s.n, s.amount, s.budget,
            case when gr.id is not null then gr.period else lr.period end as period,
            case when gr.id is not null then gr.amount_cents else lr.amount_cents end as rule_cents
          from (
            select o.user_id, count(*)::int as n, sum(o.amount_cents)::bigint as amount, sum(o.budget_cents)::bigint as budget
            from ${from} and o.kind = 'own'
            group by o.user_id) s
          join users u on u.id = s.user_id
          left join budget_rules gr on gr.group_id = u.group_id
          left join budget_rules lr on lr.location_id = u.location_id and lr.group_id is null
          order by lower(u.first_name), lower(u.email), u.id`)
      ).rows.map((r) => ({
        user_id: r.user_id,
        name: r.first_name,
        email: r.email,
        orders: r.n,
        amount: toEuros(Number(r.amount)),
        budget_used: toEuros(Number(r.budget)),
        budget: r.period === null || r.rule_cents === null ? null : { period: r.period, amount: toEuros(r.rule_cents) },
      }))
    : [];

  return {
    totals: {
      orders: totals.orders,
      food_value: toEuros(totals.food),
      subsidy: toEuros(totals.subsidy),
      budget_used: toEuros(totals.budget),
      bonus: toEuros(totals.bonus),
      paid_by_eaters: toEuros(totals.paid),
      company_orders: totals.companyOrders,
      company_amount: toEuros(totals.company),
    },
    cost_centres: costCentres,
    people,
    meetings: {
      meeting: { count: meetings.meeting.count, amount: toEuros(meetings.meeting.cents) },
      guest: { count: meetings.guest.count, amount: toEuros(meetings.guest.cents) },
    },
  };
}

/**
 * The employer's budget of one person on one menu (issue 29, decision 073): the rule that applies
 * (their group's, else their location's, else none), the period the menu's day falls in (day, ISO
 * week Monday–Sunday, calendar month; the day in Europe/Riga) and what their placed and pending
 * orders in that period already used. The order path reads it inside its customer query
 * (`budgetStateSql`, the same round trip); `budgetFor` reads it alone.
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { toEuros } from '../../../shared/money.js';
import type { BudgetStateJson } from '../../../shared/schemas/ordering.js';
import type { Db, Tx } from '../../db/client.js';

export type BudgetPeriod = 'day' | 'week' | 'month';

/** The zone a menu's day is taken in (the rules of the money: by the menu's day, Europe/Riga). */
export const BUDGET_ZONE = 'Europe/Riga';

export interface BudgetState {
  ruleId: number;
  period: BudgetPeriod;
  /** ISO days, inclusive. */
  from: string;
  to: string;
  amountCents: number;
  capCents: number | null;
  blocking: boolean;
  usedCents: number;
  leftCents: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The first and last day (inclusive, ISO) of the period `day` (yyyy-mm-dd) falls in. */
export function periodBounds(day: string, period: BudgetPeriod): { from: string; to: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (period === 'day') return { from: day, to: day };
  if (period === 'month') return { from: isoDay(new Date(Date.UTC(y, m - 1, 1))), to: isoDay(new Date(Date.UTC(y, m, 0))) };
  const date = new Date(Date.UTC(y, m - 1, d));
  // ISO week: Monday is its first day (getUTCDay: Sunday 0).
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return { from: isoDay(monday), to: isoDay(new Date(monday.getTime() + 6 * 86_400_000)) };
}

/** The menu's day: its start's calendar day in Europe/Riga. */
export function menuDay(from: Date): string {
  return DateTime.fromJSDate(from, { zone: BUDGET_ZONE }).toISODate()!;
}

/**
 * An SQL expression (json, or null without a rule or menu) of the budget of the user row `u`
 * (its id, location_id and group_id) on the menu `menuParam` (e.g. `$2::int`): the rule, the
 * period's bounds and `used`, the budget part of the user's orders with status 1 or 2 whose menu's
 * day is in the period. The group's rule sorts before the location's. Without a rule it costs one
 * index look-up of budget_rules; the period's orders are read only with one.
 */
export function budgetStateSql(menuParam: string): string {
  return `(select json_build_object('rule_id', br.id, 'period', br.period, 'from', pb.f, 'to', pb.t,
      'amount', br.amount_cents, 'cap', br.cap_cents, 'blocking', br.blocking,
      'used', (select coalesce(sum(bo.budget_cents), 0) from orders bo join menus bom on bom.id = bo.menu_id
        where bo.user_id = u.id and bo.status in (1, 2)
          and bom."from" >= pb.f::timestamp at time zone '${BUDGET_ZONE}'
          and bom."from" < (pb.t + 1)::timestamp at time zone '${BUDGET_ZONE}'))
    from menus bm
      join budget_rules br on br.location_id = u.location_id and (br.group_id is null or br.group_id = u.group_id)
      cross join lateral (select (bm."from" at time zone '${BUDGET_ZONE}')::date as d) md
      cross join lateral (select case br.period when 'day' then md.d when 'week' then date_trunc('week', md.d::timestamp)::date
        else date_trunc('month', md.d::timestamp)::date end as f) pf
      cross join lateral (select pf.f, case br.period when 'day' then pf.f when 'week' then pf.f + 6
        else (pf.f + interval '1 month')::date - 1 end as t) pb
    where bm.id = ${menuParam}
    order by br.group_id is null
    limit 1)`;
}

/** The json `budgetStateSql` answers. */
export interface BudgetRowJson {
  rule_id: number;
  period: BudgetPeriod;
  from: string;
  to: string;
  amount: number;
  cap: number | null;
  blocking: boolean;
  used: number;
}

/** The state from `budgetStateSql`'s json; `releasedCents`: budget of orders the next order releases (not used for it). */
export function budgetFromJson(j: BudgetRowJson | null, releasedCents = 0): BudgetState | null {
  if (!j) return null;
  const usedCents = Math.max(0, j.used - releasedCents);
  return {
    ruleId: j.rule_id,
    period: j.period,
    from: j.from,
    to: j.to,
    amountCents: j.amount,
    capCents: j.cap,
    blocking: j.blocking,
    usedCents,
    leftCents: Math.max(0, j.amount - usedCents),
  };
}

/** The budget of the user on the menu (null: no rule applies, or no such user or menu). */
export async function budgetFor(db: Db | Tx, userId: number, menuId: number): Promise<BudgetState | null> {
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(menuId)) return null;
  // Both are integers (checked): inlined, so a transaction runs it as well as the pool.
  const res = await db.execute<{ budget: BudgetRowJson | null }>(
    sql.raw(`select ${budgetStateSql(`${menuId}::int`)} as budget from users u where u.id = ${userId}::int`),
  );
  return budgetFromJson(res.rows[0]?.budget ?? null);
}

/** The budgets of several users on the menu, by user id (users without a rule are absent): one query. */
export async function budgetsFor(db: Db | Tx, userIds: number[], menuId: number): Promise<Map<number, BudgetState>> {
  const out = new Map<number, BudgetState>();
  const ids = userIds.filter(Number.isSafeInteger);
  if (ids.length === 0 || !Number.isSafeInteger(menuId)) return out;
  const res = await db.execute<{ id: number; budget: BudgetRowJson | null }>(
    sql.raw(`select u.id, ${budgetStateSql(`${menuId}::int`)} as budget from users u where u.id in (${ids.join(',')})`),
  );
  for (const r of res.rows) {
    const b = budgetFromJson(r.budget);
    if (b) out.set(r.id, b);
  }
  return out;
}

/** The API's form (euros, snake case). */
export function presentBudget(b: BudgetState | null): BudgetStateJson | null {
  if (!b) return null;
  return {
    rule_id: b.ruleId,
    period: b.period,
    from: b.from,
    to: b.to,
    amount: toEuros(b.amountCents),
    cap: b.capCents === null ? null : toEuros(b.capCents),
    blocking: b.blocking,
    used: toEuros(b.usedCents),
    left: toEuros(b.leftCents),
  };
}

/**
 * Budgets in the order rush (issue 29, decision 073): placed-every-order rushes with the
 * location's budget rule active and without it, alternating in one run (without, with, with,
 * without, ...) on fresh menus and fresh customers, so the machine's load hits both alike.
 * With the rule every order reads the rule and the period's orders in its customer query and
 * writes a budget part and a 'budget' ledger entry. Answers the ratio of the means.
 */
import { eq } from 'drizzle-orm';
import { budgetRules } from '../src/server/db/schema/index.js';
import type { RushCheck } from './rush-kit.js';
import { runRush } from './rush-kit.js';
import { say } from './support.js';

type Db = Parameters<typeof import('./rush-kit.js').seedRush>[0];

export async function budgetComparison(o: {
  db: Db;
  base: string;
  /** Fresh customers: rounds x 2 x perRush of them. */
  tokens: string[];
  items: Parameters<typeof runRush>[0]['items'];
  makeMenu(title: string, stock: number): Promise<{ id: number }>;
  locationId: number;
  rounds: number;
  perRush: number;
  concurrency: number;
  check(title: string, menuId: number, rush: Awaited<ReturnType<typeof runRush>>, stock: number): Promise<RushCheck>;
}): Promise<{ without: number; with: number; ratio: number; ok: boolean }> {
  const rates = { without: [] as number[], with: [] as number[] };
  let ok = true;
  let next = 0;
  say(`\nBudgets: ${o.rounds} pairs of every-order-placed rushes (${o.perRush} customers each), without and with a month budget rule:`);
  for (let round = 0; round < o.rounds; round++) {
    for (const active of round % 2 === 0 ? [false, true] : [true, false]) {
      await o.db.delete(budgetRules).where(eq(budgetRules.locationId, o.locationId));
      // Blocking, large enough that every order is placed and covered by the budget after the subsidy.
      if (active)
        await o.db.insert(budgetRules).values({ locationId: o.locationId, period: 'month', amountCents: 1_000_000, blocking: true });
      const menu = await o.makeMenu(`Budget rush ${round + 1} ${active ? 'with' : 'without'}`, o.perRush);
      const rush = await runRush({
        base: o.base,
        tokens: o.tokens.slice(next, next + o.perRush),
        menuId: menu.id,
        items: o.items,
        concurrency: o.concurrency,
      });
      next += o.perRush;
      const checked = await o.check(`[${round + 1}] every order placed, budget ${active ? 'active' : 'none'}`, menu.id, rush, o.perRush);
      ok &&= checked.ok;
      rates[active ? 'with' : 'without'].push(checked.placedPerSecond);
    }
  }
  await o.db.delete(budgetRules).where(eq(budgetRules.locationId, o.locationId));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const without = mean(rates.without);
  const withBudget = mean(rates.with);
  const ratio = withBudget / without;
  say(`  placed/s mean without ${without.toFixed(0)}, with ${withBudget.toFixed(0)}: ratio ${ratio.toFixed(3)} (target >= 0.90)`);
  return { without, with: withBudget, ratio, ok };
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { toCents, toEuros } from '../../../shared/money.js';
import type { z } from 'zod';
import type { BudgetRule, BudgetRuleList, budgetRuleInput } from '../../../shared/schemas/budget-rules.js';
import type { Tx } from '../../db/client.js';
import { budgetRules, locationGroups } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { budgetsAdminText } from './budgets-admin.messages.js';
import type { AdminCtx } from './groups.service.js';
import { managedLocation } from './scope.js';

type RuleRow = typeof budgetRules.$inferSelect;
type RuleInput = z.output<typeof budgetRuleInput>;

export const presentRule = (r: RuleRow): BudgetRule => ({
  id: r.id,
  location_id: r.locationId,
  group_id: r.groupId,
  period: r.period,
  amount: toEuros(r.amountCents),
  cap: r.capCents === null ? null : toEuros(r.capCents),
  blocking: r.blocking,
});

/** The fields an audit entry shows of a rule (cents, as stored). */
const audited = (r: Pick<RuleRow, 'groupId' | 'period' | 'amountCents' | 'capCents' | 'blocking'>) => ({
  group_id: r.groupId,
  period: r.period,
  amount_cents: r.amountCents,
  cap_cents: r.capCents,
  blocking: r.blocking,
});

const scopeOf = (locationId: number, groupId: number | null) =>
  and(eq(budgetRules.locationId, locationId), groupId === null ? isNull(budgetRules.groupId) : eq(budgetRules.groupId, groupId));

/** GET /app/locations/{id}/budget-rules: the location's rule first, then its groups' rules. */
export async function listRules(ctx: AdminCtx, locationId: number): Promise<BudgetRuleList> {
  const location = await managedLocation(ctx.db, ctx.user, locationId);
  const rows = await ctx.db
    .select()
    .from(budgetRules)
    .where(eq(budgetRules.locationId, location.id))
    .orderBy(sql`${budgetRules.groupId} asc nulls first`, asc(budgetRules.id));
  return { data: rows.map(presentRule) };
}

async function checkGroup(tx: Tx, locationId: number, groupId: number | null) {
  if (groupId === null) return;
  const [group] = await tx.select({ locationId: locationGroups.locationId }).from(locationGroups).where(eq(locationGroups.id, groupId));
  if (!group) throw fieldError(t.coded('invalid'), { group_id: [budgetsAdminText.coded('groupNotFound')] });
  if (group.locationId !== locationId) throw fieldError(t.coded('invalid'), { group_id: [budgetsAdminText.coded('groupOfOtherLocation')] });
}

/**
 * PUT /app/locations/{id}/budget-rules: sets the rule of one scope (the location, or one of its
 * groups), creating or replacing it. A cap above the amount could never be reached (the period's
 * budget is spent first), so it is refused on the field.
 */
export async function setRule(
  ctx: AdminCtx,
  { locationId, input, who }: { locationId: number; input: RuleInput; who: AuditWho },
): Promise<{ rule: BudgetRule; created: boolean }> {
  const location = await managedLocation(ctx.db, ctx.user, locationId);
  const values = {
    groupId: input.group_id,
    period: input.period,
    amountCents: toCents(input.amount),
    capCents: input.cap === null ? null : toCents(input.cap),
    blocking: input.blocking,
  };
  if (values.capCents !== null && values.capCents > values.amountCents)
    throw fieldError(t.coded('invalid'), { cap: [budgetsAdminText.coded('capOverAmount')] });
  return ctx.db.transaction(async (tx) => {
    await checkGroup(tx, location.id, values.groupId);
    const [old] = await tx.select().from(budgetRules).where(scopeOf(location.id, values.groupId)).for('update');
    const [row] = old
      ? await tx
          .update(budgetRules)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(budgetRules.id, old.id))
          .returning()
      : // A race of two first saves of one scope: the unique index answers the second 409.
        await tx
          .insert(budgetRules)
          .values({ locationId: location.id, ...values })
          .returning();
    await recordAudit(tx, who, {
      action: 'budget_rule.set',
      entityType: 'budget_rule',
      entityId: row!.id,
      before: old ? audited(old) : null,
      after: { location_id: location.id, ...audited(row!) },
    });
    return { rule: presentRule(row!), created: !old };
  });
}

/** DELETE /app/locations/{id}/budget-rules?group_id=: removes the rule of that scope (404 when none). */
export async function deleteRule(
  ctx: AdminCtx,
  { locationId, groupId, who }: { locationId: number; groupId: number | null; who: AuditWho },
): Promise<BudgetRule> {
  const location = await managedLocation(ctx.db, ctx.user, locationId);
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx.delete(budgetRules).where(scopeOf(location.id, groupId)).returning();
    if (!old) throw new AppError(404, budgetsAdminText.coded('ruleNotFound'));
    await recordAudit(tx, who, {
      action: 'budget_rule.delete',
      entityType: 'budget_rule',
      entityId: old.id,
      before: { location_id: location.id, ...audited(old) },
    });
    return presentRule(old);
  });
}

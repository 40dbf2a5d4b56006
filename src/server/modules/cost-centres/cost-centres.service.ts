import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  CostCentre,
  CostCentreList,
  CreateCostCentreInput,
  RemoveCostCentreResult,
  UpdateCostCentreInput,
} from '../../../shared/schemas/cost-centres.js';
import type { Db, Tx } from '../../db/client.js';
import { costCentres, locations, orders, visitorLinks } from '../../db/schema/index.js';
import { recordAudit, type AuditWho } from '../../lib/audit.js';
import type { AuthUser, UserContext } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { costCentresText } from './cost-centres.messages.js';

/*
 * A company's cost centres (issue 29, decision 075). Who: an administrator for any company; a
 * location manager for their own location's company (another company's cost centres answer 404,
 * as if they did not exist); kitchen staff read them (to change an order's cost centre) but do not
 * edit them; other users are refused (403).
 */

export type CostCentresCtx = Pick<UserContext, 'db' | 'user'>;
type Row = typeof costCentres.$inferSelect;

const isManager = (u: AuthUser) => u.role === 'customer' && u.isLocationManager && u.locationId !== null;

/** The manager's own company's registration number ('' when the location has none). */
async function ownCompany(db: Db | Tx, user: AuthUser): Promise<string> {
  const [row] = await db.select({ reg: locations.registrationNumber }).from(locations).where(eq(locations.id, user.locationId!));
  return row?.reg ?? '';
}

/** The company's name as its locations give it (the first non-empty), or 404 when no location has the number. */
async function companyName(db: Db | Tx, registration: string): Promise<string> {
  const rows = await db
    .select({ name: locations.companyName })
    .from(locations)
    .where(eq(locations.registrationNumber, registration))
    .orderBy(desc(sql`${locations.companyName} <> ''`), asc(locations.id))
    .limit(1);
  if (!rows[0]) throw new AppError(404, costCentresText.coded('unknownCompany'));
  return rows[0].name;
}

/**
 * The company a caller asks for: `company` (a registration number), or the company of
 * `locationId`; a manager may name neither (their own) and nothing else (404).
 */
export async function companyScope(
  ctx: CostCentresCtx,
  q: { company?: string; location_id?: number },
  { write }: { write: boolean },
): Promise<{ registration: string; name: string }> {
  const { db, user } = ctx;
  let wanted = q.company;
  if (wanted === undefined && q.location_id !== undefined) {
    const [loc] = await db.select({ reg: locations.registrationNumber }).from(locations).where(eq(locations.id, q.location_id));
    if (!loc) throw new AppError(404, t.coded('notFound'));
    if (!loc.reg) throw new AppError(404, costCentresText.coded('noCompany'));
    wanted = loc.reg;
  }
  if (user.role === 'admin' || (user.role === 'kitchen' && !write)) {
    if (wanted === undefined) throw fieldError(t.coded('invalid'), { company: [t.coded('required')] });
    return { registration: wanted, name: await companyName(db, wanted) };
  }
  if (!isManager(user)) throw new AppError(403, costCentresText.coded('notAllowed'));
  const own = await ownCompany(db, user);
  if (!own) throw new AppError(404, costCentresText.coded('noCompany'));
  if (wanted !== undefined && wanted !== own) throw new AppError(404, t.coded('notFound'));
  return { registration: own, name: await companyName(db, own) };
}

/** A cost centre the caller may edit (admin: any; manager: their company's; else 404 or 403). */
async function editable(ctx: CostCentresCtx, tx: Tx, id: number): Promise<Row> {
  const { user } = ctx;
  if (user.role !== 'admin' && !isManager(user)) throw new AppError(403, costCentresText.coded('notAllowed'));
  const [row] = await tx.select().from(costCentres).where(eq(costCentres.id, id)).for('update');
  if (!row) throw new AppError(404, t.coded('notFound'));
  if (user.role !== 'admin' && row.companyRegistration !== (await ownCompany(tx, user))) throw new AppError(404, t.coded('notFound'));
  return row;
}

const ordersOf = sql<number>`(select count(*)::int from ${orders} o where o.cost_centre_id = "cost_centres"."id")`;

function present(row: Row, orderCount: number): CostCentre {
  return { id: row.id, code: row.code, title: row.title, active: row.active, orders: orderCount };
}

async function presentOne(db: Db | Tx, row: Row): Promise<CostCentre> {
  const [n] = await db.select({ n: ordersOf }).from(costCentres).where(eq(costCentres.id, row.id));
  return present(row, n?.n ?? 0);
}

/** The code is free in the company (case-insensitive), else 422 on `code`. */
async function codeFree(tx: Tx, registration: string, code: string, except?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: costCentres.id })
    .from(costCentres)
    .where(and(eq(costCentres.companyRegistration, registration), sql`lower(${costCentres.code}) = lower(${code})`));
  if (taken && taken.id !== except) throw fieldError(t.coded('invalid'), { code: [costCentresText.coded('codeTaken')] });
}

/** GET /app/cost-centres */
export async function listCostCentres(ctx: CostCentresCtx, q: { company?: string; location_id?: number }): Promise<CostCentreList> {
  const company = await companyScope(ctx, q, { write: false });
  const rows = await ctx.db
    .select({ row: costCentres, orders: ordersOf })
    .from(costCentres)
    .where(eq(costCentres.companyRegistration, company.registration))
    .orderBy(desc(costCentres.active), asc(sql`lower(${costCentres.code})`), asc(costCentres.id));
  return { company, data: rows.map((r) => present(r.row, r.orders)) };
}

/** POST /app/cost-centres */
export async function createCostCentre(ctx: CostCentresCtx, { input, who }: { input: CreateCostCentreInput; who: AuditWho }) {
  const company = await companyScope(ctx, { company: input.company }, { write: true });
  return ctx.db.transaction(async (tx) => {
    // One writer per company at a time, so two parallel creates cannot both pass the code check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cost-centres:${company.registration}`}))`);
    await codeFree(tx, company.registration, input.code);
    const [row] = await tx
      .insert(costCentres)
      .values({ companyRegistration: company.registration, code: input.code, title: input.title })
      .returning();
    await recordAudit(tx, who, {
      action: 'cost_centre.create',
      entityType: 'cost_centre',
      entityId: row!.id,
      after: { company: company.registration, code: row!.code, title: row!.title },
    });
    return present(row!, 0);
  });
}

/** PUT /app/cost-centres/{id}: code, title and whether it is active. */
export async function updateCostCentre(
  ctx: CostCentresCtx,
  { id, input, who }: { id: number; input: UpdateCostCentreInput; who: AuditWho },
) {
  return ctx.db.transaction(async (tx) => {
    const old = await editable(ctx, tx, id);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cost-centres:${old.companyRegistration}`}))`);
    await codeFree(tx, old.companyRegistration, input.code, id);
    const [row] = await tx
      .update(costCentres)
      .set({ code: input.code, title: input.title, active: input.active })
      .where(eq(costCentres.id, id))
      .returning();
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const k of ['code', 'title', 'active'] as const)
      if (old[k] !== row![k]) {
        before[k] = old[k];
        after[k] = row![k];
      }
    if (Object.keys(after).length)
      await recordAudit(tx, who, { action: 'cost_centre.update', entityType: 'cost_centre', entityId: id, before, after });
    return presentOne(tx, row!);
  });
}

/**
 * DELETE /app/cost-centres/{id}: deleted when no order or visitor link refers to it (users who had it
 * as their default lose it); else deactivated (kept, so what was booked to it keeps its code).
 */
export async function removeCostCentre(ctx: CostCentresCtx, { id, who }: { id: number; who: AuditWho }): Promise<RemoveCostCentreResult> {
  return ctx.db.transaction(async (tx) => {
    const old = await editable(ctx, tx, id);
    const [used] = await tx
      .execute<{ used: boolean }>(
        sql`select
      exists (select 1 from ${orders} where cost_centre_id = ${id})
      or exists (select 1 from ${visitorLinks} where cost_centre_id = ${id}) as used`,
      )
      .then((r) => r.rows);
    if (!used?.used) {
      await tx.delete(costCentres).where(eq(costCentres.id, id));
      await recordAudit(tx, who, {
        action: 'cost_centre.delete',
        entityType: 'cost_centre',
        entityId: id,
        before: { code: old.code, title: old.title, active: old.active },
      });
      return { deleted: true, cost_centre: null };
    }
    const [row] = await tx.update(costCentres).set({ active: false }).where(eq(costCentres.id, id)).returning();
    if (old.active)
      await recordAudit(tx, who, {
        action: 'cost_centre.update',
        entityType: 'cost_centre',
        entityId: id,
        before: { active: true },
        after: { active: false },
      });
    return { deleted: false, cost_centre: await presentOne(tx, row!) };
  });
}

import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { costCentres, locations } from '../../db/schema/index.js';

/*
 * The cost centres read model (issue 29, decision 075): what other modules (the order path,
 * meetings, visitors) read of a company's cost centres.
 */

/** The registration number of a location's company ('' without one, null for no such location). */
export async function companyOfLocation(db: Db | Tx, locationId: number): Promise<string | null> {
  const [row] = await db.select({ reg: locations.registrationNumber }).from(locations).where(eq(locations.id, locationId));
  return row ? row.reg : null;
}

/** The active cost centres of the location's company, by code; [] without a registration number. */
export async function costCentresFor(db: Db | Tx, locationId: number): Promise<{ id: number; code: string; title: string }[]> {
  const company = await companyOfLocation(db, locationId);
  if (!company) return [];
  return db
    .select({ id: costCentres.id, code: costCentres.code, title: costCentres.title })
    .from(costCentres)
    .where(and(eq(costCentres.companyRegistration, company), eq(costCentres.active, true)))
    .orderBy(asc(costCentres.code), asc(costCentres.id));
}

/** The cost centre `id` when it is an active one of the location's company, else null. */
export async function activeCostCentreAt(
  db: Db | Tx,
  locationId: number,
  id: number,
): Promise<{ id: number; code: string; title: string } | null> {
  const [row] = await db
    .select({ id: costCentres.id, code: costCentres.code, title: costCentres.title })
    .from(costCentres)
    .innerJoin(locations, eq(locations.registrationNumber, costCentres.companyRegistration))
    .where(and(eq(costCentres.id, id), eq(costCentres.active, true), eq(locations.id, locationId)))
    .limit(1);
  return row ?? null;
}

import type { Db } from '../../db/client.js';
import { costCentres } from '../../db/schema/index.js';
import { menuWorld } from '../ordering/ordering.factories.js';
import { teamWorld } from '../teams/teams.factories.js';

/**
 * A location that hosts visitors (limit 10.00 €, company LV40000000001 with one cost centre), its
 * manager and a member, and an open menu (menuWorld: soup 3.00 stock 5, main 5.50, dessert 1.20, a set).
 */
export async function visitorWorld(db: Db, now: Date, limitCents = 1000) {
  const registrationNumber = `LV4${Math.floor(Math.random() * 1e10)}`;
  const team = await teamWorld(db, now, { meetingLimitCents: limitCents, registrationNumber, companyName: 'Birojs SIA' });
  const world = await menuWorld(db, now);
  const [centre] = await db.insert(costCentres).values({ companyRegistration: registrationNumber, code: 'IT', title: 'IT' }).returning();
  return { ...team, ...world, costCentre: centre! };
}

/*
 * Who may host visitors and what they host them with (decision 077): the location (a manager's
 * own; staff name one), the menu (open, before its deadline) and the cost centre (an active one of
 * the location's company).
 */
import { and, eq, sql } from 'drizzle-orm';
import { STAFF } from '../../../shared/roles.js';
import type { Db, Tx } from '../../db/client.js';
import { costCentres, locations, menus } from '../../db/schema/index.js';
import type { AuthUser } from '../../lib/context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { visitorsText } from './visitors.messages.js';

export interface HostLocation {
  id: number;
  title: string;
  registrationNumber: string;
  meetingLimitCents: number;
}

/** Staff, or a location manager: the only people who may host visitors. */
export const isHost = (user: AuthUser): boolean => STAFF.includes(user.role) || (user.isLocationManager && user.locationId !== null);

/**
 * The location a host orders for: a manager's own (naming another is a 403), the one staff name
 * (required). 403 for anyone else; 422 when the location orders no meetings or visitors.
 */
export async function hostLocation(db: Db | Tx, user: AuthUser, requested: number | null | undefined): Promise<HostLocation> {
  if (!isHost(user)) throw new AppError(403, visitorsText.coded('notHost'));
  let locationId: number;
  if (STAFF.includes(user.role)) {
    if (!requested) throw fieldError(t.coded('invalid'), { location_id: [visitorsText.coded('locationRequired')] });
    locationId = requested;
  } else {
    if (requested && requested !== user.locationId) throw new AppError(403, visitorsText.coded('otherLocation'));
    locationId = user.locationId!;
  }
  const [row] = await db
    .select({
      id: locations.id,
      title: locations.title,
      registrationNumber: locations.registrationNumber,
      meetingLimitCents: locations.meetingLimitCents,
      status: locations.status,
    })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!row) throw fieldError(t.coded('invalid'), { location_id: [visitorsText.coded('locationNotFound')] });
  if (row.meetingLimitCents === null || !row.status) {
    throw fieldError(visitorsText.coded('noVisitors'), { location_id: [visitorsText.coded('noVisitors')] });
  }
  return { id: row.id, title: row.title, registrationNumber: row.registrationNumber, meetingLimitCents: row.meetingLimitCents };
}

/** The menu a visitor may be ordered for: published and before its deadline, else a 422 on menu_id. */
export async function openMenu(db: Db | Tx, menuId: number, now: Date): Promise<{ id: number; to: Date }> {
  const [menu] = await db.select({ id: menus.id, to: menus.to, status: menus.status }).from(menus).where(eq(menus.id, menuId));
  if (!menu || !menu.status || menu.to.getTime() <= now.getTime()) {
    throw fieldError(t.coded('invalid'), { menu_id: [visitorsText.coded('menuClosed')] });
  }
  return { id: menu.id, to: menu.to };
}

/** A cost centre the host may book a visitor on: an active one of the location's company (or none). */
export async function checkCostCentre(
  db: Db | Tx,
  location: HostLocation,
  costCentreId: number | null | undefined,
): Promise<number | null> {
  if (!costCentreId) return null;
  const [row] = await db
    .select({ id: costCentres.id })
    .from(costCentres)
    .where(
      and(
        eq(costCentres.id, costCentreId),
        eq(costCentres.active, true),
        sql`${costCentres.companyRegistration} = ${location.registrationNumber} and ${location.registrationNumber} <> ''`,
      ),
    );
  if (!row) throw fieldError(t.coded('invalid'), { cost_centre_id: [visitorsText.coded('costCentreInvalid')] });
  return row.id;
}

import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { pageOf, pageWindow, type ListQuery, type Paged } from '../../../shared/list-query.js';
import { toCents, toEuros } from '../../../shared/money.js';
import type {
  CreateLocationInput,
  Location,
  LocationAnswer,
  LocationByToken,
  StaffLocation,
  UpdateLocationInput,
} from '../../../shared/schemas/locations.js';
import type { Db, Tx } from '../../db/client.js';
import { locations, shifts, users } from '../../db/schema/index.js';
import { changedFields, recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { likePattern, orderTerms } from '../../lib/list-sql.js';
import { findInvitation } from '../teams/invitation-tokens.service.js';
import { locationText } from './locations.messages.js';
import { isoTime } from '../../lib/time.js';

export const LOCATION_SORTS = ['title', 'id', 'created_at', 'address', 'status', 'unconfirmed'] as const;
export type LocationListQuery = ListQuery<(typeof LOCATION_SORTS)[number], { status: boolean; unconfirmed: boolean }>;

/** A new invite-link token: 24 random bytes, base64url (32 characters). */
export function newLocationToken(): string {
  return randomBytes(24).toString('base64url');
}

type LocationRow = typeof locations.$inferSelect;
/** A location as this service presents it; the routes add `invite_url` (built from PUBLIC_URL) for admins. */
export type LocationCore = Omit<Location, 'invite_url'>;
type LocationCoreAnswer = Omit<LocationAnswer, 'invite_url'>;

// The outer column is spelled out: drizzle leaves columns unqualified in single-table selects.
const usersCount = sql<number>`(select count(*) from ${users} where ${users.locationId} = "locations"."id")`.mapWith(Number);

async function present(db: Db | Tx, rows: (LocationRow & { usersCount: number })[]): Promise<LocationCore[]> {
  if (rows.length === 0) return [];
  const shiftRows = await db
    .select()
    .from(shifts)
    .where(
      inArray(
        shifts.locationId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(shifts.position), asc(shifts.id));
  return rows.map((l) => ({
    id: l.id,
    title: l.title,
    address: l.address,
    city: l.city,
    postal_code: l.postalCode,
    country: l.country,
    contact_name: l.contactName,
    contact_email: l.contactEmail,
    contact_phone: l.contactPhone,
    profit: l.profit,
    full_subsidy: l.fullSubsidy,
    subsidy: toEuros(l.subsidyCents),
    status: l.status,
    unconfirmed: l.unconfirmed,
    disable_cash: l.disableCash,
    meeting_limit: l.meetingLimitCents === null ? null : toEuros(l.meetingLimitCents),
    company_name: l.companyName,
    registration_number: l.registrationNumber,
    vat_number: l.vatNumber,
    token: l.token,
    shifts: shiftRows.filter((s) => s.locationId === l.id).map((s) => ({ id: s.id, title: s.title })),
    users_count: l.usersCount,
    created_at: isoTime(l.createdAt),
  }));
}

/** Who reads: admins see the invite-link token, kitchen staff do not. */
export interface LocationViewer {
  seesToken: boolean;
}

function withoutToken(l: LocationCore): StaffLocation {
  const { token: _token, ...rest } = l;
  return rest;
}
const forViewer = (l: LocationCore, viewer: LocationViewer): LocationCoreAnswer => (viewer.seesToken ? l : withoutToken(l));

function selectLocation(db: Db | Tx) {
  return db.select({ ...locationColumns(), usersCount }).from(locations);
}
function locationColumns() {
  const {
    id,
    title,
    address,
    city,
    postalCode,
    country,
    contactName,
    contactEmail,
    contactPhone,
    profit,
    fullSubsidy,
    subsidyCents,
    status,
    unconfirmed,
    disableCash,
    companyName,
    registrationNumber,
    vatNumber,
    token,
    meetingLimitCents,
    createdAt,
  } = locations;
  return {
    id,
    title,
    address,
    city,
    postalCode,
    country,
    contactName,
    contactEmail,
    contactPhone,
    profit,
    fullSubsidy,
    subsidyCents,
    status,
    unconfirmed,
    disableCash,
    companyName,
    registrationNumber,
    vatNumber,
    token,
    meetingLimitCents,
    createdAt,
  };
}

export async function listLocations(db: Db, q: LocationListQuery, viewer: LocationViewer): Promise<Paged<LocationCoreAnswer>> {
  const p = q.search ? likePattern(q.search) : null;
  const where = and(
    q.filter.status === undefined ? undefined : eq(locations.status, q.filter.status),
    q.filter.unconfirmed === undefined ? undefined : eq(locations.unconfirmed, q.filter.unconfirmed),
    p
      ? or(
          sql`${locations.title} ilike ${p}`,
          sql`${locations.address} ilike ${p}`,
          sql`${locations.city} ilike ${p}`,
          sql`${locations.contactName} ilike ${p}`,
          sql`${locations.contactEmail} ilike ${p}`,
          sql`${locations.contactPhone} ilike ${p}`,
        )
      : undefined,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(locations)
    .where(where)) as [{ total: number }];
  const w = pageWindow(total, q.page, q.perPage);
  const order = orderTerms(
    q.sort,
    {
      title: sql`lower(${locations.title})`,
      id: locations.id,
      created_at: locations.createdAt,
      address: sql`lower(${locations.address})`,
      status: locations.status,
      unconfirmed: locations.unconfirmed,
    },
    [asc(sql`lower(${locations.title})`), asc(locations.id)],
  );
  let query = selectLocation(db)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (w.limit !== null) query = query.limit(w.limit).offset(w.offset);
  const data = (await present(db, await query)).map((l) => forViewer(l, viewer));
  return pageOf(data, total, q);
}

export async function getLocation(db: Db | Tx, id: number): Promise<LocationCore> {
  const rows = await selectLocation(db).where(eq(locations.id, id));
  if (!rows[0]) throw new AppError(404, t.coded('notFound'));
  return (await present(db, rows))[0]!;
}

/** One location as `viewer` may see it. */
export async function readLocation(db: Db, id: number, viewer: LocationViewer): Promise<LocationCoreAnswer> {
  return forViewer(await getLocation(db, id), viewer);
}

function locationValues(input: UpdateLocationInput): Partial<typeof locations.$inferInsert> {
  const set: Partial<typeof locations.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.address !== undefined) set.address = input.address;
  if (input.city !== undefined) set.city = input.city;
  if (input.postal_code !== undefined) set.postalCode = input.postal_code;
  if (input.country !== undefined) set.country = input.country;
  if (input.contact_name !== undefined) set.contactName = input.contact_name;
  if (input.contact_email !== undefined) set.contactEmail = input.contact_email;
  if (input.contact_phone !== undefined) set.contactPhone = input.contact_phone;
  if (input.profit !== undefined) set.profit = input.profit;
  if (input.full_subsidy !== undefined) set.fullSubsidy = input.full_subsidy;
  if (input.subsidy !== undefined) set.subsidyCents = toCents(input.subsidy);
  if (input.status !== undefined) set.status = input.status;
  if (input.unconfirmed !== undefined) set.unconfirmed = input.unconfirmed;
  if (input.disable_cash !== undefined) set.disableCash = input.disable_cash;
  if (input.meeting_limit !== undefined) set.meetingLimitCents = input.meeting_limit === null ? null : toCents(input.meeting_limit);
  if (input.company_name !== undefined) set.companyName = input.company_name;
  if (input.registration_number !== undefined) set.registrationNumber = input.registration_number;
  if (input.vat_number !== undefined) set.vatNumber = input.vat_number;
  return set;
}

/** Makes the location's shifts exactly the list: ids kept (renamed, reordered), new ones added, the rest removed. */
async function writeShifts(tx: Tx, locationId: number, list: NonNullable<UpdateLocationInput['shifts']>) {
  const own = new Set((await tx.select({ id: shifts.id }).from(shifts).where(eq(shifts.locationId, locationId))).map((s) => s.id));
  const errors: CodedFieldErrors = {};
  const seen = new Set<number>();
  list.forEach((s, i) => {
    if (s.id === undefined) return;
    if (!own.has(s.id)) errors[`shifts.${i}.id`] = [locationText.coded('unknownShift')];
    else if (seen.has(s.id)) errors[`shifts.${i}.id`] = [locationText.coded('duplicateShift')];
    seen.add(s.id);
  });
  if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
  const keep = list.map((s) => s.id).filter((id): id is number => id !== undefined);
  await tx.delete(shifts).where(and(eq(shifts.locationId, locationId), keep.length ? notInArray(shifts.id, keep) : undefined));
  for (const [position, s] of list.entries()) {
    if (s.id !== undefined) await tx.update(shifts).set({ title: s.title, position }).where(eq(shifts.id, s.id));
    else await tx.insert(shifts).values({ locationId, title: s.title, position });
  }
}

/**
 * A location's audited fields other than the subsidy (which has its own action,
 * location.subsidy): its details, the company details printed on invoices, its shifts by title,
 * and its invite-link token (hidden by the audit log: it says only that the token changed).
 */
async function auditedLocation(tx: Tx, id: number): Promise<Record<string, unknown>> {
  const [l] = await tx.select().from(locations).where(eq(locations.id, id));
  const shiftRows = await tx
    .select({ title: shifts.title })
    .from(shifts)
    .where(eq(shifts.locationId, id))
    .orderBy(asc(shifts.position), asc(shifts.id));
  return {
    title: l!.title,
    address: l!.address,
    contact_name: l!.contactName,
    contact_email: l!.contactEmail,
    contact_phone: l!.contactPhone,
    profit: l!.profit,
    status: l!.status,
    unconfirmed: l!.unconfirmed,
    disable_cash: l!.disableCash,
    meeting_limit_cents: l!.meetingLimitCents,
    company_name: l!.companyName,
    registration_number: l!.registrationNumber,
    vat_number: l!.vatNumber,
    shifts: shiftRows.map((r) => r.title),
    token: l!.token,
  };
}

export async function createLocation(db: Db, input: CreateLocationInput, who: AuditWho): Promise<LocationCore> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(locations)
      .values({ title: input.title, token: newLocationToken(), ...locationValues(input) })
      .returning();
    if (input.shifts?.length) await writeShifts(tx, row!.id, input.shifts);
    const after = { ...(await auditedLocation(tx, row!.id)), subsidy_cents: row!.subsidyCents, full_subsidy: row!.fullSubsidy };
    await recordAudit(tx, who, { action: 'location.create', entityType: 'location', entityId: row!.id, after });
    return row!.id;
  });
  return getLocation(db, id);
}

export async function updateLocation(db: Db, id: number, input: UpdateLocationInput, who: AuditWho): Promise<LocationCore> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ subsidy_cents: locations.subsidyCents, full_subsidy: locations.fullSubsidy })
      .from(locations)
      .where(eq(locations.id, id))
      .for('update');
    if (!found) throw new AppError(404, t.coded('notFound'));
    const before = await auditedLocation(tx, id);
    const set = locationValues(input);
    const subsidy = changedFields(found, { subsidy_cents: set.subsidyCents, full_subsidy: set.fullSubsidy });
    if (subsidy) await recordAudit(tx, who, { action: 'location.subsidy', entityType: 'location', entityId: id, ...subsidy });
    // A new invite link: the old token stops naming the location at once.
    if (input.regenerate_token) set.token = newLocationToken();
    if (Object.keys(set).length) await tx.update(locations).set(set).where(eq(locations.id, id));
    if (input.shifts !== undefined) await writeShifts(tx, id, input.shifts);
    await recordChange(tx, who, {
      action: 'location.update',
      entityType: 'location',
      entityId: id,
      before,
      after: await auditedLocation(tx, id),
    });
  });
  return getLocation(db, id);
}

/** Marks a location confirmed; calling it again changes nothing (and records nothing). */
export async function reconfirmLocation(db: Db, id: number, who: AuditWho): Promise<LocationCore> {
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ unconfirmed: locations.unconfirmed }).from(locations).where(eq(locations.id, id)).for('update');
    if (!found) throw new AppError(404, t.coded('notFound'));
    if (!found.unconfirmed) return;
    await tx.update(locations).set({ unconfirmed: false }).where(eq(locations.id, id));
    await recordAudit(tx, who, {
      action: 'location.update',
      entityType: 'location',
      entityId: id,
      before: { unconfirmed: true },
      after: { unconfirmed: false },
    });
  });
  return getLocation(db, id);
}

/** The location an invite link belongs to (active locations only), for the sign-up page. */
export async function locationByToken(db: Db, token: string): Promise<LocationByToken> {
  // An e-mailed invitation's own link names its location while it is pending (issue 24).
  const invitation = await findInvitation(db, token, new Date());
  const rows = await db
    .select({ id: locations.id, title: locations.title })
    .from(locations)
    .where(
      and(invitation.state === 'live' ? eq(locations.id, invitation.locationId) : eq(locations.token, token), eq(locations.status, true)),
    );
  if (!rows[0] || (invitation.state !== 'none' && invitation.state !== 'live')) throw new AppError(404, locationText.coded('unknownToken'));
  return rows[0];
}

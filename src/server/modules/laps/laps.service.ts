import { and, asc, eq, inArray, lt, max } from 'drizzle-orm';
import { addStop, moveStop, removeStop, type CreateLapInput, type Lap, type UpdateLapInput } from '../../../shared/schemas/laps.js';
import type { Db, Tx } from '../../db/client.js';
import { driverTaps, lapLocations, laps, locations } from '../../db/schema/index.js';
import { recordAudit, recordChange, type AuditWho } from '../../lib/audit.js';
import { AppError, fieldError, type CodedFieldErrors } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { lapText } from './laps.messages.js';
import { hourMinute } from './laps.present.js';
import { readLap } from './laps.queries.js';

/**
 * Refuses locations that may not join lap `lapId` (null: a new lap): unknown ones and those on
 * another provider's lap ("Location not found"), and those on another lap of this provider.
 */
async function checkJoining(tx: Tx, providerId: number, lapId: number | null, ids: { id: number; field: string }[]) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: locations.id, lapId: laps.id, lapTitle: laps.title, lapProvider: laps.providerId })
    .from(locations)
    .leftJoin(lapLocations, eq(lapLocations.locationId, locations.id))
    .leftJoin(laps, eq(laps.id, lapLocations.lapId))
    .where(
      inArray(
        locations.id,
        ids.map((i) => i.id),
      ),
    );
  const found = new Map(rows.map((r) => [r.id, r]));
  const errors: CodedFieldErrors = {};
  for (const { id, field } of ids) {
    const r = found.get(id);
    if (!r || (r.lapId !== null && r.lapProvider !== providerId)) errors[field] = [lapText.coded('locationNotFound')];
    else if (r.lapId !== null && r.lapId !== lapId) errors[field] = [lapText.coded('onOtherLap', { title: r.lapTitle ?? '' })];
  }
  if (Object.keys(errors).length) throw fieldError(t.coded('invalid'), errors);
}

async function writeStops(tx: Tx, lapId: number, ids: number[]) {
  await tx.delete(lapLocations).where(eq(lapLocations.lapId, lapId));
  if (ids.length) await tx.insert(lapLocations).values(ids.map((locationId, position) => ({ lapId, locationId, position })));
}

/** POST /app/laps. */
export async function createLap(db: Db, providerId: number, input: CreateLapInput, who: AuditWho): Promise<Lap> {
  return db.transaction(async (tx) => {
    const ids = input.locations ?? [];
    await checkJoining(
      tx,
      providerId,
      null,
      ids.map((id, i) => ({ id, field: `locations.${i}` })),
    );
    let position = input.position;
    if (position === undefined) {
      const [last] = await tx
        .select({ p: max(laps.position) })
        .from(laps)
        .where(eq(laps.providerId, providerId));
      position = (last?.p ?? 0) + 1;
    }
    const [row] = await tx
      .insert(laps)
      .values({ providerId, title: input.title, active: input.active ?? true, departsAt: input.departs_at ?? null, position })
      .returning();
    await writeStops(tx, row!.id, ids);
    const after = {
      title: row!.title,
      active: row!.active,
      departs_at: hourMinute(row!.departsAt),
      position: row!.position,
      location_ids: ids,
    };
    await recordAudit(tx, who, { action: 'lap.create', entityType: 'lap', entityId: row!.id, providerId, after });
    return readLap(tx, providerId, row!.id);
  });
}

/** PUT /app/laps/{id}: fields, and the locations as a whole list or one step (add, remove, move). */
export async function updateLap(db: Db, providerId: number, lapId: number, input: UpdateLapInput, who: AuditWho): Promise<Lap> {
  return db.transaction(async (tx) => {
    // The lap row is locked so two editors' steps apply one after the other.
    const [row] = await tx
      .select()
      .from(laps)
      .where(and(eq(laps.id, lapId), eq(laps.providerId, providerId)))
      .for('update');
    if (!row) throw new AppError(404, t.coded('notFound'));

    const current = (
      await tx
        .select({ id: lapLocations.locationId })
        .from(lapLocations)
        .where(eq(lapLocations.lapId, lapId))
        .orderBy(asc(lapLocations.position), asc(lapLocations.locationId))
    ).map((r) => r.id);
    let next: number[] | null = null;
    if (input.locations !== undefined) {
      const list = input.locations;
      await checkJoining(
        tx,
        providerId,
        lapId,
        list.map((id, i) => ({ id, field: `locations.${i}` })).filter((x) => !current.includes(x.id)),
      );
      next = list;
    } else if (input.add !== undefined) {
      await checkJoining(tx, providerId, lapId, [{ id: input.add, field: 'add' }]);
      next = addStop(current, input.add);
    } else if (input.remove !== undefined) {
      if (!current.includes(input.remove)) throw fieldError(t.coded('invalid'), { remove: [lapText.coded('notOnLap')] });
      next = removeStop(current, input.remove);
    } else if (input.move !== undefined) {
      const index = current.indexOf(input.move.location_id);
      if (index < 0) throw fieldError(t.coded('invalid'), { 'move.location_id': [lapText.coded('notOnLap')] });
      next = moveStop(current, index, input.move.offset);
    }

    const set: Partial<typeof laps.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.active !== undefined) set.active = input.active;
    if (input.departs_at !== undefined) set.departsAt = input.departs_at;
    if (input.position !== undefined) set.position = input.position;
    if (Object.keys(set).length) await tx.update(laps).set(set).where(eq(laps.id, lapId));
    if (next && (next.length !== current.length || next.some((id, i) => id !== current[i]))) await writeStops(tx, lapId, next);
    await recordChange(tx, who, {
      action: 'lap.update',
      entityType: 'lap',
      entityId: lapId,
      providerId,
      before: {
        title: row.title,
        active: row.active,
        departs_at: hourMinute(row.departsAt),
        position: row.position,
        location_ids: current,
      },
      after: {
        title: set.title ?? row.title,
        active: set.active ?? row.active,
        departs_at: hourMinute(set.departsAt !== undefined ? set.departsAt : row.departsAt),
        position: set.position ?? row.position,
        location_ids: next ?? current,
      },
    });
    return readLap(tx, providerId, lapId);
  });
}

/** Driver taps older than `days` are forgotten (a nightly job): a phone resends within minutes, not days. */
export async function pruneDriverTaps(db: Db, now: Date, days = 7): Promise<number> {
  const rows = await db
    .delete(driverTaps)
    .where(lt(driverTaps.appliedAt, new Date(now.getTime() - days * 86_400_000)))
    .returning({ id: driverTaps.id });
  return rows.length;
}

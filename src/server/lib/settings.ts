import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema/index.js';
import { recordAudit, type AuditWho } from './audit.js';

export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return rows[0]?.value as T | undefined;
}

export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** How long an instance trusts its last reading of the maintenance flag. */
const MAINTENANCE_CACHE_MS = 1000;

/** Maintenance flag reader with a short cache: one query a second per instance, not per request. */
export function maintenanceFlag(db: Db) {
  let cached: { on: boolean; at: number } | null = null;
  /** The reading in flight: the requests that find the cache stale together wait for one query (decision 059). */
  let reading: Promise<boolean> | null = null;
  /** Bumped by set(): a reading that started before a switch does not overwrite it. */
  let switches = 0;
  return {
    /** The cached reading while it is fresh (no promise on the hot path), else undefined. */
    known(): boolean | undefined {
      return cached && Date.now() - cached.at < MAINTENANCE_CACHE_MS ? cached.on : undefined;
    },
    async isOn(): Promise<boolean> {
      const now = Date.now();
      if (cached && now - cached.at < MAINTENANCE_CACHE_MS) return cached.on;
      const seen = switches;
      reading ??= getSetting<boolean>(db, 'maintenance')
        .then((value) => {
          if (seen === switches) cached = { on: value === true, at: now };
          return value === true;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
    /** Switches maintenance mode; with `who` (an administrator's request) the change is audited. */
    async set(on: boolean, who?: AuditWho): Promise<void> {
      if (!who) await setSetting(db, 'maintenance', on);
      else
        await db.transaction(async (tx) => {
          const [old] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, 'maintenance')).for('update');
          await tx
            .insert(settings)
            .values({ key: 'maintenance', value: on })
            .onConflictDoUpdate({ target: settings.key, set: { value: on, updatedAt: sql`now()` } });
          const was = old?.value === true;
          if (was !== on)
            await recordAudit(tx, who, {
              action: 'maintenance.set',
              entityType: 'setting',
              entityId: 'maintenance',
              before: { maintenance: was },
              after: { maintenance: on },
            });
        });
      switches++;
      cached = { on, at: Date.now() };
    },
  };
}

/** The payment-signing secret kept in the database, made on first use (shared by all instances). */
export async function storedPaymentSecret(db: Db): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(settings).values({ key: 'payment_secret', value: fresh }).onConflictDoNothing();
  const value = await getSetting<string>(db, 'payment_secret');
  if (typeof value !== 'string' || value.length < 16) throw new Error('payment_secret setting is missing or too short');
  return value;
}

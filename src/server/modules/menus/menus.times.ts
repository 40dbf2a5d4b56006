import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { DEFAULT_TIMEZONE } from '../../../shared/limits.js';
import type { Db, Tx } from '../../db/client.js';
import { providers } from '../../db/schema/index.js';
import { fieldError } from '../../lib/errors.js';
import { t } from '../../lib/messages.js';
import { menuText } from './menus.messages.js';

/** An ISO time from the API: with an offset as given, without one in the provider's zone. */
export function parseMenuTime(value: string, zone: string): Date {
  const hasZone = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(value);
  const dt = hasZone ? DateTime.fromISO(value, { setZone: true }) : DateTime.fromISO(value, { zone });
  if (!dt.isValid) throw new RangeError(`not a time: ${value}`);
  return dt.toJSDate();
}

export async function providerZone(db: Db | Tx, providerId: number): Promise<string> {
  const rows = await db.select({ zone: providers.timezone }).from(providers).where(eq(providers.id, providerId));
  return rows[0]?.zone ?? DEFAULT_TIMEZONE;
}

export function checkTimes(from: Date, to: Date) {
  if (to.getTime() < from.getTime()) throw fieldError(t.coded('invalid'), { to: [menuText.coded('toBeforeFrom')] });
}

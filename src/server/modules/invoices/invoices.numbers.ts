import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Tx } from '../../db/client.js';
import { invoiceCounters } from '../../db/schema/index.js';

/** Days from issue to the due date. */
export const PAYMENT_DAYS = 14;

/** Takes the next number of the provider's year: the counter row stays locked until the transaction ends. */
export async function nextNumber(tx: Tx, providerId: number, year: number): Promise<number> {
  await tx.insert(invoiceCounters).values({ providerId, year, lastNumber: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ last: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(and(eq(invoiceCounters.providerId, providerId), eq(invoiceCounters.year, year)))
    .for('update');
  const next = row!.last + 1;
  await tx
    .update(invoiceCounters)
    .set({ lastNumber: next })
    .where(and(eq(invoiceCounters.providerId, providerId), eq(invoiceCounters.year, year)));
  return next;
}

/** The printed number: year and six digits, e.g. 2026-000012. */
export const invoiceCode = (year: number, n: number) => `${year}-${String(n).padStart(6, '0')}`;

/** Issue date (today in the provider's zone) and its year. */
export function issueDay(p: { timezone: string }, now: Date) {
  const today = DateTime.fromJSDate(now).setZone(p.timezone);
  return { issueDate: today.toISODate()!, dueDate: today.plus({ days: PAYMENT_DAYS }).toISODate()!, year: today.year };
}

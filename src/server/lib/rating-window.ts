import { DateTime } from 'luxon';
import type { Tx } from '../db/client.js';
import { ratingLinks } from '../db/schema/index.js';
import { hashToken, newToken } from './tokens.js';

/*
 * When a delivered lunch may be rated (issue 30, decision 079): from its delivery until the end of
 * the next day in the provider's zone (Europe/Riga). Shared by the ratings module (which checks
 * it) and the delivery notices (which put a rating link in the "delivered" message); here so
 * neither module imports the other.
 */

/** The first instant after the window: midnight starting the second day after the delivery's day. */
export function ratingWindowEnd(deliveredAt: Date, zone: string): Date {
  return DateTime.fromJSDate(deliveredAt).setZone(zone).startOf('day').plus({ days: 2 }).toJSDate();
}

/**
 * A new single-use rating link for an order, written in the caller's transaction (the message
 * carrying it commits with it): a random token, of which only the SHA-256 is stored, expiring
 * with the rating window. Answers the token, for the message's address (lib/links.ts ratingLink).
 */
export async function issueRatingLink(tx: Pick<Tx, 'insert'>, orderId: number, deliveredAt: Date, zone: string): Promise<string> {
  const token = newToken();
  await tx.insert(ratingLinks).values({ tokenHash: hashToken(token), orderId, expiresAt: ratingWindowEnd(deliveredAt, zone) });
  return token;
}

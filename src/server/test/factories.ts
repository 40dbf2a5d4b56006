import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { locations, providers, shifts, users } from '../db/schema/index.js';
import { createSession } from '../lib/auth.js';
import type { Role } from '../../shared/roles.js';
import argon2 from 'argon2';

export const TEST_PASSWORD = 'test-password';
let passwordHash: Promise<string> | null = null;
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomBytes(2).toString('hex')}`;

export async function makeProvider(db: Db, values: Partial<typeof providers.$inferInsert> = {}) {
  const [row] = await db
    .insert(providers)
    .values({ title: `Provider ${uniq()}`, ...values })
    .returning();
  return row!;
}

export async function makeLocation(db: Db, values: Partial<typeof locations.$inferInsert> = {}) {
  const [row] = await db
    .insert(locations)
    .values({ title: `Location ${uniq()}`, token: uniq(), ...values })
    .returning();
  return row!;
}

export async function makeShift(db: Db, locationId: number, title = 'Shift') {
  const [row] = await db.insert(shifts).values({ locationId, title }).returning();
  return row!;
}

export async function makeUser(db: Db, values: Partial<typeof users.$inferInsert> & { role?: Role } = {}) {
  // The test users' stored hash is argon2id with small parameters: a sign-in verifies it in about a
  // millisecond instead of the production parameters' 50 ms of CPU (lib/passwords.ts; decision 084).
  // The sign-in code is the same: argon2 reads the parameters from the hash. Passwords set through
  // the API (sign-up, reset, profile) are hashed with the production parameters.
  passwordHash ??= argon2.hash(TEST_PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const [row] = await db
    .insert(users)
    .values({ email: `user-${uniq()}@test.lv`, firstName: 'Test', passwordHash: await passwordHash, ...values })
    .returning();
  return row!;
}

/** A user with a live session; `auth` is the header to send. */
export async function signedIn(db: Db, values: Parameters<typeof makeUser>[1] = {}, now = new Date()) {
  const user = await makeUser(db, values);
  const token = await createSession(db, user.id, true, now);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

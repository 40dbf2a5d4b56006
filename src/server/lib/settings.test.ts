import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { maintenanceFlag } from './settings.js';

/** A database answering the maintenance setting after a turn, counting the reads. */
function fakeDb(value: () => boolean) {
  const reads = { n: 0 };
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          reads.n++;
          const read = value();
          await new Promise((r) => setTimeout(r, 5));
          return [{ value: read }];
        },
      }),
    }),
  };
  return { db: db as unknown as Db, reads };
}

describe('maintenanceFlag', () => {
  it('reads the flag once for the requests that find the cache stale together (decision 059)', async () => {
    const { db, reads } = fakeDb(() => true);
    const flag = maintenanceFlag(db);
    const answers = await Promise.all(Array.from({ length: 64 }, () => flag.isOn()));
    expect(answers).toEqual(Array(64).fill(true));
    expect(reads.n).toBe(1);
    expect(flag.known()).toBe(true);
  });

  it('keeps a switch made while a reading is in flight', async () => {
    let stored = false;
    const { db } = fakeDb(() => stored);
    const flag = maintenanceFlag({
      ...db,
      insert: () => ({ values: () => ({ onConflictDoUpdate: async () => void (stored = true) }) }),
    } as unknown as Db);
    const reading = flag.isOn();
    await flag.set(true);
    expect(await reading).toBe(false);
    expect(flag.known()).toBe(true);
  });
});

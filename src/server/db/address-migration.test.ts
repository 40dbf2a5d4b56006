import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressLine } from '../../shared/address.js';
import { createTestDb } from '../test/harness.js';
import { makeLocation, makeProvider } from '../test/factories.js';
import { MIGRATIONS_DIR } from './migrate.js';
import { locations, providers } from './schema/index.js';

/** The data part of migration 0013: the statements that split one-line addresses. */
const splitting = readFileSync(path.join(MIGRATIONS_DIR, '0013_address_parts.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter((s) => s.startsWith('UPDATE'));

describe('migration 0013 (addresses in parts)', () => {
  it('splits "street, city, LV-1234" into its parts and keeps any other line whole as the street', async () => {
    const db = await createTestDb();
    try {
      const lines = {
        full: 'Brīvības iela 40, Rīga, LV-1050',
        commas: 'Rūpniecības iela 1, k-2, Jelgava,lv-3001 ',
        noCode: 'Elizabetes iela 2, Rīga',
        oneWord: 'Rīga',
        empty: '',
      };
      const ids: Record<string, number> = {};
      for (const [k, address] of Object.entries(lines)) ids[k] = (await makeLocation(db.db, { address })).id;
      const provider = await makeProvider(db.db, { address: 'Maskavas iela 10, Rīga, LV-1050' });
      expect(splitting).toHaveLength(2);
      for (const statement of splitting) await db.db.execute(sql.raw(statement));

      const parts = async (id: number) =>
        (
          await db.db
            .select({ address: locations.address, city: locations.city, postalCode: locations.postalCode, country: locations.country })
            .from(locations)
            .where(eq(locations.id, id))
        )[0];
      expect(await parts(ids.full!)).toEqual({ address: 'Brīvības iela 40', city: 'Rīga', postalCode: 'LV-1050', country: 'LV' });
      expect(await parts(ids.commas!)).toEqual({
        address: 'Rūpniecības iela 1, k-2',
        city: 'Jelgava',
        postalCode: 'LV-3001',
        country: 'LV',
      });
      expect(await parts(ids.noCode!)).toEqual({ address: 'Elizabetes iela 2, Rīga', city: '', postalCode: '', country: 'LV' });
      expect(await parts(ids.oneWord!)).toEqual({ address: 'Rīga', city: '', postalCode: '', country: 'LV' });
      expect(await parts(ids.empty!)).toEqual({ address: '', city: '', postalCode: '', country: 'LV' });
      const [p] = await db.db
        .select({ address: providers.address, city: providers.city, postalCode: providers.postalCode })
        .from(providers)
        .where(eq(providers.id, provider.id));
      expect(p).toEqual({ address: 'Maskavas iela 10', city: 'Rīga', postalCode: 'LV-1050' });
      // Shown on one line again, the address reads as it was typed.
      expect(addressLine((await parts(ids.full!))!)).toBe(lines.full);
    } finally {
      await db.drop();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/harness.js';
import { deploymentSecretBox, secretBox } from './secret-box.js';
import { getSetting } from './settings.js';

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, with a fresh IV each time, and refuses another key or a changed byte', () => {
    const box = secretBox(randomBytes(32));
    const a = box.seal('client-secret-ā');
    const b = box.seal('client-secret-ā');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret');
    expect(box.open(a)).toBe('client-secret-ā');
    expect(() => secretBox(randomBytes(32)).open(a)).toThrow();
    const [v, iv, tag, data] = a.split(':');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
  });

  describe('the deployment key', () => {
    let db: Awaited<ReturnType<typeof createTestDb>>;
    beforeAll(async () => {
      db = await createTestDb();
    });
    afterAll(() => db.drop());

    it('without SECRETS_KEY, makes one key in the database that every instance shares', async () => {
      const [one, two] = await Promise.all([deploymentSecretBox(db.db, ''), deploymentSecretBox(db.db, '')]);
      expect(two.open(one.seal('x'))).toBe('x');
      expect(typeof (await getSetting<string>(db.db, 'secrets_key'))).toBe('string');
    });

    it('with SECRETS_KEY, uses it rather than the stored key', async () => {
      const configured = await deploymentSecretBox(db.db, 'k'.repeat(40));
      const stored = await deploymentSecretBox(db.db, '');
      expect(() => stored.open(configured.seal('x'))).toThrow();
      expect((await deploymentSecretBox(db.db, 'k'.repeat(40))).open(configured.seal('x'))).toBe('x');
    });
  });
});

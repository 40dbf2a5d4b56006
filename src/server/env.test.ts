import { describe, expect, it } from 'vitest';
import { loadEnv, localLinks, publicBaseUrl } from './env.js';

const DB = 'postgres://lunch:secret@db.example:5432/lunch';

describe('configuration: the laptop rule (embedded database) for payments and links', () => {
  it('a laptop run (no DATABASE_URL) keeps the sandbox gateway and localhost links, warning only that phones cannot open them', () => {
    const env = loadEnv({});
    expect(env.PAYMENT_GATEWAY).toBe('sandbox');
    expect(publicBaseUrl(env)).toBe('http://localhost:3000');
    expect(env.warnings).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: .*QR codes point to http:\/\/localhost:3000, which no phone/),
    ]);
    // A public address: no link warning; the gateway is then cash only and says so (the next tests).
    expect(loadEnv({ PUBLIC_URL: 'https://lunch.example', PAYMENT_GATEWAY: 'sandbox' }).warnings).toEqual([]);
  });

  it('with DATABASE_URL and no PAYMENT_GATEWAY: cash only, and a warning that says so', () => {
    const env = loadEnv({ DATABASE_URL: DB, PUBLIC_URL: 'https://lunch.example' });
    expect(env.PAYMENT_GATEWAY).toBe('none');
    expect(env.warnings).toHaveLength(1);
    expect(env.warnings[0]).toMatch(/PAYMENT_GATEWAY is not set: card and bank payments are off \(cash only\)/);
  });

  it('the default gateway: the sandbox only with the embedded database on a local address, else cash only with a warning', () => {
    const cases: [Record<string, string>, 'sandbox' | 'none'][] = [
      [{}, 'sandbox'],
      [{ PUBLIC_URL: 'http://localhost:3000' }, 'sandbox'],
      [{ PUBLIC_URL: 'http://127.0.0.1:3100' }, 'sandbox'],
      [{ PUBLIC_URL: 'http://[::1]:3000' }, 'sandbox'],
      // A production install on the embedded database (docs/operations.md): no simulated card payments.
      [{ PUBLIC_URL: 'https://lunch.example' }, 'none'],
      [{ PUBLIC_URL: 'http://192.168.1.20:3000' }, 'none'],
      [{ PUBLIC_URL: 'https://localhost.example.com' }, 'none'],
      [{ DATABASE_URL: DB }, 'none'],
      [{ DATABASE_URL: DB, PUBLIC_URL: 'http://localhost:3000' }, 'none'],
      [{ DATABASE_URL: DB, PUBLIC_URL: 'https://lunch.example' }, 'none'],
    ];
    for (const [vars, gateway] of cases) {
      const env = loadEnv(vars);
      expect(env.PAYMENT_GATEWAY, JSON.stringify(vars)).toBe(gateway);
      const warned = env.warnings.some((w) => /PAYMENT_GATEWAY is not set: card and bank payments are off \(cash only\)/.test(w));
      expect(warned, JSON.stringify(vars)).toBe(gateway === 'none');
    }
    // An explicit choice is kept on a public address, without the warning.
    expect(loadEnv({ PUBLIC_URL: 'https://lunch.example', PAYMENT_GATEWAY: 'sandbox' })).toMatchObject({
      PAYMENT_GATEWAY: 'sandbox',
      warnings: [],
    });
  });

  it('an explicit PAYMENT_GATEWAY wins either way, and is not warned about', () => {
    expect(loadEnv({ DATABASE_URL: DB, PUBLIC_URL: 'https://lunch.example', PAYMENT_GATEWAY: 'sandbox' })).toMatchObject({
      PAYMENT_GATEWAY: 'sandbox',
      warnings: [],
    });
    expect(loadEnv({ PAYMENT_GATEWAY: 'none', PUBLIC_URL: 'https://lunch.example' })).toMatchObject({
      PAYMENT_GATEWAY: 'none',
      warnings: [],
    });
    expect(() => loadEnv({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/PAYMENT_GATEWAY/);
  });

  it('warns at start when PUBLIC_URL is unset or a loopback address, naming PUBLIC_URL', () => {
    const env = loadEnv({ DATABASE_URL: DB, PAYMENT_GATEWAY: 'none', PORT: '8080' });
    expect(env.warnings).toEqual([expect.stringMatching(/^PUBLIC_URL is not set: .*http:\/\/localhost:8080/)]);
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000/', 'http://[::1]:3000', 'http://app.localhost'])
      expect(loadEnv({ PUBLIC_URL: url, PAYMENT_GATEWAY: 'none' }).warnings, url).toEqual([
        expect.stringMatching(new RegExp(`^PUBLIC_URL is ${url.replace(/[.[\]]/g, '\\$&')}, this machine only: .*Set PUBLIC_URL`)),
      ]);
    expect(localLinks({ PUBLIC_URL: 'https://lunch.example' })).toBe(false);
    expect(localLinks({ PUBLIC_URL: 'http://192.168.1.20:3000' })).toBe(false);
    expect(localLinks({})).toBe(true);
  });

  it('PAYMENT_GATEWAY=montonio needs its keys and talks to Montonio’s sandbox unless told otherwise', () => {
    expect(() => loadEnv({ PAYMENT_GATEWAY: 'montonio' })).toThrow(/MONTONIO_ACCESS_KEY and MONTONIO_SECRET_KEY/);
    expect(() => loadEnv({ PAYMENT_GATEWAY: 'montonio', MONTONIO_ACCESS_KEY: 'a' })).toThrow(/MONTONIO_SECRET_KEY/);
    const env = loadEnv({ PAYMENT_GATEWAY: 'montonio', MONTONIO_ACCESS_KEY: 'a', MONTONIO_SECRET_KEY: 's' });
    expect(env).toMatchObject({
      PAYMENT_GATEWAY: 'montonio',
      MONTONIO_API_URL: 'https://sandbox-stargate.montonio.com/api',
      MONTONIO_TIMEOUT_MS: 10_000,
    });
    expect(() =>
      loadEnv({ PAYMENT_GATEWAY: 'montonio', MONTONIO_ACCESS_KEY: 'a', MONTONIO_SECRET_KEY: 's', MONTONIO_API_URL: 'nope' }),
    ).toThrow(/MONTONIO_API_URL/);
  });
});

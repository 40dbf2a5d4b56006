import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadEnv } from './env.js';
import type { App } from './lib/context.js';
import { createMailer } from './lib/mail.js';
import { makeClient, type Client } from './test/client.js';
import { createTestDb } from './test/harness.js';

// The built web app as the server hands it out: the installable app's files (decision 023).
let dir: string;
let app: App;
/** The browser asking for the web app's files (no session). */
let browser: Client;
let database: Awaited<ReturnType<typeof createTestDb>>;
let mailer: ReturnType<typeof createMailer>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lunch-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>',
  );
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dir, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js")');
  await writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Pusdienas', start_url: '/' }));
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  database = await createTestDb();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    PAYMENT_SECRET: 'test-payment-secret-0123456789',
    WEB_DIST: dir,
  });
  mailer = createMailer(database.db, { from: env.MAIL_FROM });
  app = await buildApp({ env, database, mailer, now: () => new Date() }, { logger: false });
  await app.ready();
  browser = makeClient(app, null);
});
afterAll(async () => {
  await app?.close();
  mailer?.close();
  await database?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('serving the installable web app', () => {
  it('lets the page register its service worker and read its manifest under the document policy', async () => {
    const page = await browser.get('/kds/5');
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('never lets a browser or proxy keep an old service worker or index.html; hashed assets are immutable', async () => {
    const sw = await browser.get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/orders', '/registerSW.js', '/manifest.webmanifest']) {
      expect((await browser.get(url)).headers['cache-control'], url).toBe('no-cache');
    }
    expect((await browser.get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the manifest with its own media type', async () => {
    const manifest = await browser.get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Pusdienas' });
  });
});

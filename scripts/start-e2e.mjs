// npm run start:e2e: the built app on a throwaway, freshly seeded embedded database, for the
// browser journeys. PORT defaults to 3100; the database lives in a temp folder removed on exit.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'lunch-e2e-'));
chmodSync(dir, 0o755);
process.env.PORT ??= '3100';
process.env.HOST ??= '127.0.0.1';
process.env.DATA_DIR = path.join(dir, 'pg');
// One database port per server port: the journeys start two servers at once (tests/e2e/servers.ts).
process.env.EMBEDDED_PG_PORT ??= String(56000 + (Number(process.env.PORT) % 2000));
// Thrown away on exit: PostgreSQL need not flush each commit to disk (decision 084).
process.env.EMBEDDED_PG_THROWAWAY ??= 'true';
process.env.JOBS ??= 'false';
// Behind a proxy, as in production: a journey's customer signs up from an address of their own
// (X-Forwarded-For, tests/e2e/ordering-support.ts newCustomer), not all of them from 127.0.0.1,
// whose sign-ups the limit of 10 an hour per address (SIGNUP_LIMITS) would refuse after the tenth.
process.env.TRUST_PROXY ??= 'true';
// Today's demo menu open for the whole run, whatever the hour it starts (it closes at 23:59 Riga).
process.env.DEMO_MIN_OPEN_MINUTES ??= '120';
delete process.env.DATABASE_URL;
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'src/server/index.ts'));

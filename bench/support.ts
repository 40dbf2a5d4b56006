/**
 * What the benchmarks share: an embedded PostgreSQL in a temp dir on a free port, the app and a
 * bare Fastify route on 127.0.0.1, and the small statistics and printing helpers.
 */
import { performance } from 'node:perf_hooks';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.js';
import { connect, type Database } from '../src/server/db/client.js';
import { freePort, startEmbedded, type EmbeddedServer } from '../src/server/db/embedded.js';
import { loadEnv } from '../src/server/env.js';
import type { Deps } from '../src/server/lib/context.js';
import { createMailer } from '../src/server/lib/mail.js';

export const say = (m: string) => process.stdout.write(`${m}\n`);

/** The machine's load averages (1, 5, 15 min), one decimal each. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The value at percentile `p` (0–100) of ascending `sorted` (nearest rank); 0 when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A new temp folder (under os.tmpdir(): the postgres OS user must be able to reach it). */
export async function benchDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

export interface BenchDb {
  pg: EmbeddedServer;
  database: Database;
  /** Closes the pool, stops PostgreSQL and removes `dir`. */
  stop(): Promise<void>;
}

/** PostgreSQL (embedded, durable settings) in `dir` on a free port, database 'bench', a pool of `pool`. */
export async function startBenchDb(dir: string, pool: number, settings?: string[]): Promise<BenchDb> {
  const pg = await startEmbedded({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'bench',
    ...(settings ? { settings } : {}),
  });
  const database = connect(pg.url, pool);
  return {
    pg,
    database,
    stop: async () => {
      await database.close();
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface BenchServers {
  /** The app's address, e.g. http://127.0.0.1:40123. */
  base: string;
  /** A bare Fastify JSON route in the same process (floor of an HTTP round trip). */
  bareUrl: string;
  /**
   * A bare route on the same bench-local Fastify server answering fixed bytes (set with
   * `answerSized`): the floor of an HTTP round trip carrying an answer of that size.
   */
  sizedUrl: string;
  answerSized(body: Buffer, contentType: string): void;
  close(): Promise<void>;
}

/** The app (production settings and `envOverrides`, no jobs, no web files) and the bare route, both on 127.0.0.1. */
export async function startServers(
  database: Database,
  databaseUrl: string,
  envOverrides: Record<string, string> = {},
): Promise<BenchServers> {
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    DATABASE_URL: databaseUrl,
    PAYMENT_GATEWAY: 'sandbox',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    PAYMENT_SECRET: 'bench-payment-secret-0123456789',
    ...envOverrides,
  });
  const mailer = createMailer(database.db, { smtpUrl: undefined, from: env.MAIL_FROM });
  const deps: Deps = { env, database, mailer, now: () => new Date() };
  const app = await buildApp(deps, { serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true, now: new Date().toISOString() }));
  let sized: { body: Buffer; contentType: string } = { body: Buffer.from('{}'), contentType: 'application/json; charset=utf-8' };
  bare.get('/sized', (_req, reply) => {
    void reply.header('content-type', sized.contentType).send(sized.body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;
  return {
    base,
    bareUrl,
    sizedUrl: bareUrl.replace(/\/bare$/, '/sized'),
    answerSized: (body, contentType) => {
      sized = { body, contentType };
    },
    close: async () => {
      await bare.close();
      await app.close();
      mailer.close();
    },
  };
}

/** One timed call of a latency benchmark: its answers' times, size and type. */
export interface Timed {
  name: string;
  url: string;
  headers: Record<string, string>;
  times: number[];
  bytes: number;
  contentType: string;
}

/** Times one GET of `t.url` to its last byte; throws on a status other than 200. */
export async function timeOnce(t: Timed): Promise<Buffer> {
  const start = performance.now();
  const res = await fetch(t.url, { headers: t.headers });
  const body = Buffer.from(await res.arrayBuffer());
  const elapsed = performance.now() - start;
  if (res.status !== 200) throw new Error(`${t.name}: HTTP ${res.status} ${body.toString().slice(0, 200)}`);
  t.times.push(elapsed);
  t.bytes = body.length;
  t.contentType = res.headers.get('content-type') ?? '';
  return body;
}

/** One line of the results file: a target of design.md section 6 beside the figure of this run. */
export interface TargetRow {
  what: string;
  target: string;
  figure: string;
  /** null: a figure without a target (measured, not judged). */
  holds: boolean | null;
}

/** What a benchmark hands to `npm run bench` (bench/run.ts). */
export interface BenchResult {
  rows: TargetRow[];
  notes?: string[];
}

/** Writes `result` as JSON to the file named by BENCH_RESULT (set by bench/run.ts); nothing without it. */
export async function writeResult(result: BenchResult): Promise<void> {
  const file = process.env.BENCH_RESULT;
  if (file) await writeFile(file, JSON.stringify(result));
}

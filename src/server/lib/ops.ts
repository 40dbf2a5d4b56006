import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import type { Deps } from './context.js';
import { registry, startDefaultMetrics } from './metrics.js';

/** The newest migration this build knows (drizzle keeps its journal `when` as created_at). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

export interface Lifecycle {
  /** Set by the shutdown: /ready answers 503 from then on. */
  shuttingDown: boolean;
}

const OK = { status: 'ok' } as const;
const UNAVAILABLE = { status: 'unavailable' } as const;

/** Bearer token compare in constant time. */
function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Probes and metrics outside /app (design.md section 7): no sign-in, no data, not in the OpenAPI
 * document (it describes the /app API), not held back by maintenance mode (which covers /app/).
 * GET /health: the process answers. GET /ready: the database answers, this build's migrations are
 * applied, and the instance is not shutting down. GET /metrics: Prometheus text, only with the
 * METRICS_TOKEN bearer token; without METRICS_TOKEN it does not exist (404).
 */
export function opsRoutes(app: FastifyInstance, deps: Deps, lifecycle: Lifecycle): void {
  const latest = latestMigrationMillis();
  const noStore = { 'cache-control': 'no-store' };
  const hidden = { schema: { hide: true } };

  app.get('/health', hidden, async (_req, reply) => reply.headers(noStore).send(OK));

  app.get('/ready', hidden, async (req, reply) => {
    reply.headers(noStore);
    if (lifecycle.shuttingDown) return reply.status(503).send(UNAVAILABLE);
    try {
      // One round trip: reachable, and the newest migration of this build is recorded.
      const res = await deps.database.pool.query<{ applied: boolean }>(
        'select exists(select 1 from drizzle.__drizzle_migrations where created_at >= $1) as applied',
        [latest],
      );
      if (res.rows[0]?.applied) return reply.send(OK);
      req.log.warn('not ready: migrations of this build are not applied');
    } catch (err) {
      req.log.warn({ code: (err as { code?: unknown }).code }, 'not ready: database unreachable');
    }
    return reply.status(503).send(UNAVAILABLE);
  });

  const token = deps.env.METRICS_TOKEN;
  if (!token) return;
  startDefaultMetrics();
  app.get('/metrics', hidden, async (req, reply) => {
    reply.headers(noStore);
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

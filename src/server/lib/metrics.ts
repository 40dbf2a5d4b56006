import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The one metrics registry of the process (design.md section 7), scraped at GET /metrics.
 * Counters are process-wide: every app built in this process (tests build many) adds to them.
 * Label values are always from small fixed sets (route patterns, never raw URLs).
 */
export const registry = new Registry();

let defaultsStarted = false;
/** Process metrics (CPU, memory, event-loop lag, GC): started once, by the first app that serves /metrics. */
export function startDefaultMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: registry });
}

/** Request duration per route pattern, method and status; its _count is the request count. */
export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status, with their duration',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const ordersCounter = new Counter({
  name: 'lunch_orders_total',
  help: 'Orders asked for, by result: placed, or refused (stock gone, menu closed, invalid)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const paymentsCounter = new Counter({
  name: 'lunch_payments_total',
  help: 'Payment state changes by outcome: paid, failed, expired',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const mailCounter = new Counter({
  name: 'lunch_mail_total',
  help: 'Outgoing mail by event: queued, kept (no SMTP), sent, failed, bounced (a permanent 5xx refusal)',
  labelNames: ['event'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'lunch_job_runs_total',
  help: 'Background job runs by job name and result',
  labelNames: ['job', 'result'] as const,
  registers: [registry],
});

export const jobLag = new Histogram({
  name: 'lunch_job_lag_seconds',
  help: 'Delay between the time a job was due and the time it started',
  labelNames: ['job'] as const,
  buckets: [0.5, 1, 5, 15, 30, 60, 120, 300],
  registers: [registry],
});

/** Open event streams (GET /app/events) of this process; a stream is never counted as a request. */
export const eventStreamsOpen = new Gauge({
  name: 'lunch_event_streams_open',
  help: 'Open Server-Sent Events streams (GET /app/events)',
  registers: [registry],
});

/** The database pools of this process (one per app; tests build several). */
const pools = new Set<pg.Pool>();
export function watchPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}
const sum = (f: (p: pg.Pool) => number) => {
  let n = 0;
  for (const p of pools) n += f(p);
  return n;
};
new Gauge({
  name: 'lunch_db_pool_connections',
  help: 'Database pool connections by state: total, idle, in_use',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const total = sum((p) => p.totalCount);
    const idle = sum((p) => p.idleCount);
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'in_use' }, total - idle);
  },
});
new Gauge({
  name: 'lunch_db_pool_waiting',
  help: 'Calls waiting for a database connection',
  registers: [registry],
  collect() {
    this.set(sum((p) => p.waitingCount));
  },
});

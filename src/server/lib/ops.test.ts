import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAt, menuWorld } from '../modules/ordering/ordering.factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { eq } from 'drizzle-orm';
import { payments } from '../db/schema/index.js';
import { httpDuration, mailCounter, ordersCounter, paymentsCounter } from './metrics.js';
import { sandboxGateway } from './payments/sandbox.js';

const TOKEN = 'metrics-token-0123456789';

describe('health and readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('/health and /ready answer ok without sign-in, with no data and no caching', async () => {
    for (const url of ['/health', '/ready']) {
      const res = await ctx.anon.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ status: 'ok' });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answer while maintenance mode is on', async () => {
    await ctx.app.maintenance.set(true);
    try {
      expect((await ctx.anon.get('/app/menus')).statusCode).toBe(503);
      expect((await ctx.anon.get('/health')).statusCode).toBe(200);
      expect((await ctx.anon.get('/ready')).statusCode).toBe(200);
    } finally {
      await ctx.app.maintenance.set(false);
    }
  });

  it('/ready is 503 while the instance shuts down', async () => {
    ctx.app.lifecycle.shuttingDown = true;
    try {
      const res = await ctx.anon.get('/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect((await ctx.anon.get('/health')).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.shuttingDown = false;
    }
  });

  it('/ready is 503 when the newest migration of this build is not applied', async () => {
    const pool = ctx.deps.database.pool;
    const { rows } = await pool.query('select * from drizzle.__drizzle_migrations order by created_at desc limit 1');
    await pool.query('delete from drizzle.__drizzle_migrations where id = $1', [rows[0].id]);
    try {
      expect((await ctx.anon.get('/ready')).statusCode).toBe(503);
    } finally {
      await pool.query('insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)', [
        rows[0].id,
        rows[0].hash,
        rows[0].created_at,
      ]);
    }
    expect((await ctx.anon.get('/ready')).statusCode).toBe(200);
  });

  it('are not in the OpenAPI document (it describes /app)', async () => {
    const doc = (await ctx.anon.get('/app/openapi.json')).json();
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/app/'))).toEqual([]);
  });

  it('/metrics does not exist without METRICS_TOKEN', async () => {
    expect((await ctx.anon.get('/metrics')).statusCode).toBe(404);
  });
});

describe('request id', () => {
  it('is generated, answered as X-Request-Id, and a client-sent one is ignored without TRUST_PROXY', async () => {
    const ctx = await createTestApp();
    try {
      const a = await ctx.anon.get('/health', { headers: { 'x-request-id': 'from-client-1' } });
      const b = await ctx.anon.get('/app/no-such-thing');
      expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    } finally {
      await ctx.close();
    }
  });

  it('is taken from the proxy with TRUST_PROXY when it is a short safe token, else generated', async () => {
    const ctx = await createTestApp({ TRUST_PROXY: true });
    try {
      const kept = await ctx.anon.get('/health', { headers: { 'x-request-id': 'lb-4f2a.9_x' } });
      expect(kept.headers['x-request-id']).toBe('lb-4f2a.9_x');
      for (const bad of ['a b', 'x'.repeat(65), 'id\n{"level":60}', '<script>']) {
        const res = await ctx.anon.get('/health', { headers: { 'x-request-id': bad } });
        expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await ctx.close();
    }
  });
});

describe('metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => ctx.close());

  it('ask for the bearer token', async () => {
    expect((await ctx.anon.get('/metrics')).statusCode).toBe(401);
    expect((await ctx.anon.get('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    expect((await ctx.anon.get('/metrics?bearer=' + TOKEN)).statusCode).toBe(401);
  });

  it('count requests per route pattern (never the raw URL), method and status, with pool and process metrics', async () => {
    // The registry is the process's (other test files in this worker count into it too): the
    // two calls add two to the route pattern's count.
    const counted = async () => {
      const res = await ctx.anon.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      const m = /http_request_duration_seconds_count\{route="\/app\/order\/create\/:id",method="GET",status="401"\} (\d+)/.exec(res.body);
      return { res, count: Number(m?.[1] ?? 0) };
    };
    const before = (await counted()).count;
    await ctx.anon.get('/app/order/create/987654');
    await ctx.anon.get('/app/order/create/123456');
    const { res, count } = await counted();
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(count).toBe(before + 2);
    // Not in any label (the route label is the pattern); a duration's digits may hold it by chance,
    // and the registry holds every test file's requests of this worker.
    expect(text).not.toMatch(/="[^"]*987654[^"]*"/);
    expect(text).toMatch(/lunch_db_pool_connections\{state="in_use"\} \d+/);
    expect(text).toMatch(/lunch_db_pool_waiting \d+/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('with METRICS=false leave answers untimed (the rest of /metrics stays)', async () => {
    const untimed = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS: false });
    try {
      const histogram = async () =>
        (await httpDuration.get()).values.find(
          (v) => v.metricName === 'http_request_duration_seconds_count' && v.labels.route === '/app/me' && v.labels.status === 401,
        )?.value ?? 0;
      const before = await histogram();
      expect((await untimed.anon.get('/app/me')).statusCode).toBe(401);
      expect(await histogram()).toBe(before);
      const res = await untimed.anon.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.body).toMatch(/lunch_db_pool_connections\{state="in_use"\} \d+/);
      // The same call on the timed app is counted.
      await ctx.anon.get('/app/me');
      expect(await histogram()).toBe(before + 1);
    } finally {
      await untimed.close();
    }
  });

  it('count placed and refused orders', async () => {
    const count = async (result: string) => (await ordersCounter.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
    const [placed, refused] = [await count('placed'), await count('refused')];
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const order = (qty: number) =>
      c.post('/app/order/create', { dishlist_id: w.menu.id, items: [{ id: w.soup.id, qty }], payment_type: 'cash', terms: true });
    expect((await order(1)).statusCode).toBe(200);
    // 5 soups in stock, 1 taken: 9 more are refused.
    expect((await order(9)).statusCode).toBe(422);
    expect(await count('placed')).toBe(placed + 1);
    expect(await count('refused')).toBe(refused + 1);
    const text = (await ctx.anon.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(text).toMatch(/lunch_orders_total\{result="placed"\} [1-9]/);
  });

  it('count payments by outcome (a replayed notification once) and mail by event', async () => {
    const valueOf = async (c: typeof paymentsCounter | typeof mailCounter, label: string) =>
      (await c.get()).values.find((v) => Object.values(v.labels).includes(label))?.value ?? 0;
    const [paid, failed, kept] = [
      await valueOf(paymentsCounter, 'paid'),
      await valueOf(paymentsCounter, 'failed'),
      await valueOf(mailCounter, 'kept'),
    ];
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const notify = async (status: string) => {
      const res = await c.post('/app/order/create', {
        dishlist_id: w.menu.id,
        items: [{ id: w.soup.id, qty: 1 }],
        payment_type: 'card',
        terms: true,
      });
      expect(res.statusCode).toBe(200);
      const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, res.json().order_id));
      const note = sandboxGateway(ctx.deps.env).sign({
        reference: payment!.reference,
        status,
        amount_cents: payment!.amountCents,
        ts: Math.floor(now.getTime() / 1000),
      });
      for (let i = 0; i < 2; i++) {
        expect((await ctx.anon.post('/app/payments/notify/sandbox', note)).statusCode).toBe(200);
      }
    };
    await notify('approved');
    await notify('declined');
    expect(await valueOf(paymentsCounter, 'paid')).toBe(paid + 1);
    expect(await valueOf(paymentsCounter, 'failed')).toBe(failed + 1);
    await ctx.deps.mailer.send({ to: 'x@test.lv', subject: 's', text: 't' });
    expect(await valueOf(mailCounter, 'kept')).toBe(kept + 1);
  });
});

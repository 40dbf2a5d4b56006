import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { connect } from '../../db/client.js';
import { loadEnv } from '../../env.js';
import type { App } from '../../lib/context.js';
import type { Change } from '../../lib/events.js';
import { createMailer } from '../../lib/mail.js';
import { registry } from '../../lib/metrics.js';
import { makeClient } from '../../test/client.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { signedIn } from '../../test/factories.js';
import { createSession } from '../../lib/auth.js';
import { customerAt, menuWorld } from '../ordering/ordering.factories.js';
import { SESSION_RECHECK_MS, textFor } from './events.routes.js';

/** One open stream read as it arrives: its events, with their ids. */
interface Reader {
  status: number;
  events: { id: string | null; data: Record<string, unknown> }[];
  /** Resolves when an event matching `match` has arrived (rejects after `ms`). */
  next(match: (data: Record<string, unknown>) => boolean, ms?: number): Promise<{ id: string | null; data: Record<string, unknown> }>;
  /** Whether the server has ended the stream. */
  ended(): boolean;
  close(): void;
}

async function openStream(base: string, path: string, headers: Record<string, string>): Promise<Reader> {
  const abort = new AbortController();
  const res = await fetch(`${base}${path}`, { headers, signal: abort.signal });
  const events: Reader['events'] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  // A refused stream's answer is read to its end, so its connection is not left half-read.
  if (!res.ok) await res.text();
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: string | null = null;
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) id = line.slice(4);
              if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) events.push({ id, data: JSON.parse(data) as Record<string, unknown> });
            for (const w of waiters) w();
          }
        }
        ended = true;
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    events,
    next(match, ms = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find((e) => match(e.data));
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    ended: () => ended,
    close: () => abort.abort(),
  };
}

/** Resolves once the server has ended `stream` (fails after `ms`). */
async function endsWithin(stream: Reader, ms = 3000) {
  await expect.poll(() => stream.ended(), { timeout: ms, interval: 25 }).toBe(true);
}

const order = (menuId: number, dishId: number) => ({
  dishlist_id: menuId,
  items: [{ id: dishId, qty: 1 }],
  payment_type: 'cash',
  terms: true,
});

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  // The test's fetch client may hold an unused connection open to this server (it opens one
  // after a server-ended stream); a server stopping for real cuts such sockets at its timeout.
  ctx.app.server.closeAllConnections();
  await ctx.close();
});

describe('GET /app/events', () => {
  it('answers 401 without a bearer token', async () => {
    const res = await ctx.anon.get('/app/events');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it("tells a customer of their provider's orders and menu edits (no order ids), and nothing of another provider", async () => {
    const now = ctx.clock.now();
    const a = await menuWorld(ctx.db, now);
    const b = await menuWorld(ctx.db, now);
    const customerA = ctx.as(await customerAt(ctx.db, now));
    const customerB = ctx.as(await customerAt(ctx.db, now));
    const manager = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const streamA = await openStream(base, `/app/events?provider_id=${a.provider.id}`, customerA.auth);
    const staffA = await openStream(base, `/app/events?provider_id=${a.provider.id}`, manager.auth);
    expect(streamA.status).toBe(200);
    try {
      // An order on B's menu, a balance edit on B's menu, then an order on A's menu.
      const onB = await customerB.post('/app/order/create', order(b.menu.id, b.main.id));
      expect(onB.statusCode).toBe(200);
      const balance = await manager.post(`/app/dishlists/${b.menu.id}/balance?provider_id=${b.provider.id}`, {
        balance: [{ id: b.soup.id, qty: 3 }],
      });
      expect(balance.statusCode).toBe(200);
      const onA = await customerA.post('/app/order/create', order(a.menu.id, a.main.id));
      expect(onA.statusCode).toBe(200);
      const orderId = onA.json().order_id as number;

      // The main dish is unlimited: the order took no stock anyone sees.
      const seen = await streamA.next((d) => d.type === 'order');
      expect(seen.data).toEqual({ type: 'order', menuId: a.menu.id, stockLeft: [] });
      expect(seen.id).toMatch(/^[0-9a-f]+-\d+$/);
      expect((await staffA.next((d) => d.type === 'order')).data).toEqual({ type: 'order', menuId: a.menu.id, orderId, stockLeft: [] });
      // B's order and balance edit were committed before A's order: had they been sent to A's
      // streams, they would have arrived first.
      expect(streamA.events.map((e) => e.data.menuId)).toEqual([a.menu.id]);
      expect(staffA.events.map((e) => e.data.menuId)).toEqual([a.menu.id]);
    } finally {
      streamA.close();
      staffA.close();
    }
  });

  it("an order's event carries the stock it left, so pages show it without a refetch; a cancel's does not", async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const stream = await openStream(base, `/app/events?provider_id=${w.provider.id}`, c.auth);
    try {
      // The soup has 5 in stock; two soups and an unlimited main leave 3 soups.
      const placed = await c.post('/app/order/create', {
        ...order(w.menu.id, w.soup.id),
        items: [
          { id: w.soup.id, qty: 2 },
          { id: w.main.id, qty: 1 },
        ],
      });
      expect(placed.statusCode).toBe(200);
      expect((await stream.next((d) => d.type === 'order')).data).toEqual({
        type: 'order',
        menuId: w.menu.id,
        stockLeft: [[w.soup.id, 3]],
      });
      const cancelled = await c.post(`/app/order/${placed.json().order_id as number}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      // The stock went back up: the event says only that the menu's orders changed (refetch).
      await expect.poll(() => stream.events.length).toBe(2);
      expect(stream.events[1]!.data).toEqual({ type: 'order', menuId: w.menu.id });
    } finally {
      stream.close();
    }
  });

  it('resumes after a drop with Last-Event-ID: the missed events, then live ones; an unknown id asks for a reset', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const query = `/app/events?provider_id=${w.provider.id}`;
    const first = await openStream(base, query, c.auth);
    const place = async () => expect((await c.post('/app/order/create', order(w.menu.id, w.main.id))).statusCode).toBe(200);
    await place();
    const before = await first.next((d) => d.type === 'order');
    first.close();

    // While disconnected: a menu edit and another order.
    const manager = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    expect(
      (await manager.post(`/app/dishlists/${w.menu.id}/balance?provider_id=${w.provider.id}`, { balance: [{ id: w.soup.id, qty: 9 }] }))
        .statusCode,
    ).toBe(200);
    await place();
    // Both missed events have reached this instance's feed before the client comes back.
    await new Promise((r) => setTimeout(r, 300));

    const again = await openStream(base, query, { ...c.auth, 'last-event-id': before.id! });
    const unknown = await openStream(base, query, { ...c.auth, 'last-event-id': 'ffff-1' });
    try {
      await again.next((d) => d.type === 'order');
      expect(again.events.map((e) => e.data.type)).toEqual(['menu', 'order']);
      expect(new Set(again.events.map((e) => e.id)).size).toBe(2);
      expect(again.events.map((e) => e.id)).not.toContain(before.id);
      expect((await unknown.next((d) => d.type === 'reset')).data).toEqual({ type: 'reset' });
    } finally {
      again.close();
      unknown.close();
    }
  });

  it('when the LISTEN connection drops: open streams end, new ones get 503, and after it reconnects events flow again', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const query = `/app/events?provider_id=${w.provider.id}`;
    const open = await openStream(base, query, c.auth);
    const ended = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (ctx.app.changes.listening) return;
        clearInterval(check);
        resolve();
      }, 10);
    });
    await ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen lunch_changes%'`,
    );
    await ended;
    expect((await c.get(query)).statusCode).toBe(503);
    open.close();
    await expect.poll(() => ctx.app.changes.listening, { timeout: 5000 }).toBe(true);
    const again = await openStream(base, query, c.auth);
    try {
      const placed = await c.post('/app/order/create', order(w.menu.id, w.main.id));
      expect(placed.statusCode).toBe(200);
      expect((await again.next((d) => d.type === 'order')).data).toEqual({ type: 'order', menuId: w.menu.id, stockLeft: [] });
    } finally {
      again.close();
    }
  });

  it('counts open streams in the metrics registry', async () => {
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const gauge = async () => (await registry.getSingleMetricAsString('lunch_event_streams_open')).match(/ (\d+)$/m)![1];
    const before = Number(await gauge());
    const s = await openStream(base, '/app/events', c.auth);
    expect(Number(await gauge())).toBe(before + 1);
    s.close();
    await expect.poll(async () => Number(await gauge())).toBe(before);
  });
});

describe('a stream lives only as long as its session, user and role', () => {
  it('sign-out ends the stream of that session (another session of the same user keeps its own)', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const otherToken = await createSession(ctx.db, c.user.id, true, now);
    const query = `/app/events?provider_id=${w.provider.id}`;
    const stream = await openStream(base, query, c.auth);
    const other = await openStream(base, query, { authorization: `Bearer ${otherToken}` });
    try {
      expect(stream.status).toBe(200);
      expect((await c.post('/app/logout')).statusCode).toBe(200);
      await endsWithin(stream);
      // The other browser's session is still signed in: its stream goes on and still hears orders.
      const placed = await ctx.as({ token: otherToken }).post('/app/order/create', order(w.menu.id, w.main.id));
      expect(placed.statusCode).toBe(200);
      await other.next((d) => d.type === 'order');
      expect(other.ended()).toBe(false);
      // Reconnecting with the signed-out token is refused.
      expect((await openStream(base, query, c.auth)).status).toBe(401);
    } finally {
      stream.close();
      other.close();
    }
  });

  it('deactivating a kitchen user ends their streams', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const cook = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const stream = await openStream(base, `/app/events?provider_id=${w.provider.id}`, cook.auth);
    const adminStream = await openStream(base, `/app/events?provider_id=${w.provider.id}`, admin.auth);
    try {
      expect(stream.status).toBe(200);
      const off = await admin.post(`/app/admin/users/${cook.user.id}/deactivate`);
      expect(off.statusCode).toBe(200);
      await endsWithin(stream);
      expect(adminStream.ended()).toBe(false);
    } finally {
      stream.close();
      adminStream.close();
    }
  });

  it('a role change ends the stream (it was opened for the old role); the page reconnects as the new one', async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const cook = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Ieva' }, now));
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const query = `/app/events?provider_id=${w.provider.id}`;
    const stream = await openStream(base, query, cook.auth);
    try {
      // A save that changes nothing of the role leaves the stream open.
      const same = { first_name: 'Ieva', phone: '', location_id: null, role: 'kitchen', is_location_manager: false };
      expect((await admin.put(`/app/admin/users/${cook.user.id}`, same)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.ended()).toBe(false);
      const demoted = await admin.put(`/app/admin/users/${cook.user.id}`, { ...same, role: 'customer' });
      expect(demoted.statusCode).toBe(200);
      await endsWithin(stream);
      // The same session opens a customer's stream: no order ids any more.
      const again = await openStream(base, query, cook.auth);
      try {
        expect(again.status).toBe(200);
        const c = ctx.as(await customerAt(ctx.db, now));
        await c.post('/app/order/create', order(w.menu.id, w.main.id));
        expect((await again.next((d) => d.type === 'order')).data).not.toHaveProperty('orderId');
      } finally {
        again.close();
      }
    } finally {
      stream.close();
    }
  });

  it(`re-checks every open stream's session on an interval (${SESSION_RECHECK_MS / 1000} s): a session that ended without a word (expired, deleted) ends its stream`, async () => {
    // This app re-checks every 300 ms (the one knob, injected through deps), so the test need not wait 30 s.
    let other: Awaited<ReturnType<typeof createTestApp>> | null = null;
    try {
      other = await createTestApp({}, { streamSessionRecheckMs: 300 });
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      const otherBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const now = other.clock.now();
      const c = other.as(await customerAt(other.db, now));
      const kept = other.as(await customerAt(other.db, now));
      const stream = await openStream(otherBase, '/app/events', c.auth);
      const keptStream = await openStream(otherBase, '/app/events', kept.auth);
      try {
        expect(stream.status).toBe(200);
        // Gone behind the app's back: no notification.
        await other.db.execute(sql`delete from sessions where user_id = ${c.user.id}`);
        await endsWithin(stream);
        expect(keptStream.ended()).toBe(false);
        // A session past its lifetime goes the same way.
        await new Promise((r) => setTimeout(r, 700));
        expect(keptStream.ended()).toBe(false);
        other.clock.advance(31 * 24 * 3600_000);
        await endsWithin(keptStream);
      } finally {
        stream.close();
        keptStream.close();
      }
    } finally {
      await other?.close();
    }
  });
});

describe('a batch of events as one stream reads it', () => {
  const batch = [
    {
      id: 'a-1',
      type: 'order' as const,
      menuId: 1,
      orderId: 10,
      providerId: 1,
      stockLeft: [
        [5, 3],
        [6, 9],
      ] as [number, number][],
    },
    { id: 'a-2', type: 'order' as const, menuId: 2, orderId: 11, providerId: 2, stockLeft: [[7, 1]] as [number, number][] },
    { id: 'a-3', type: 'order' as const, menuId: 1, orderId: 12, providerId: 1, stockLeft: [[5, 2]] as [number, number][] },
    { id: 'a-4', type: 'menu' as const, menuId: 1, providerId: 1 },
    { id: 'a-5', type: 'order' as const, menuId: 1, orderId: 13, providerId: 1, stockLeft: [[6, 8]] as [number, number][] },
  ];
  const ids = (text: string) => [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);

  it('staff get every event of their provider, with order ids', () => {
    const text = textFor(batch, 1, true);
    expect(ids(text)).toEqual(['a-1', 'a-3', 'a-4', 'a-5']);
    expect(text).toContain('"orderId":13,"stockLeft":[[6,8]]');
  });

  it("customers get one event per menu and kind, the batch's last (so resuming from it misses nothing), without order ids", () => {
    const text = textFor(batch, 1, false);
    expect(ids(text)).toEqual(['a-4', 'a-5']);
    expect(text).not.toContain('orderId');
    expect(textFor(batch, 3, false)).toBe('');
  });

  it("a customer's one event per menu carries the stock left after all the batch's orders: each dish's lowest figure", () => {
    // a-1 left 3 soups (5) and 9 mains (6), a-3 two soups, a-5 eight mains; a later event of an
    // earlier commit (5 at 4) does not raise what is shown.
    const late = { id: 'a-6', type: 'order' as const, menuId: 1, orderId: 9, providerId: 1, stockLeft: [[5, 4]] as [number, number][] };
    const data = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)) as unknown);
    expect(data(textFor([...batch, late], 1, false))).toEqual([
      { type: 'menu', menuId: 1 },
      {
        type: 'order',
        menuId: 1,
        stockLeft: [
          [5, 2],
          [6, 8],
        ],
      },
    ]);
  });

  it('when any order the event covers did not carry its stock (a cancel), the event carries none and pages refetch', () => {
    const cancel = { id: 'a-6', type: 'order' as const, menuId: 1, orderId: 10, providerId: 1, stockLeft: null };
    expect(textFor([...batch, cancel], 1, false)).toContain('data: {"type":"order","menuId":1}\n');
    expect(textFor([cancel, ...batch], 1, false)).toContain('data: {"type":"order","menuId":1}\n');
  });
});

describe('two instances on one database', () => {
  let b: App;
  let closeB: () => Promise<void>;
  beforeAll(async () => {
    const database = connect((ctx.deps.database.pool.options as { connectionString: string }).connectionString, 5);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', PAYMENT_SECRET: 'test-payment-secret-0123456789' });
    b = await buildApp(
      { env, database, mailer: createMailer(database.db, { from: env.MAIL_FROM }), now: ctx.clock.now },
      { serveWeb: false, logger: false },
    );
    await b.listen({ port: 0, host: '127.0.0.1' });
    closeB = async () => {
      await b.close();
      await database.close();
    };
  });
  afterAll(async () => closeB());

  it("an order placed on one reaches the other's streams and drops the other's read cache of that menu", async () => {
    const now = ctx.clock.now();
    const w = await menuWorld(ctx.db, now);
    const c = ctx.as(await customerAt(ctx.db, now));
    const address = b.server.address();
    const baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const onB = await openStream(baseB, `/app/events?provider_id=${w.provider.id}`, c.auth);
    // What B's order-page caches hear (ordering.routes.ts subscribes them to the same bus).
    const heardByB: Change[] = [];
    const unsubscribe = b.changes.subscribe((change) => heardByB.push(change));
    try {
      const placed = await c.post('/app/order/create', order(w.menu.id, w.soup.id));
      expect(placed.statusCode).toBe(200);
      // With the stock it left (the soup had 5), through PostgreSQL's notification.
      expect((await onB.next((d) => d.type === 'order')).data).toEqual({ type: 'order', menuId: w.menu.id, stockLeft: [[w.soup.id, 4]] });
      expect(heardByB).toEqual([{ type: 'order', menuId: w.menu.id, orderId: placed.json().order_id }]);
      // Once, not twice: the instance that placed it told its own caches directly, not again from the echo.
      const heardByA: Change[] = [];
      const offA = ctx.app.changes.subscribe((change) => heardByA.push(change));
      ctx.app.changes.publish({ type: 'menu', menuId: w.menu.id });
      await onB.next((d) => d.type === 'menu');
      offA();
      expect(heardByA).toEqual([{ type: 'menu', menuId: w.menu.id }]);
      // The stock B answers afterwards is the new one.
      const page = await makeClient(b, c.token).get(`/app/order/create/${w.menu.id}`);
      expect(page.statusCode).toBe(200);
    } finally {
      unsubscribe();
      onB.close();
    }
  });

  it("a rush of orders with long stock figures all reach the other instance (notifications stay under PostgreSQL's payload limit)", async () => {
    const heard: { orderId: number; stockLeft: unknown }[] = [];
    const off = b.changes.listen((signal) => {
      if (signal.kind === 'event' && signal.event.type === 'order' && signal.event.menuId === 999_999)
        heard.push({ orderId: signal.event.orderId, stockLeft: signal.event.stockLeft });
    });
    try {
      // 40 dishes each (about 400 bytes): 100 of them would be 40 kB in one notification.
      const long = Array.from({ length: 40 }, (_, i): [number, number] => [1000 + i, 100 + i]);
      // Over 1,000 bytes: sent without it (the pages refetch).
      const tooLong = Array.from({ length: 120 }, (_, i): [number, number] => [1000 + i, 100 + i]);
      for (let i = 1; i <= 150; i++) ctx.app.changes.publish({ type: 'order', menuId: 999_999, orderId: i, stockLeft: long });
      ctx.app.changes.publish({ type: 'order', menuId: 999_999, orderId: 151, stockLeft: tooLong });
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(151);
      expect(heard.map((h) => h.orderId)).toEqual(Array.from({ length: 151 }, (_, i) => i + 1));
      expect(heard.slice(0, 150).every((h) => JSON.stringify(h.stockLeft) === JSON.stringify(long))).toBe(true);
      expect(heard[150]!.stockLeft).toBeNull();
    } finally {
      off();
    }
  });

  it("sign-out, deactivation and a role change on one end the user's streams on the other within seconds", async () => {
    const now = ctx.clock.now();
    const address = b.server.address();
    const baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const admin = ctx.as(await signedIn(ctx.db, { role: 'admin' }, now));
    const c = ctx.as(await customerAt(ctx.db, now));
    const cook = ctx.as(await signedIn(ctx.db, { role: 'kitchen' }, now));
    const chef = ctx.as(await signedIn(ctx.db, { role: 'kitchen', firstName: 'Chef' }, now));
    const onB = await openStream(baseB, '/app/events', c.auth);
    const cookOnB = await openStream(baseB, '/app/events', cook.auth);
    const chefOnB = await openStream(baseB, '/app/events', chef.auth);
    try {
      // B has the sessions in its cache now; each change is made on A.
      expect([onB.status, cookOnB.status, chefOnB.status]).toEqual([200, 200, 200]);
      expect((await c.post('/app/logout')).statusCode).toBe(200);
      await endsWithin(onB);
      // At once on B too, not after its session cache's second.
      expect((await makeClient(b, c.token).get('/app/me')).statusCode).toBe(401);
      expect(cookOnB.ended()).toBe(false);
      expect((await admin.post(`/app/admin/users/${cook.user.id}/deactivate`)).statusCode).toBe(200);
      await endsWithin(cookOnB);
      expect(chefOnB.ended()).toBe(false);
      const demote = { first_name: 'Chef', phone: '', location_id: null, role: 'customer', is_location_manager: false };
      expect((await admin.put(`/app/admin/users/${chef.user.id}`, demote)).statusCode).toBe(200);
      await endsWithin(chefOnB);
    } finally {
      onB.close();
      cookOnB.close();
      chefOnB.close();
    }
  });

  it('a stopping instance ends its open streams at once instead of waiting for them', async () => {
    const c = ctx.as(await customerAt(ctx.db, ctx.clock.now()));
    const address = b.server.address();
    const baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const open = await openStream(baseB, '/app/events', c.auth);
    expect(open.status).toBe(200);
    const started = Date.now();
    await closeB();
    closeB = async () => undefined;
    expect(Date.now() - started).toBeLessThan(2000);
    open.close();
  });
});

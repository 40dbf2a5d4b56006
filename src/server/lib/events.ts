import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Changes committed by any instance, told to whoever keeps data derived from them (design
 * section 7, the event stream; decision 030).
 *
 * - `publish()` (after the commit) tells this instance's subscribers at once (the order page's
 *   read caches drop the menu, so this instance never serves the old state), and queues the
 *   change: the changes of NOTIFY_BATCH_MS go out in one `pg_notify` on the channel `lunch_changes`.
 * - One dedicated LISTEN connection per instance receives every instance's notifications, in
 *   commit order. Other instances' changes go to the local subscribers too (their caches drop);
 *   all of them, this instance's own included, become stream events (`GET /app/events`) with
 *   the menu's provider, which the notify statement looks up, so the stream can scope them.
 * - Event ids are `<instance tag>-<n>`, made by the publishing instance; every instance keeps the
 *   last events in arrival order (the same commit order everywhere), so a client may resume with
 *   `Last-Event-ID` on any instance that was listening when that event came; else it is told to
 *   refetch everything (`since()` answers null).
 */
export type Change =
  | { type: 'menu'; menuId: number; providerId?: number }
  | { type: 'order'; menuId: number; orderId: number; providerId?: number; stockLeft?: StockLeft };

/**
 * The limited dishes a placed order took, with the stock left after it: [dish id, qty left].
 * Only an order's placing carries it (it only ever lowers stock); an order change without it
 * (a cancel, a payment, a delete) has the pages refetch the menu.
 */
export type StockLeft = [number, number][];

/** What code outside a request (jobs, services) needs of the bus: publishing after a commit. */
export type ChangePublisher = Pick<ChangeBus, 'publish'>;

/** A change as the stream tells it: with its id and its menu's provider (null: unknown, e.g. menu gone). */
export type StreamEvent =
  | { id: string; type: 'menu'; menuId: number; providerId: number | null }
  | { id: string; type: 'order'; menuId: number; orderId: number; providerId: number | null; stockLeft: StockLeft | null };

/** What stream listeners hear: an event, or that the feed stopped (the LISTEN connection dropped, or closing). */
export type StreamSignal = { kind: 'event'; event: StreamEvent } | { kind: 'down' };

export interface ChangeBus {
  /** Call after the change is committed. Subscribers run synchronously and must not throw. */
  publish(change: Change): void;
  /** This instance's changes and every other instance's (caches). */
  subscribe(listener: (change: Change) => void): () => void;
  /** Every instance's changes as stream events, in commit order, while listening. */
  listen(listener: (signal: StreamSignal) => void): () => void;
  /**
   * Users whose sessions, role or status changed on any instance (`announceSessionChange` in
   * lib/auth.ts notifies SESSIONS_CHANNEL in the changing transaction; heard once it commits).
   */
  onSessionChange(listener: (userId: number) => void): () => void;
  /** Whether the LISTEN connection is up (the stream answers 503 otherwise). */
  readonly listening: boolean;
  /** The events after `id`, or null when `id` is not among the recent ones this instance saw. */
  since(id: string): StreamEvent[] | null;
  /** Connects the LISTEN connection (resolves once listening, or after the first failure). */
  start(): Promise<void>;
  /** Sends what is queued, then closes the LISTEN connection for good. */
  close(): Promise<void>;
}

export const CHANNEL = 'lunch_changes';
/** Sign-outs, revoked sessions, deactivations and role changes: the payload is the user id. */
export const SESSIONS_CHANNEL = 'lunch_sessions';
/** Recent events kept for `Last-Event-ID` resumes. */
export const RECENT_EVENTS = 2048;
/** Changes per notification: at most this many (about 40 bytes each without stock)... */
const PER_NOTIFY = 100;
/**
 * ...and at most this many bytes of changes as sent, so the notification stays under PostgreSQL's
 * 8000-byte payload limit (the statement's JSON adds a space after each comma: under 1.5 times).
 */
const NOTIFY_BYTES = 4500;
/** An order's stock left longer than this (bytes) is not sent; the pages refetch instead. */
const STOCK_LEFT_BYTES = 1000;
const RETRY_MS = [500, 1000, 2000, 5000, 10_000];
/** Changes published within this window share one notification (a rush sends hundreds a second). */
export const NOTIFY_BATCH_MS = 20;

/**
 * One statement per batch: the menus' providers looked up, one notification sent (delivered to
 * every listener when this autocommit statement commits).
 * Wire format: `{"s": tag, "c": [[n, "o"|"m", menuId, orderId|null, providerId|null, stockLeft|null], ...]}`.
 */
const NOTIFY_SQL = `select pg_notify('${CHANNEL}', json_build_object('s', $1::text, 'c',
  json_agg(json_build_array(c.n, c.t, c.m, c.o, coalesce(c.p, m.provider_id), c.l) order by c.n))::text)
  from json_to_recordset($2::json) as c(n int, t text, m int, o int, p int, l json) left join menus m on m.id = c.m`;

type Wire = { s: string; c: [number, 'o' | 'm', number, number | null, number | null, StockLeft | null | undefined][] };

type Pending = { n: number; t: 'o' | 'm'; m: number; o: number | null; p: number | null; l: StockLeft | null; size: number };

export interface BusOptions {
  pool: pg.Pool;
  /** Where failures are told (never thrown). */
  warn(message: string, err?: unknown): void;
}

export function createChangeBus({ pool, warn }: BusOptions): ChangeBus {
  const tag = randomBytes(4).toString('hex');
  let seq = 0;
  const local = new Set<(change: Change) => void>();
  const streams = new Set<(signal: StreamSignal) => void>();
  const sessionListeners = new Set<(userId: number) => void>();
  const recent: StreamEvent[] = [];
  let pending: Pending[] = [];
  let flushing: Promise<void> | null = null;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const tellStreams = (signal: StreamSignal) => {
    for (const listener of streams) listener(signal);
  };

  const flush = async () => {
    while (pending.length > 0) {
      let count = 0;
      for (let bytes = 0; count < pending.length && count < PER_NOTIFY; count++) {
        bytes += pending[count]!.size;
        if (bytes > NOTIFY_BYTES && count > 0) break;
      }
      const batch = pending.slice(0, count).map(({ size: _size, ...c }) => c);
      pending = pending.slice(count);
      try {
        await pool.query(NOTIFY_SQL, [tag, JSON.stringify(batch)]);
      } catch (err) {
        // Other instances miss it: their read caches expire within a second anyway; this
        // instance's streams miss it too, and their pages fall back to the next event or poll.
        warn('event notify failed', err);
      }
    }
  };
  const schedule = () => {
    if (flushing) return;
    flushing = new Promise<void>((resolve) => setTimeout(resolve, NOTIFY_BATCH_MS)).then(flush).finally(() => {
      flushing = null;
      if (pending.length > 0) schedule();
    });
  };

  const received = (payload: string | undefined) => {
    let wire: Wire;
    try {
      wire = JSON.parse(payload ?? '') as Wire;
    } catch {
      return;
    }
    const own = wire.s === tag;
    for (const [n, t, menuId, orderId, providerId, stockLeft] of wire.c) {
      const id = `${wire.s}-${n}`;
      const event: StreamEvent =
        t === 'o'
          ? { id, type: 'order', menuId, orderId: orderId ?? 0, providerId, stockLeft: stockLeft ?? null }
          : { id, type: 'menu', menuId, providerId };
      if (!own) {
        const change: Change = t === 'o' ? { type: 'order', menuId, orderId: orderId ?? 0 } : { type: 'menu', menuId };
        for (const listener of local) listener(change);
      }
      recent.push(event);
      if (recent.length > RECENT_EVENTS) recent.splice(0, recent.length - RECENT_EVENTS);
      tellStreams({ kind: 'event', event });
    }
  };

  const sessionChanged = (payload: string | undefined) => {
    const userId = Number(payload);
    if (!Number.isSafeInteger(userId) || userId <= 0) return;
    for (const listener of sessionListeners) listener(userId);
  };

  const dropped = (why: unknown) => {
    const was = client;
    client = null;
    if (was) {
      was.removeAllListeners('notification');
      was.on('error', () => undefined);
      void was.end().catch(() => undefined);
    }
    if (listening) {
      listening = false;
      // Events may be missed from now on: no resume can span the gap.
      recent.length = 0;
      tellStreams({ kind: 'down' });
    }
    if (closed) return;
    if (why) warn('event listener connection lost', why);
    const wait = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
    retryTimer.unref();
  };

  const connect = async () => {
    if (closed || client) return;
    const c = new pg.Client({ connectionString: (pool.options as { connectionString?: string }).connectionString, keepAlive: true });
    client = c;
    c.on('error', (err) => client === c && dropped(err));
    c.on('end', () => client === c && dropped(new Error('connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === CHANNEL) received(msg.payload);
      else if (msg.channel === SESSIONS_CHANNEL) sessionChanged(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}; listen ${SESSIONS_CHANNEL}`);
      if (client !== c) return;
      failures = 0;
      listening = true;
    } catch (err) {
      if (client === c) dropped(err);
    }
  };

  return {
    publish(change) {
      for (const listener of local) listener(change);
      // About 48 bytes per change as sent, plus its stock left (dropped when long: pages refetch).
      const stock = change.type === 'order' && change.stockLeft ? JSON.stringify(change.stockLeft) : '';
      const l = stock && stock.length <= STOCK_LEFT_BYTES ? (change as { stockLeft: StockLeft }).stockLeft : null;
      const size = 48 + (l ? stock.length : 0);
      pending.push({
        n: ++seq,
        t: change.type === 'order' ? 'o' : 'm',
        m: change.menuId,
        o: change.type === 'order' ? change.orderId : null,
        p: change.providerId ?? null,
        l,
        size,
      });
      schedule();
    },
    subscribe(listener) {
      local.add(listener);
      return () => local.delete(listener);
    },
    listen(listener) {
      streams.add(listener);
      return () => streams.delete(listener);
    },
    onSessionChange(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    get listening() {
      return listening;
    },
    since(id) {
      const at = recent.findLastIndex((e) => e.id === id);
      return at < 0 ? null : recent.slice(at + 1);
    },
    start: connect,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      while (flushing) await flushing;
      const c = client;
      client = null;
      if (listening) {
        listening = false;
        tellStreams({ kind: 'down' });
      }
      if (c) await c.end().catch(() => undefined);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeBus;
  }
}

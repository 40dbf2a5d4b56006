import type { ServerResponse } from 'node:http';
import type { Role } from '../../../shared/roles.js';
import { dropCachedUser, liveSessions } from '../../lib/auth.js';
import type { App, Deps } from '../../lib/context.js';
import { userOf } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { StreamEvent } from '../../lib/events.js';
import { eventStreamsOpen } from '../../lib/metrics.js';
import { fileResponse } from '../../lib/openapi.js';
import { eventsText } from './events.messages.js';

/** Open streams one instance serves at most (each holds a socket and a few kilobytes). */
export const MAX_STREAMS = 5000;
/** A comment line this often keeps proxies from closing a quiet stream and lets a client notice a dead one. */
export const HEARTBEAT_MS = 20_000;
/**
 * How long an event may wait to go out with the next ones: 50 ms, longer with many streams (a
 * quarter of a millisecond per open stream, at most 500 ms), so the writes stay about 4,000 a
 * second however many streams are open (each write costs the event loop tens of microseconds;
 * bench:events measured 1,000 streams written every 50 ms taking more than the rush itself).
 */
export function flushDelay(openStreams: number): number {
  return Math.max(50, Math.min(500, Math.round(openStreams / 4)));
}
/** A client that reads slower than this much queued output is cut off (it reconnects and resumes). */
const MAX_QUEUED_BYTES = 64 * 1024;

const EVENT_STREAM = fileResponse(
  'Server-Sent Events (design section 7): `data: {"type":"order","menuId":1,"orderId":2,"stockLeft":[[5,3]]}` or ' +
    '`{"type":"menu","menuId":1}`, each with an `id:` to resume from (`Last-Event-ID`); `{"type":"reset"}` when the ' +
    'events since that id are unknown (refetch everything); a comment line as heartbeat. orderId only for staff. ' +
    'stockLeft ([dish id, qty left] of the limited dishes orders took) only when every order the event covers was a ' +
    'placing; without it, refetch the menu.',
  'text/event-stream',
);

interface Stream {
  res: ServerResponse;
  providerId: number | null;
  staff: boolean;
  /** Whose stream: it ends when this session ends or the user's role or status changes. */
  userId: number;
  sessionId: number;
  role: Role;
}

/**
 * How often every open stream's session is checked again (one query per instance for all of
 * them): a session that ended without a notification reaching this instance (it expired, went
 * idle, or its notification was lost) stops its stream within this time. Sign-out, deactivation
 * and role changes end streams at once through the bus (SESSIONS_CHANNEL).
 */
export const SESSION_RECHECK_MS = 30_000;

/** The wire text of one event for one kind of reader (customers never see order ids). */
function frame(event: StreamEvent, staff: boolean): string {
  const stock = event.type === 'order' && event.stockLeft ? { stockLeft: event.stockLeft } : {};
  const data =
    event.type === 'order'
      ? staff
        ? { type: 'order', menuId: event.menuId, orderId: event.orderId, ...stock }
        : { type: 'order', menuId: event.menuId, ...stock }
      : { type: 'menu', menuId: event.menuId };
  return `id: ${event.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The stock left after all of `events` (order events of one menu): each dish's lowest figure
 * (placing only lowers stock, and events may arrive in another order than their commits); null
 * when any of them does not carry it (a cancel or payment: the page refetches instead).
 */
export function mergedStockLeft(events: readonly StreamEvent[]): [number, number][] | null {
  const left = new Map<number, number>();
  for (const e of events) {
    if (e.type !== 'order' || !e.stockLeft) return null;
    for (const [dish, qty] of e.stockLeft) left.set(dish, Math.min(qty, left.get(dish) ?? qty));
  }
  return [...left];
}

/**
 * The text of a batch of events for the streams of one provider and role. Staff get every event
 * (an incoming-orders page needs each order id); customers, whose events name no order, get one
 * event per menu and kind, the batch's last: in a rush that is a tenth of the bytes and the same
 * refetch, with the stock left after all of the batch's orders of that menu (mergedStockLeft).
 * The last event sent is always the batch's last for that provider, so a resume with its id
 * misses nothing.
 */
export function textFor(events: StreamEvent[], providerId: number, staff: boolean): string {
  const mine = events.filter((e) => e.providerId === providerId);
  if (staff) return mine.map((e) => frame(e, true)).join('');
  const groups = new Map<string, StreamEvent[]>();
  for (const e of mine) {
    const key = `${e.type}:${e.menuId}`;
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  return mine
    .filter((e) => groups.get(`${e.type}:${e.menuId}`)!.at(-1) === e)
    .map((e) => {
      const group = groups.get(`${e.type}:${e.menuId}`)!;
      return frame(e.type === 'order' && group.length > 1 ? { ...e, stockLeft: mergedStockLeft(group) } : e, false);
    })
    .join('');
}

/**
 * GET /app/events: the event stream of the caller's active provider (decision 030). Small events
 * naming what changed; the page refetches through the normal API, so nothing here is data the
 * caller could not read. One listener on the instance's change bus serves every open stream.
 */
export async function eventsRoutes(app: App, deps: Deps) {
  const streams = new Set<Stream>();

  /**
   * Ends the streams whose session a call would no longer accept, or whose user's role is not the
   * one the stream was opened with (what it may see was decided then). The page reconnects: a
   * live session gets a fresh stream for its new role; an ended one gets 401 and is signed out.
   */
  const recheck = async (list: Stream[]) => {
    if (list.length === 0) return;
    let live: Awaited<ReturnType<typeof liveSessions>>;
    try {
      live = await liveSessions(deps.database.db, [...new Set(list.map((s) => s.sessionId))], deps.now());
    } catch (err) {
      // The database is unreachable: the next check (or the bus going down) decides.
      app.log.warn({ err }, 'event stream session check failed');
      return;
    }
    for (const s of list) {
      const session = live.get(s.sessionId);
      if (!session || session.userId !== s.userId || session.role !== s.role) s.res.end();
    }
  };
  const unwatch = app.changes.onSessionChange((userId) => {
    // This instance's session cache forgets the user too: the change holds here at once, not
    // only after the cache's second (decision 003).
    dropCachedUser(deps.database.db, userId);
    void recheck([...streams].filter((s) => s.userId === userId));
  });
  const rechecks = setInterval(() => void recheck([...streams]), deps.streamSessionRecheckMs ?? SESSION_RECHECK_MS);
  rechecks.unref();

  const write = (s: Stream, text: string) => {
    if (s.res.writableEnded || s.res.destroyed) return;
    if (s.res.writableLength > MAX_QUEUED_BYTES) s.res.destroy();
    else s.res.write(text);
  };

  // Events go out together after flushDelay(): during a rush one write per stream and flush
  // (not one per event and stream: 1,000 streams x hundreds of orders/s), each stream's text
  // built once per provider and role.
  let queued: StreamEvent[] = [];
  const flush = () => {
    const events = queued;
    queued = [];
    const texts = new Map<string, string>();
    for (const s of streams) {
      if (s.providerId === null) continue;
      const key = `${s.providerId}:${s.staff ? 's' : 'c'}`;
      let text = texts.get(key);
      if (text === undefined) {
        text = textFor(events, s.providerId, s.staff);
        texts.set(key, text);
      }
      if (text) write(s, text);
    }
  };
  const unlisten = app.changes.listen((signal) => {
    if (signal.kind === 'down') {
      if (queued.length > 0) flush();
      // Nothing reaches the streams any more: end them, so the pages poll until they reconnect.
      for (const s of streams) s.res.end();
      return;
    }
    if (queued.length === 0) setTimeout(flush, flushDelay(streams.size));
    queued.push(signal.event);
  });

  const heartbeat = setInterval(() => {
    for (const s of streams) write(s, ': hb\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Before the server stops taking connections: open streams would hold the graceful stop until
  // its timeout. Ended now, their pages reconnect to another instance.
  app.addHook('preClose', async () => {
    for (const s of streams) s.res.end();
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(rechecks);
    unwatch();
    unlisten();
  });

  app.get(
    '/events',
    {
      config: { access: 'user' },
      schema: {
        tags: ['events'],
        otherResponses: { 200: EVENT_STREAM },
      },
    },
    async (req, reply) => {
      const user = userOf(req);
      if (!app.changes.listening || app.lifecycle.shuttingDown) throw new AppError(503, eventsText.coded('streamDown'));
      if (streams.size >= MAX_STREAMS) throw new AppError(503, eventsText.coded('tooManyStreams'), {}, { 'retry-after': '30' });
      const providerId = await req.providerOrNull();
      const staff = user.role !== 'customer';
      // From here to the stream's registration nothing waits, so no event falls in between.
      const lastId = req.headers['last-event-id'];
      const missed = typeof lastId === 'string' && lastId ? app.changes.since(lastId) : [];

      // The answer is written by hand from here on (Fastify's reply would wait for an end): the
      // headers the hooks set (security headers, request id) go out with it. Nothing compresses
      // or buffers it; onResponse does not run for a hijacked reply, so the request histogram
      // never counts a stream as one long request (the open-streams gauge counts them).
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        // The socket closes with the stream: an ended stream (instance stopping, feed down) never
        // leaves an idle keep-alive connection that a stopping server would wait for.
        connection: 'close',
      });
      res.socket?.setNoDelay(true);
      const s: Stream = { res, providerId, staff, userId: user.id, sessionId: user.sessionId, role: user.role };
      streams.add(s);
      eventStreamsOpen.inc();
      res.on('close', () => {
        if (streams.delete(s)) eventStreamsOpen.dec();
      });
      let opening = ': open\n\n';
      if (missed === null) opening += 'data: {"type":"reset"}\n\n';
      else for (const e of missed) if (e.providerId !== null && e.providerId === providerId) opening += frame(e, staff);
      res.write(opening);
    },
  );
}

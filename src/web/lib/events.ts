import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { api } from './api';
import { useSession } from './session-store';

/**
 * The event stream (design section 7, decision 030): one `GET /app/events` per tab, read with
 * fetch so the bearer token goes in the Authorization header as on every call (EventSource
 * could only put it in the URL). Events only name what changed; pages refetch through the API.
 * Reconnects with backoff and `Last-Event-ID`; `useEventStatus()` says whether it is connected,
 * so pages poll only while it is down.
 */
export type ServerEvent =
  /** stockLeft: [dish id, qty left] of the limited dishes the orders took; absent: refetch the menu. */
  | { type: 'order'; menuId: number; orderId?: number; stockLeft?: [number, number][] }
  | { type: 'menu'; menuId: number }
  /** Events were missed (the server no longer knows the last id): refetch everything. */
  | { type: 'reset' };

export type EventStatus = 'connecting' | 'connected' | 'down';

/** Reads `text/event-stream` chunks: the complete events (`id`, `data`) of each chunk. */
export function createEventParser() {
  let buffer = '';
  return (chunk: string): { id: string | null; data: string }[] => {
    // A CR at a chunk's end may be half of a CRLF: kept raw until the next chunk.
    const raw = buffer + chunk;
    const held = raw.endsWith('\r') ? '\r' : '';
    buffer = raw.slice(0, raw.length - held.length).replace(/\r\n?/g, '\n');
    const out: { id: string | null; data: string }[] = [];
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
        if (field === 'id') id = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) out.push({ id, data: data.join('\n') });
    }
    buffer += held;
    return out;
  };
}

/** Waits between attempts after a drop: 1 s, 2 s, 4 s ... at most 30 s, with jitter. */
export function retryDelay(attempt: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return base / 2 + Math.random() * (base / 2);
}

const listeners = new Set<(event: ServerEvent) => void>();
const statusListeners = new Set<() => void>();
let status: EventStatus = 'down';
let running: AbortController | null = null;

function setStatus(next: EventStatus) {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function tell(event: ServerEvent) {
  for (const l of listeners) l(event);
}

/** What the connection loop uses from its surroundings (the page's by default; a test passes its own). */
export interface StreamDeps {
  fetch: typeof globalThis.fetch;
  url: () => string;
  token: () => string | null;
  /** A 401: the session is over (spec 4: a 401 clears the token); the loop stops. */
  onUnauthorized: () => void;
  onEvent: (event: ServerEvent) => void;
  onStatus: (status: EventStatus) => void;
  delay: (attempt: number) => number;
}

const pageDeps: StreamDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  url: () => api.url('/app/events'),
  token: () => useSession.getState().token,
  onUnauthorized: () => useSession.getState().logout(),
  onEvent: tell,
  onStatus: setStatus,
  delay: retryDelay,
};

/**
 * One connection loop; ends when `signal` aborts (last listener gone, sign-out, provider change)
 * or the server answers 401.
 */
export async function runEventStream(signal: AbortSignal, deps: StreamDeps = pageDeps): Promise<void> {
  let lastId: string | null = null;
  let attempt = 0;
  let everConnected = false;
  while (!signal.aborted) {
    deps.onStatus(attempt === 0 ? 'connecting' : 'down');
    const token = deps.token();
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastId) headers['Last-Event-ID'] = lastId;
      const res = await deps.fetch(deps.url(), { headers, signal, cache: 'no-store' });
      if (res.status === 401) {
        void res.body?.cancel();
        deps.onStatus('down');
        // Only for the session it was asked with: a sign-in in the meantime is not undone.
        if (!signal.aborted && deps.token() === token) deps.onUnauthorized();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      deps.onStatus('connected');
      attempt = 0;
      // Back after a drop with nothing to resume from: what changed meanwhile is unknown.
      if (everConnected && !lastId) deps.onEvent({ type: 'reset' });
      everConnected = true;
      const parse = createEventParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const e of parse(value)) {
          if (e.id) lastId = e.id;
          try {
            deps.onEvent(JSON.parse(e.data) as ServerEvent);
          } catch {
            // not an event of ours
          }
        }
      }
    } catch {
      // a failed connect or a dropped stream: wait and try again
    }
    if (signal.aborted) break;
    deps.onStatus('down');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deps.delay(attempt++));
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}

function restart() {
  running?.abort();
  running = null;
  if (listeners.size === 0 || !useSession.getState().token) {
    setStatus('down');
    return;
  }
  running = new AbortController();
  void runEventStream(running.signal);
}

// Another account or provider gets another stream.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token || state.activeProviderId !== previous.activeProviderId) {
    if (running || listeners.size > 0) restart();
  }
});

/** Listens to the stream while mounted (the stream opens with the first listener, closes with the last). */
export function useServerEvents(onEvent: (event: ServerEvent) => void): void {
  useEffect(() => {
    listeners.add(onEvent);
    if (!running) restart();
    return () => {
      listeners.delete(onEvent);
      if (listeners.size === 0) restart();
    };
  }, [onEvent]);
}

/** Whether the stream is connected; pages fall back to polling while it is not. */
export function useEventStatus(): EventStatus {
  return useSyncExternalStore(
    (l) => (statusListeners.add(l), () => void statusListeners.delete(l)),
    () => status,
  );
}

/**
 * Refetches asked for by events, spaced out per bucket (issue 25: one hook for the order page, the
 * orders page and the kitchen display). The first refetch of a bucket runs at once; later ones no
 * sooner than `gapMs` after the last, and events meanwhile join the one already waiting. An event
 * may ask for an earlier refetch than the one waiting (a shorter gap), which then replaces it.
 */
export class RefetchSpacer {
  private readonly buckets = new Map<string, { last: number; due: number; timer: ReturnType<typeof setTimeout> | null }>();

  constructor(private readonly now: () => number = Date.now) {}

  ask(bucket: string, gapMs: number, refetch: () => void): void {
    const b = this.buckets.get(bucket) ?? { last: Number.NEGATIVE_INFINITY, due: 0, timer: null };
    this.buckets.set(bucket, b);
    const now = this.now();
    const due = Math.max(now, b.last + gapMs);
    if (b.timer) {
      if (b.due <= due) return;
      clearTimeout(b.timer);
    }
    const run = () => {
      b.timer = null;
      b.last = this.now();
      refetch();
    };
    b.due = due;
    if (due <= now) run();
    else b.timer = setTimeout(run, due - now);
  }

  stop(): void {
    for (const b of this.buckets.values()) if (b.timer) clearTimeout(b.timer);
    this.buckets.clear();
  }
}

/** What one event asks a page to refetch: a query (by key prefix) in a bucket of its own, spaced by gapMs. */
export interface LiveRefetch {
  bucket: string;
  queryKey: QueryKey;
  gapMs: number;
}

/**
 * Keeps a page's queries live on the event stream: `route` names what an event refetches (or
 * nothing) and may act on the event at once (e.g. apply the stock it carries); the refetches are
 * spaced by RefetchSpacer. Answers whether the stream is connected (pages poll while it is not).
 * `route` must be stable (useCallback).
 */
export function useLiveRefetch(route: (event: ServerEvent, client: QueryClient) => LiveRefetch | null): boolean {
  const client = useQueryClient();
  const spacer = useRef<RefetchSpacer | null>(null);
  spacer.current ??= new RefetchSpacer();
  useEffect(() => {
    const s = spacer.current;
    return () => s?.stop();
  }, []);
  const onEvent = useCallback(
    (event: ServerEvent) => {
      const asked = route(event, client);
      if (asked) spacer.current?.ask(asked.bucket, asked.gapMs, () => void client.invalidateQueries({ queryKey: asked.queryKey }));
    },
    [client, route],
  );
  useServerEvents(onEvent);
  return useEventStatus() === 'connected';
}

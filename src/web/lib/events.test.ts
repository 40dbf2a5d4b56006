import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventParser, RefetchSpacer, retryDelay, runEventStream, type EventStatus, type ServerEvent } from './events';

describe('the event stream reader', () => {
  it('reads events split anywhere across chunks, skips comments (heartbeats) and keeps ids', () => {
    const parse = createEventParser();
    const text =
      ': open\n\nid: ab-1\ndata: {"type":"order","menuId":4}\n\n: hb\n\nid: ab-2\r\ndata: {"type":"menu",\r\ndata: "menuId":4}\r\n\r\n';
    const out: { id: string | null; data: string }[] = [];
    for (let i = 0; i < text.length; i += 7) out.push(...parse(text.slice(i, i + 7)));
    // Cut right after each CR too: a CRLF split in two is one line end, not two.
    const byCr = createEventParser();
    const split: { id: string | null; data: string }[] = [];
    for (const part of text.split(/(?<=\r)/)) split.push(...byCr(part));
    expect(split).toEqual(out);
    expect(out).toEqual([
      { id: 'ab-1', data: '{"type":"order","menuId":4}' },
      { id: 'ab-2', data: '{"type":"menu",\n"menuId":4}' },
    ]);
  });

  it('waits longer after each failed attempt, at most 30 s', () => {
    expect(retryDelay(0)).toBeGreaterThanOrEqual(500);
    expect(retryDelay(0)).toBeLessThanOrEqual(1000);
    expect(retryDelay(3)).toBeGreaterThanOrEqual(4000);
    expect(retryDelay(50)).toBeLessThanOrEqual(30_000);
  });
});

describe('the connection loop, against a local server', () => {
  it('resumes after a drop with Last-Event-ID, and stops for good on a 401 (the session is over)', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      if (seen.length === 1) {
        // The first connection delivers one event, then drops.
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.end('id: 41\ndata: {"type":"order","menuId":3}\n\n');
      } else {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end('{"message":"Unauthenticated."}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const events: ServerEvent[] = [];
    const statuses: EventStatus[] = [];
    let loggedOut = 0;
    try {
      await runEventStream(new AbortController().signal, {
        fetch: globalThis.fetch,
        url: () => `http://127.0.0.1:${port}/app/events`,
        token: () => 'the-token',
        onUnauthorized: () => loggedOut++,
        onEvent: (e) => events.push(e),
        onStatus: (s) => statuses.push(s),
        delay: () => 10,
      });
    } finally {
      server.close();
    }
    expect(seen).toHaveLength(2); // returned after the 401: no third attempt
    expect(seen[0]!.authorization).toBe('Bearer the-token');
    expect(seen[0]!['last-event-id']).toBeUndefined();
    expect(seen[1]!['last-event-id']).toBe('41');
    expect(events).toEqual([{ type: 'order', menuId: 3 }]);
    expect(loggedOut).toBe(1);
    expect(statuses.at(-1)).toBe('down');
  });
});

describe('refetches spaced per bucket (the order page, the orders page and the kitchen display)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refetches at once, then joins a rush into one refetch per gap, per bucket', () => {
    vi.useFakeTimers();
    const spacer = new RefetchSpacer();
    const done: string[] = [];
    spacer.ask('menu 1', 1_000, () => done.push('1a'));
    expect(done).toEqual(['1a']);
    for (let i = 0; i < 50; i++) spacer.ask('menu 1', 1_000, () => done.push(`1-${i}`));
    // Another bucket is not held back by the first one's rush.
    spacer.ask('menu 2', 1_000, () => done.push('2a'));
    expect(done).toEqual(['1a', '2a']);
    vi.advanceTimersByTime(999);
    expect(done).toEqual(['1a', '2a']);
    vi.advanceTimersByTime(1);
    // One refetch for the fifty events: the first one asked for.
    expect(done).toEqual(['1a', '2a', '1-0']);
    vi.advanceTimersByTime(5_000);
    expect(done).toHaveLength(3);
  });

  it('lets a shorter gap bring the waiting refetch forward, never a longer one push it back', () => {
    vi.useFakeTimers();
    const spacer = new RefetchSpacer();
    const done: string[] = [];
    spacer.ask('m', 1_000, () => done.push('first'));
    spacer.ask('m', 5_000, () => done.push('stock settles'));
    spacer.ask('m', 1_000, () => done.push('menu edit'));
    vi.advanceTimersByTime(1_000);
    expect(done).toEqual(['first', 'menu edit']);
    spacer.ask('m', 1_000, () => done.push('soon'));
    spacer.ask('m', 5_000, () => done.push('later'));
    vi.advanceTimersByTime(1_000);
    expect(done).toEqual(['first', 'menu edit', 'soon']);
    spacer.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { createEventParser, retryDelay } from './events';

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

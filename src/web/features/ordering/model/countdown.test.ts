import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownText, crossedThreshold, msUntilChange, watchCountdown } from './countdown';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('countdownText', () => {
  it('counts minutes (rounded up) in the last hour, seconds in the last minute, hours and minutes before', () => {
    expect(countdownText(42 * M)).toEqual({ kind: 'minutes', count: 42 });
    expect(countdownText(41 * M + 1)).toEqual({ kind: 'minutes', count: 42 });
    expect(countdownText(60 * M)).toEqual({ kind: 'minutes', count: 60 });
    expect(countdownText(M)).toEqual({ kind: 'minutes', count: 1 });
    expect(countdownText(M - 1)).toEqual({ kind: 'seconds', count: 60 });
    expect(countdownText(1)).toEqual({ kind: 'seconds', count: 1 });
    expect(countdownText(2 * H + 5 * M)).toEqual({ kind: 'hours', hours: 2, minutes: 5 });
    expect(countdownText(24 * H + 1)).toEqual({ kind: 'far' });
    expect(countdownText(0)).toEqual({ kind: 'closed' });
    expect(countdownText(-5)).toEqual({ kind: 'closed' });
  });
});

describe('msUntilChange', () => {
  it('wakes at each minute before the last one, then each second', () => {
    expect(msUntilChange(42 * M + 500)).toBe(500);
    expect(msUntilChange(42 * M)).toBe(M);
    expect(msUntilChange(M)).toBe(1);
    expect(msUntilChange(90 * S)).toBe(30 * S);
    expect(msUntilChange(30 * S + 200)).toBe(200);
    expect(msUntilChange(30 * S)).toBe(S);
    expect(msUntilChange(25 * H)).toBe(H);
    expect(msUntilChange(0)).toBe(Infinity);
  });
});

describe('crossedThreshold', () => {
  it('announces 10, 5 and 1 minutes left once, when crossed, never on the first reading or at closing', () => {
    expect(crossedThreshold(null, 5 * M)).toBeNull();
    expect(crossedThreshold(10 * M + 1, 10 * M)).toBe(10);
    expect(crossedThreshold(10 * M, 9 * M)).toBeNull();
    expect(crossedThreshold(6 * M, 5 * M)).toBe(5);
    expect(crossedThreshold(M + 1, M - 1)).toBe(1);
    expect(crossedThreshold(30 * S, 29 * S)).toBeNull();
    expect(crossedThreshold(S, 0)).toBeNull();
    // A device asleep over several thresholds announces the nearest one.
    expect(crossedThreshold(11 * M, 4 * M)).toBe(5);
  });
});

describe('watchCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks each minute, then each second in the last minute, and reports the closing moment by the server’s clock', () => {
    // The device clock is 5 minutes behind the server's.
    const offset = 5 * M;
    const deadline = Date.now() + offset + 3 * M + 30 * S;
    const seen: number[] = [];
    const stop = watchCountdown(
      deadline,
      () => Date.now() + offset,
      (left) => seen.push(left),
    );
    expect(seen).toEqual([3 * M + 30 * S]);

    vi.advanceTimersByTime(30 * S);
    expect(seen.at(-1)).toBe(3 * M);
    vi.advanceTimersByTime(2 * M);
    expect(seen.map((l) => countdownText(l))).toEqual([
      { kind: 'minutes', count: 4 },
      { kind: 'minutes', count: 3 },
      { kind: 'minutes', count: 2 },
      { kind: 'minutes', count: 1 },
    ]);
    const before = seen.length;
    vi.advanceTimersByTime(1);
    expect(countdownText(seen.at(-1)!)).toEqual({ kind: 'seconds', count: 60 });
    vi.advanceTimersByTime(58 * S);
    expect(seen.length - before).toBe(59);
    expect(countdownText(seen.at(-1)!)).toEqual({ kind: 'seconds', count: 2 });
    vi.advanceTimersByTime(S - 1);
    expect(countdownText(seen.at(-1)!)).toEqual({ kind: 'seconds', count: 1 });
    vi.advanceTimersByTime(S);
    expect(seen.at(-1)).toBe(0);
    expect(countdownText(seen.at(-1)!)).toEqual({ kind: 'closed' });

    // Nothing more after closing, and stop() ends it.
    const count = seen.length;
    vi.advanceTimersByTime(10 * M);
    expect(seen.length).toBe(count);
    stop();
  });

  it('stops ticking once stopped', () => {
    const seen: number[] = [];
    const stop = watchCountdown(
      Date.now() + 2 * M,
      () => Date.now(),
      (left) => seen.push(left),
    );
    stop();
    vi.advanceTimersByTime(5 * M);
    expect(seen).toHaveLength(1);
  });
});

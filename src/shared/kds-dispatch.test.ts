import { describe, expect, it } from 'vitest';
import { dispatchUrgency } from './kds-dispatch.js';

describe('dispatchUrgency', () => {
  const at = Date.parse('2026-11-24T12:00:00Z');
  const left = (ms: number) => dispatchUrgency('2026-11-24T12:00:00Z', at - ms);
  it('goes from ok to soon at 30 minutes, urgent at 10, overdue once the time is past', () => {
    expect(left(45 * 60_000)).toEqual({ level: 'ok', minutes: 45 });
    expect(left(30 * 60_000 + 1)).toEqual({ level: 'ok', minutes: 30 });
    expect(left(30 * 60_000)).toEqual({ level: 'soon', minutes: 30 });
    expect(left(10 * 60_000 + 1)).toEqual({ level: 'soon', minutes: 10 });
    expect(left(10 * 60_000)).toEqual({ level: 'urgent', minutes: 10 });
    expect(left(59_999)).toEqual({ level: 'urgent', minutes: 0 });
    expect(left(0)).toEqual({ level: 'urgent', minutes: 0 });
    expect(left(-1)).toEqual({ level: 'overdue', minutes: -1 });
    expect(left(-5 * 60_000)).toEqual({ level: 'overdue', minutes: -5 });
  });
});

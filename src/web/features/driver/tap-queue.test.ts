import { describe, expect, it } from 'vitest';
import type { DriverToday } from '../../../shared/schemas/driver';
import { flushQueue, localTapStore, newTap, withPending, type QueuedTap, type SendOutcome } from './tap-queue';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}
let n = 0;
const tap = (action: QueuedTap['action'], locationId?: number) =>
  newTap({ action, lapId: 1, menuId: 2, locationId }, new Date('2026-11-27T10:00:00Z'), () => `id-${++n}`);

describe('the tap queue', () => {
  it('keeps taps in storage, sends them in order and stops at the first that must wait', async () => {
    const storage = memoryStorage();
    const store = localTapStore('k', storage);
    const [a, b, c] = [tap('departed'), tap('arrived', 5), tap('delivered', 5)];
    store.write([a, b, c]);
    expect(
      localTapStore('k', storage)
        .read()
        .map((t) => t.id),
    ).toEqual([a.id, b.id, c.id]);
    const sent: string[] = [];
    const outcomes: Record<string, SendOutcome> = { [a.id]: 'sent', [b.id]: 'retry' };
    expect(await flushQueue(store, async (t) => (sent.push(t.id), outcomes[t.id] ?? 'sent'))).toEqual({ sent: 1, refused: [] });
    expect(sent).toEqual([a.id, b.id]);
    expect(store.read().map((t) => t.id)).toEqual([b.id, c.id]);
    // Back online: the rest go, in order; a refused one leaves the queue and is returned.
    const done = await flushQueue(store, async (t) => (t.id === c.id ? 'refused' : 'sent'));
    expect(done.sent).toBe(1);
    expect(done.refused.map((t) => t.id)).toEqual([c.id]);
    expect(store.read()).toEqual([]);
    expect(storage.getItem('k')).toBeNull();
  });

  it('shows waiting taps on the day until the server has them', () => {
    const stop = {
      location_id: 5,
      stop: 1,
      title: 'A',
      address: '',
      contact_name: '',
      contact_phone: '',
      window_from: null,
      window_to: null,
      status: null,
      note: '',
      arrived_at: null,
      delivered_at: null,
      hand_over: [],
      portions: 1,
      handed_over: 0,
      cash_to_collect: null,
    };
    const today: DriverToday = {
      laps: [
        { lap_id: 1, menu_id: 2, title: 'L', menu_title: 'M', departs_at: null, departed_at: null, late_minutes: null, stops: [stop] },
      ],
    };
    const shown = withPending(today, [tap('departed'), tap('delivered', 5)]);
    expect(shown.laps[0]!.departed_at).toBe('2026-11-27T10:00:00.000Z');
    expect(shown.laps[0]!.stops[0]).toMatchObject({ status: 'delivered', delivered_at: '2026-11-27T10:00:00.000Z' });
    expect(withPending(today, [])).toBe(today);
  });
});

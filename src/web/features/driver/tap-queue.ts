import type { DriverTapInput, DriverToday, TapAction } from '../../../shared/schemas/driver';

/*
 * The driver's taps waiting to be sent (decision 069). Each tap gets its own id on the phone when
 * tapped; it is kept in localStorage until the server answered it, and sent in tap order. The
 * server applies a tap id once, so a tap sent twice (an answer lost on the way back) is harmless.
 */

export type QueuedTap = DriverTapInput & {
  /** When it was tapped (ISO), to show. */
  tapped_at: string;
};

export interface TapStore {
  read(): QueuedTap[];
  write(taps: QueuedTap[]): void;
}

/** The queue's localStorage key, per user: one phone may be shared across a shift change. */
export const queueKey = (userId: number) => `driver-taps:${userId}`;

/** A store in localStorage (or a stand-in where it cannot be used: private mode, full). */
export function localTapStore(key: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = safeStorage()): TapStore {
  let memory: QueuedTap[] = [];
  return {
    read() {
      if (!storage) return memory;
      try {
        const raw = storage.getItem(key);
        const list: unknown = raw ? JSON.parse(raw) : [];
        return Array.isArray(list) ? (list.filter(isTap) as QueuedTap[]) : [];
      } catch {
        return memory;
      }
    },
    write(taps) {
      memory = taps;
      if (!storage) return;
      try {
        if (taps.length === 0) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(taps));
      } catch {
        // Storage full or refused: the taps stay in memory for this page.
      }
    },
  };
}

function safeStorage() {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isTap = (v: unknown): v is QueuedTap =>
  typeof v === 'object' && v !== null && typeof (v as QueuedTap).id === 'string' && typeof (v as QueuedTap).action === 'string';

/** A new tap with its own id. */
export function newTap(
  input: { action: TapAction; lapId: number; menuId: number; locationId?: number; note?: string; estimate_at?: string },
  now = new Date(),
  makeId: () => string = () => crypto.randomUUID(),
): QueuedTap {
  return { id: makeId(), ...input, tapped_at: now.toISOString() };
}

/** What a send came to: sent (answered), refused (the server will never take it), or not now (retry later). */
export type SendOutcome = 'sent' | 'refused' | 'retry';

/**
 * Sends the queue's taps in order until one must wait: a sent or refused tap leaves the queue
 * (refused ones are returned to be told), a "retry" stops the run with it and the rest kept.
 */
export async function flushQueue(
  store: TapStore,
  send: (tap: QueuedTap) => Promise<SendOutcome>,
): Promise<{ sent: number; refused: QueuedTap[] }> {
  let sent = 0;
  const refused: QueuedTap[] = [];
  for (;;) {
    const [first] = store.read();
    if (!first) break;
    const outcome = await send(first);
    if (outcome === 'retry') break;
    if (outcome === 'sent') sent++;
    else refused.push(first);
    store.write(store.read().filter((t) => t.id !== first.id));
  }
  return { sent, refused };
}

/** The day as the driver sees it: the server's answer with the waiting taps applied on top. */
export function withPending(today: DriverToday, pending: QueuedTap[]): DriverToday {
  if (pending.length === 0) return today;
  return {
    laps: today.laps.map((lap) => {
      const mine = pending.filter((t) => t.lapId === lap.lap_id && t.menuId === lap.menu_id);
      if (mine.length === 0) return lap;
      const departed = mine.find((t) => t.action === 'departed');
      return {
        ...lap,
        departed_at: lap.departed_at ?? departed?.tapped_at ?? null,
        stops: lap.stops.map((s) => {
          let stop = s;
          for (const t of mine.filter((x) => x.locationId === s.location_id)) {
            if (t.action === 'arrived') stop = { ...stop, arrived_at: stop.arrived_at ?? t.tapped_at };
            else if (t.action === 'delivered') stop = { ...stop, status: 'delivered', delivered_at: stop.delivered_at ?? t.tapped_at };
            else if (t.action === 'problem') stop = { ...stop, status: 'problem', note: t.note ?? '' };
          }
          return stop;
        }),
      };
    }),
  };
}

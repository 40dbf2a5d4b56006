import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TapAnswer } from '../../../shared/schemas/driver';
import { api, isApiError } from '../../lib/api';
import { flushQueue, localTapStore, newTap, queueKey, type QueuedTap, type SendOutcome } from './tap-queue';

export const DRIVER_KEY = ['driver', 'today'] as const;

/** While taps wait, sending is tried again this often (and at once when the browser is back online). */
const RETRY_MS = 10_000;

/** One send of a queued tap: answered, refused for good (403, 404, 422) or to try again later. */
async function sendTap({ tapped_at: _tapped, ...body }: QueuedTap): Promise<SendOutcome> {
  try {
    const answer = await api.post<TapAnswer>('/app/driver/taps', body, { rateLimitError: true, silent: true });
    return answer ? 'sent' : 'retry';
  } catch (error) {
    if (!isApiError(error)) return 'retry';
    // No network, the server busy or down, signed out (sent after signing in again): later.
    if (error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500) return 'retry';
    return 'refused';
  }
}

/** Whether the browser says it is online, kept current. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The driver's taps: `tap` queues one (in localStorage, with its id) and sends the queue in
 * order; what could not be sent waits, shown as waiting, and is sent when the browser is back
 * online or on the next retry. `refused` lists taps the server would not take (to tell).
 */
export function useTapQueue(userId: number) {
  const client = useQueryClient();
  const store = useMemo(() => localTapStore(queueKey(userId)), [userId]);
  const [pending, setPending] = useState<QueuedTap[]>(() => store.read());
  const [refused, setRefused] = useState<QueuedTap[]>([]);
  const running = useRef(false);
  const again = useRef(false);

  const flush = useCallback(async () => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    try {
      do {
        again.current = false;
        const done = await flushQueue(store, async (tap) => {
          const outcome = await sendTap(tap);
          setPending(store.read().filter((t) => outcome === 'retry' || t.id !== tap.id));
          return outcome;
        });
        if (done.refused.length) setRefused((r) => [...r, ...done.refused]);
        if (done.sent || done.refused.length) await client.invalidateQueries({ queryKey: DRIVER_KEY });
      } while (again.current);
    } finally {
      running.current = false;
      setPending(store.read());
    }
  }, [client, store]);

  const tap = useCallback(
    (input: Parameters<typeof newTap>[0]) => {
      store.write([...store.read(), newTap(input)]);
      setPending(store.read());
      void flush();
    },
    [flush, store],
  );

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush, store]);

  const waiting = pending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [flush, waiting]);

  return { pending, refused, dismissRefused: () => setRefused([]), tap };
}

/**
 * Changes committed by this instance, told to whoever keeps data derived from them (design
 * section 7, the event stream). Today the subscribers live in this process: the order page's
 * read caches drop a menu the moment its stock, dishes or times change, so the instance that
 * made the change never serves the old state. The browser-facing stream (`GET /app/events`,
 * fed by PostgreSQL LISTEN/NOTIFY across instances) builds on this same bus.
 */
export type Change = { type: 'menu'; menuId: number } | { type: 'order'; menuId: number; orderId: number };

export interface ChangeBus {
  /** Call after the change is committed. Subscribers run synchronously and must not throw. */
  publish(change: Change): void;
  subscribe(listener: (change: Change) => void): () => void;
}

export function createChangeBus(): ChangeBus {
  const listeners = new Set<(change: Change) => void>();
  return {
    publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeBus;
  }
}

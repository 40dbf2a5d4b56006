import type { Database } from '../db/client.js';
import type { App } from './context.js';
import type { JobRunner } from './jobs.js';

export interface ShutdownParts {
  app: App | null;
  runner: JobRunner | null;
  database: Database;
  /** How long requests in flight may take to finish before their connections are cut. */
  timeoutMs: number;
}

/**
 * The graceful stop (SIGTERM, Ctrl-C): /ready answers 503 from now on, the listening socket
 * closes (no new connections; a new request on a kept-alive connection gets 503), requests in
 * flight finish (at most `timeoutMs`, then their connections are cut), the jobs stop, and last the
 * database pool closes, once nothing can use it. Answers whether connections had to be cut.
 */
export async function gracefulShutdown({ app, runner, database, timeoutMs }: ShutdownParts): Promise<{ forced: boolean }> {
  let forced = false;
  if (app) {
    app.lifecycle.shuttingDown = true;
    const timer = setTimeout(() => {
      forced = true;
      app.server.closeAllConnections();
    }, timeoutMs);
    try {
      await app.close();
    } finally {
      clearTimeout(timer);
    }
  }
  await runner?.stop().catch(() => undefined);
  await database.close().catch(() => undefined);
  return { forced };
}

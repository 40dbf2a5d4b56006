/**
 * The journeys' servers (playwright.config.ts): one per Playwright worker, each the built app on
 * its own freshly seeded embedded database, so two journeys running at once never share a
 * customer's subsidy, a dish's stock or a kitchen's board. Worker n talks to server n.
 *
 * E2E_PORT (default 3100) is the first server's port; server n listens on E2E_PORT + 10·n.
 * E2E_WORKERS (default 2, the machine's two cores) sets how many run at once.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function e2eServerURL(index: number): string {
  return `http://127.0.0.1:${E2E_BASE_PORT + 10 * index}`;
}

/** Answers once every worker's server does (scripts/start-e2e-servers.mjs). */
export function e2eReadyURL(): string {
  return `http://127.0.0.1:${E2E_BASE_PORT + 5}`;
}

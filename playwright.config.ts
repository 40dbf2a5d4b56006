import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/chromium';
import { E2E_WORKERS, e2eReadyURL } from './tests/e2e/servers';

/**
 * Browser journeys (tests/e2e/*.e2e.ts) against the built SPA + API on a throwaway, freshly
 * seeded database (`npm run start:e2e`, port 3100). Playwright's own browser download does not
 * work here, so Chromium comes from CHROMIUM_PATH, else Debian's headless shell, else
 * /usr/bin/chromium, else the @sparticuz/chromium package (unpacked by tests/e2e/global-setup.ts),
 * design section 2 and decision 055.
 */

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Prints the run's axe-core violation count (tests/e2e/a11y.ts).
  globalTeardown: './tests/e2e/global-teardown.ts',
  // Two journeys at a time, each worker with its own server and seeded database (tests/e2e/servers.ts);
  // the journey fixture points each worker's baseURL at its server (tests/e2e/a11y.ts).
  workers: E2E_WORKERS,
  // Journey by journey, not file by file: each journey sets up the data it needs (its own users,
  // menus, orders through the API) and leaves none that another one reads, so any journey runs
  // after any other on either worker, and a long file (the route walk) does not hold one worker.
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a journey that needs one has a cause to find (issue 9).
  retries: 0,
  // A journey takes 5-60 s with two running at once on two cores; the limit only stops a hung one.
  timeout: 90_000,
  // 15 s, not 10: the journey fixture's axe-core scan of a page reached anew runs inside the first
  // assertion or action after it (tests/e2e/a11y.ts) and counts against its time.
  expect: { timeout: 15_000 },
  // The list, then the five slowest journeys (tests/e2e/slowest-reporter.ts).
  reporter: [['list'], ['./tests/e2e/slowest-reporter.ts'], ...(process.env.CI ? [['html', { open: 'never' }] as const] : [])],
  use: {
    browserName: 'chromium',
    locale: 'lv-LV',
    timezoneId: 'Europe/Riga',
    // No trace by default (decision 055): recording one (DOM snapshots and a screencast at every
    // action) took 29 % of the journeys' CPU, kept only for a failure. A failure still leaves its
    // screenshot and the page's accessibility snapshot (error-context.md); E2E_TRACE=1 records
    // traces again to look into one (`npx playwright show-trace`).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // No service worker: it would precache the whole app (200 files) in every journey's new
    // browser context. installable.e2e.ts, the journey about the worker, allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Every worker's server, started at once by one script (scripts/start-e2e-servers.mjs), which
  // answers on E2E_PORT + 5 when all of them do. The first run builds the SPA (npm test has).
  webServer: {
    command: 'node scripts/start-e2e-servers.mjs',
    url: `${e2eReadyURL()}/`,
    // PUBLIC_URL (per server, set by the script): company sign-in's redirect address must be the
    // address the browser uses.
    reuseExistingServer: !process.env.CI,
    // A first run builds the SPA and starts PostgreSQL.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

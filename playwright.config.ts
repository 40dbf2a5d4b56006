import { defineConfig } from '@playwright/test';
import { chromiumPath } from './tests/e2e/chromium';

/**
 * Browser journeys (tests/e2e/*.e2e.ts) against the built SPA + API on a throwaway, freshly
 * seeded database (`npm run start:e2e`, port 3100). Playwright's own browser download does not
 * work here, so Chromium comes from CHROMIUM_PATH, else /usr/bin/chromium, else the
 * @sparticuz/chromium package (unpacked by tests/e2e/global-setup.ts), design section 2.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Prints the run's axe-core violation count (tests/e2e/a11y.ts).
  globalTeardown: './tests/e2e/global-teardown.ts',
  // One seeded database is shared by all journeys; running them one at a time keeps them independent.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a journey that needs one has a cause to find (issue 9).
  retries: 0,
  timeout: 60_000,
  // 15 s, not 10: the journey fixture's axe-core scan of a page reached anew runs inside the first
  // assertion or action after it (tests/e2e/a11y.ts) and counts against its time.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    locale: 'lv-LV',
    timezoneId: 'Europe/Riga',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'npm run start:e2e',
    url: `${baseURL}/app/translations`,
    // PUBLIC_URL: company sign-in's redirect address must be the address the browser uses.
    env: { PORT: String(PORT), PUBLIC_URL: baseURL },
    reuseExistingServer: !process.env.CI,
    // First run builds the SPA and starts PostgreSQL.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

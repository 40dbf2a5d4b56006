import { rmSync } from 'node:fs';
import path from 'node:path';
import { A11Y_LOG } from './a11y-log';
import { chromiumPath } from './chromium';
import { journeyImportProblems } from './journey-imports';

/**
 * Refuses to run a journey that bypasses the journey fixture (its axe-core scans, decision 021).
 * Last resort for machines without Chromium: the @sparticuz/chromium package unpacks a headless
 * build into the temp folder. Setting CHROMIUM_PATH here reaches the workers, which read the
 * config again after global setup.
 */
export default async function globalSetup() {
  const problems = journeyImportProblems(path.resolve('tests/e2e'));
  if (problems.length > 0) {
    throw new Error(`Journeys must use the journey fixture (tests/e2e/a11y.ts, decision 021):\n  ${problems.join('\n  ')}`);
  }
  // Each run counts its own accessibility violations (global-teardown.ts prints them).
  rmSync(A11Y_LOG, { force: true });
  if (chromiumPath()) return;
  const { default: chromium } = await import('@sparticuz/chromium');
  process.env.CHROMIUM_PATH = await chromium.executablePath();
}

import { rmSync } from 'node:fs';
import { A11Y_LOG } from './a11y-log';
import { chromiumPath } from './chromium';

/**
 * Last resort for machines without Chromium: the @sparticuz/chromium package unpacks a headless
 * build into the temp folder. Setting CHROMIUM_PATH here reaches the workers, which read the
 * config again after global setup.
 */
export default async function globalSetup() {
  // Each run counts its own accessibility violations (global-teardown.ts prints them).
  rmSync(A11Y_LOG, { force: true });
  if (chromiumPath()) return;
  const { default: chromium } = await import('@sparticuz/chromium');
  process.env.CHROMIUM_PATH = await chromium.executablePath();
}

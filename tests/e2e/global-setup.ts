import { chromiumPath } from './chromium';

/**
 * Last resort for machines without Chromium: the @sparticuz/chromium package unpacks a headless
 * build into the temp folder. Setting CHROMIUM_PATH here reaches the workers, which read the
 * config again after global setup.
 */
export default async function globalSetup() {
  if (chromiumPath()) return;
  const { default: chromium } = await import('@sparticuz/chromium');
  process.env.CHROMIUM_PATH = await chromium.executablePath();
}

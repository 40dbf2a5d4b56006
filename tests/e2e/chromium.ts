import { existsSync } from 'node:fs';

/** Debian's Chromium, present on the team's machines. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser for journeys (design section 2): CHROMIUM_PATH, else the system Chromium; undefined
 * means "not known yet" and global setup unpacks @sparticuz/chromium and sets CHROMIUM_PATH.
 */
export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH || (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined);
}

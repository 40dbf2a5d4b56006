import { existsSync } from 'node:fs';

/** Debian's headless shell (package chromium-headless-shell): the journeys' browser (decision 055). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Debian's Chromium, present on the team's machines. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser for journeys (design section 2, decision 055): CHROMIUM_PATH, else Debian's headless
 * shell (the same Chromium without the desktop browser around it: a quarter less CPU per journey),
 * else the system Chromium; undefined means "not known yet" and global setup unpacks
 * @sparticuz/chromium (a headless shell too) and sets CHROMIUM_PATH.
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return [HEADLESS_SHELL, SYSTEM_CHROMIUM].find((path) => existsSync(path));
}

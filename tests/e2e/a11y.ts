import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { A11Y_LOG, type ScanLogLine } from './a11y-log';

/**
 * Accessibility checks for every journey (decision 021). `scanA11y` runs axe-core on the page as
 * it is now; serious and critical violations fail the journey, moderate and minor ones are listed
 * in the output. Journeys import `test` from here, which scans each journey's last page too.
 * Every scan's counts go to a log that the global teardown sums up and prints.
 */

/** WCAG 2.2 A and AA, and axe's experimental rules (label-content-name-mismatch is one of them). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice', 'experimental'];

/** Impacts that fail a journey. */
const FAILING = new Set(['serious', 'critical']);

export async function scanA11y(page: Page, step: string) {
  // A page still fading something in is judged after the animation (reduced motion is emulated,
  // but a spinner may still be replaced by content).
  await page.waitForLoadState('domcontentloaded');
  const started = Date.now();
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    // Only violations come back (passes and inapplicable rules are not read here).
    .options({ resultTypes: ['violations'] })
    // axe.run() in the page itself. The default opens a blank page per scan to merge results
    // across cross-origin frames (the app has none): 3-6 s per scan on a loaded machine, not 0.5 s.
    .setLegacyMode()
    .analyze();
  const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !FAILING.has(v.impact ?? ''));
  const url = new URL(page.url()).pathname;
  const line: ScanLogLine = {
    step,
    url,
    failing: failing.reduce((n, v) => n + v.nodes.length, 0),
    other: other.reduce((n, v) => n + v.nodes.length, 0),
    ms: Date.now() - started,
  };
  mkdirSync(path.dirname(A11Y_LOG), { recursive: true });
  appendFileSync(A11Y_LOG, `${JSON.stringify(line)}\n`);
  for (const v of other) {
    console.log(`a11y (${v.impact}) ${step} ${url}: ${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  const described = failing.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
  );
  expect(described, `serious or critical axe-core violations at "${step}" (${url})`).toEqual([]);
}

/** Focus must stay on something meaningful after an action: never the page body. */
export async function expectFocusNotOnBody(page: Page, moment: string, timeout = 3_000) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body), {
      message: `focus is on the page body after ${moment}`,
      timeout,
    })
    .toBe(true);
}

/**
 * The page scrolls sideways: content is wider than the viewport (WCAG 1.4.10 reflow). Answers 0
 * when it does not; otherwise the overflow in px with the outermost elements past the right edge
 * (outside their own scrolling boxes) and the window's size, so a failure names its cause.
 */
export async function sidewaysOverflow(page: Page): Promise<0 | string> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const over = root.scrollWidth - root.clientWidth;
    if (over <= 0) return 0;
    const width = root.clientWidth;
    const describe = (e: Element) => {
      const cls = typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : '';
      const r = e.getBoundingClientRect();
      return `${e.tagName.toLowerCase()}${cls} (left ${Math.round(r.left)}, right ${Math.round(r.right)}, "${(e.textContent ?? '').trim().slice(0, 40)}")`;
    };
    const past = [...document.body.querySelectorAll('*')].filter((e) => {
      if (e.getClientRects().length === 0 || e.getBoundingClientRect().right <= width + 0.5) return false;
      // Content of a box that scrolls or clips on its own does not widen the page.
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return false;
      }
      // Only the outermost: a parent past the edge already names it.
      const parent = e.parentElement;
      return !parent || parent.getBoundingClientRect().right <= width + 0.5;
    });
    const size = `${window.innerWidth}x${window.innerHeight}, client ${width}, scrollHeight ${root.scrollHeight}`;
    return `${over} px over (${size}): ${past.slice(0, 6).map(describe).join('; ') || 'no element past the edge'}`;
  });
}

/**
 * `test` for journeys: reduced motion emulated (animations are not what the checks judge) and
 * the journey's final page scanned, so a journey without explicit scans is still checked.
 */
export const test = base.extend<{ a11yFinalScan: void }>({
  contextOptions: async ({ contextOptions }, use) => {
    await use({ ...contextOptions, reducedMotion: 'reduce' });
  },
  a11yFinalScan: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || page.url() === 'about:blank') return;
      await scanA11y(page, `end of "${testInfo.title}"`);
    },
    { auto: true },
  ],
});

export { expect };

import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { A11Y_LOG, type ScanLogLine } from './a11y-log';
import { e2eServerURL } from './servers';

/**
 * The journey fixture (decision 021): every journey imports `test` and `expect` from here (the
 * global setup refuses to run a journey that does not, journey-imports.ts), and this `test`
 * scans with axe-core every page state a journey reaches, in every page of every browser context
 * the journey opens:
 *
 * - A page marks itself "to be scanned" (an attribute on <html>, set by an init script) when a
 *   document loads, when the address changes (history push/replace, back/forward), when the
 *   window is resized and when the network goes or comes back.
 * - Playwright runs a locator handler before each action and each auto-waiting assertion while
 *   that mark is there: once the page has settled (loaded, no spinner or loading bar, a heading;
 *   or 4 s after the mark), it is scanned, unless the same state (role, path, online or not)
 *   was already scanned in this run. A page is scanned at one width: axe-core's rules judge the
 *   markup, which is the same at every width. The app's layouts (the side navigation at 900 px
 *   and wider, a drawer below, lists as cards below 600 px) are each scanned once per role, at
 *   the first page a role reaches in that layout; tests/e2e/accessibility-routes.e2e.ts checks
 *   every route's reflow at each width and scans the lists shown as cards (issue 25: a scan
 *   costs 1-3 s, and most of the journeys' time went to scans of a page seen before).
 *   Serious and critical violations fail the journey when it ends; moderate and minor ones are
 *   printed.
 * - When the journey ends, each of its open pages is scanned once more if its state is new to
 *   the run (as above).
 * - `sameStateAs(page, name)` tells the fixture that the pages the journey opens next are one
 *   state whatever their address (one "not found" page at eight addresses): scanned once.
 * - `scanA11y(page, step)` scans the page as it is now (a dialog open, a menu expanded) and
 *   fails at once; it is skipped when the page is in the state its last scan saw.
 *
 * Every scan appends a line to a log that the global teardown sums up and prints.
 */

/** WCAG 2.2 A and AA, and axe's experimental rules (label-content-name-mismatch is one of them). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice', 'experimental'];

/** Impacts that fail a journey. */
const FAILING = new Set(['serious', 'critical']);

/** The mark a page puts on its <html> (value: when, in ms) while its state waits for a scan. */
const MARK = 'data-a11y-pending';

/** A page with a mark older than this is scanned even if it still shows a spinner or no heading. */
const SETTLE_LIMIT_MS = 4_000;

/** How long the handler waits for a page to settle before letting the action go on. */
const SETTLE_WAIT_MS = 2_000;

/**
 * axe-core's script, the copy @axe-core/playwright runs. The fixture puts it in each document
 * once and hands AxeBuilder a no-op script: AxeBuilder evaluates its script twice per scan, and
 * parsing axe-core's 570 kB twice took about 1.2 of a scan's 3 s on a loaded machine.
 */
let axeSource: string | undefined;
function axeCore(): string {
  const require = createRequire(import.meta.url);
  axeSource ??= (createRequire(require.resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;
  return axeSource;
}

/** What the fixture knows of a page. */
interface Tracked {
  /** Role from the page's last GET /app/me answer ("manager" for a location manager). */
  role: string | null;
  /** State key of the page's last scan. */
  lastKey: string | null;
  /** The name its states go by in place of their path (sameStateAs). */
  alias: string | null;
}

/** Pages seen by this worker. */
const tracked = new WeakMap<Page, Tracked>();

/**
 * The app's layouts by viewport width (src/web/styles: the side navigation becomes a drawer
 * below 900 px, the lists' rows become cards below 600 px).
 */
function layoutOf(width: number): 'desktop' | 'drawer' | 'phone' {
  return width >= 900 ? 'desktop' : width >= 600 ? 'drawer' : 'phone';
}

/** What this run has scanned, by this worker or (read from the scan log) by another. */
const scanned = {
  /** Exact states: role, width, path, online. */
  states: new Set<string>(),
  /** Pages: role, path, online (at any width). */
  pages: new Set<string>(),
  /** Layouts a role was seen in: role, layout. */
  layouts: new Set<string>(),
};
let logBytesRead = 0;

function keyOf(role: string, width: number, path: string, online: boolean) {
  return `${role} ${width} px ${path}${online ? '' : ' offline'}`;
}

function remember(role: string, width: number, path: string, online: boolean) {
  scanned.states.add(keyOf(role, width, path, online));
  scanned.pages.add(`${role} ${path}${online ? '' : ' offline'}`);
  scanned.layouts.add(`${role} ${layoutOf(width)}`);
}

/** Reads the other workers' scans from the scan log (whole lines only: one may be mid-write). */
function readLog() {
  if (!existsSync(A11Y_LOG)) return;
  const size = statSync(A11Y_LOG).size;
  if (size === logBytesRead) return;
  const text = readFileSync(A11Y_LOG, 'utf8');
  const end = text.lastIndexOf('\n') + 1;
  for (const line of text.slice(logBytesRead, end).split('\n')) {
    if (!line) continue;
    const l = JSON.parse(line) as ScanLogLine;
    remember(l.role, l.width, l.url, l.online);
  }
  logBytesRead = end;
}

/**
 * Whether the fixture scans a state on its own: not when the state was scanned in this run, nor
 * when its page was (at another width) and the role was already scanned in this width's layout.
 */
function wantsScan(role: string, width: number, path: string, online: boolean): boolean {
  readLog();
  if (scanned.states.has(keyOf(role, width, path, online))) return false;
  return !scanned.pages.has(`${role} ${path}${online ? '' : ' offline'}`) || !scanned.layouts.has(`${role} ${layoutOf(width)}`);
}

/** The journey now running: its pages and its automatic scans' failures. */
interface Journey {
  title: string;
  pages: Set<Page>;
  failures: string[];
}
let journey: Journey | null = null;

/** Runs in every document before the app's own scripts: the mark and the "changed since" flag. */
function pageInit(mark: string) {
  const w = window as unknown as { __a11y?: { dirty: boolean } };
  if (w.__a11y) return;
  const state = { dirty: true };
  w.__a11y = state;
  const pending = () => document.documentElement?.setAttribute(mark, String(Date.now()));
  pending();
  document.addEventListener('DOMContentLoaded', pending);
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name];
    history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      pending();
    };
  }
  for (const event of ['popstate', 'resize', 'online', 'offline']) window.addEventListener(event, pending);
  new MutationObserver((records) => {
    if (records.some((r) => r.type !== 'attributes' || r.attributeName !== mark)) state.dirty = true;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

interface PageState {
  path: string;
  online: boolean;
  signedIn: boolean;
  /** Loaded, no spinner or loading bar, a heading; or marked longer ago than SETTLE_LIMIT_MS. */
  settled: boolean;
  /** Something changed in the DOM since the last scan began. */
  dirty: boolean;
  /** The mark's value (0: none). */
  since: number;
}

/** The page's state (runs in the page). */
function pageState({ mark, limit }: { mark: string; limit: number }): PageState {
  const since = Number(document.documentElement.getAttribute(mark) ?? 0);
  const busy =
    document.readyState !== 'complete' ||
    document.querySelector('.progress-bar.is-active, .spinner') !== null ||
    document.querySelector('h1') === null;
  let signedIn = false;
  try {
    signedIn = Boolean(JSON.parse(localStorage.getItem('lunch.session') ?? '{}')?.state?.token);
  } catch {
    // Storage unreadable: counted as signed out.
  }
  const w = window as unknown as { __a11y?: { dirty: boolean } };
  return {
    path: location.pathname,
    online: navigator.onLine,
    signedIn,
    settled: !busy || (since > 0 && Date.now() - since > limit),
    dirty: w.__a11y?.dirty ?? true,
    since,
  };
}

async function readState(page: Page): Promise<PageState> {
  return page.evaluate(pageState, { mark: MARK, limit: SETTLE_LIMIT_MS });
}

/** Takes the mark off, unless the page marked itself again since `since`. */
async function clearMark(page: Page, since: number) {
  await page.evaluate(
    ({ mark, since }) => {
      if (Number(document.documentElement.getAttribute(mark) ?? 0) <= since) document.documentElement.removeAttribute(mark);
    },
    { mark: MARK, since },
  );
}

function trackedOf(page: Page): Tracked {
  let t = tracked.get(page);
  if (!t) {
    t = { role: null, lastKey: null, alias: null };
    tracked.set(page, t);
  }
  return t;
}

/** The state a scan is remembered by: who sees which address at what width, online or not. */
function stateKey(page: Page, state: PageState) {
  const role = state.signedIn ? (trackedOf(page).role ?? 'signed-in') : 'visitor';
  const width = page.viewportSize()?.width ?? 0;
  const path = trackedOf(page).alias ?? state.path;
  return { key: keyOf(role, width, path, state.online), role, width, path, wanted: () => wantsScan(role, width, path, state.online) };
}

/**
 * From now on the page's states go by `name` instead of their address (null: by their address
 * again): the same page shown at many addresses (one "not found" page) is scanned once.
 */
export function sameStateAs(page: Page, name: string | null) {
  trackedOf(page).alias = name;
}

/** Runs axe-core on the page as it is; answers the serious and critical violations, described. */
async function runScan(page: Page, step: string, state: PageState, auto: boolean): Promise<string[]> {
  const { key, role, width, path: statePath } = stateKey(page, state);
  const started = Date.now();
  await page.evaluate(() => {
    const w = window as unknown as { __a11y?: { dirty: boolean } };
    if (w.__a11y) w.__a11y.dirty = false;
  });
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) await page.evaluate(axeCore());
  const results = await new AxeBuilder({ page, axeSource: ';' })
    .withTags(TAGS)
    // Only violations come back (passes and inapplicable rules are not read here).
    .options({ resultTypes: ['violations'] })
    // axe.run() in the page itself. The default opens a blank page per scan to merge results
    // across cross-origin frames (the app has none): 3-6 s per scan on a loaded machine, not 0.5 s.
    .setLegacyMode()
    .analyze();
  remember(role, width, statePath, state.online);
  trackedOf(page).lastKey = key;
  const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !FAILING.has(v.impact ?? ''));
  const line: ScanLogLine = {
    step,
    url: statePath,
    role,
    width,
    online: state.online,
    auto,
    journey: journey?.title ?? '',
    failing: failing.reduce((n, v) => n + v.nodes.length, 0),
    other: other.reduce((n, v) => n + v.nodes.length, 0),
    ms: Date.now() - started,
  };
  mkdirSync(path.dirname(A11Y_LOG), { recursive: true });
  appendFileSync(A11Y_LOG, `${JSON.stringify(line)}\n`);
  for (const v of other) {
    console.log(`a11y (${v.impact}) ${step}: ${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  return failing.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n'),
  );
}

/**
 * Scans the page as it is now (a state the journey reached on purpose: a dialog open, a menu
 * expanded) and fails at once on a serious or critical violation. Skipped when nothing changed
 * since the page's last scan of the same state, and, with 'when new to the run' (the journey's
 * end), when the state was scanned before in this run.
 */
export async function scanA11y(page: Page, step: string, only: 'always' | 'when new to the run' = 'always') {
  // A page still fading something in is judged after the animation (reduced motion is emulated,
  // but a spinner may still be replaced by content).
  await page.waitForLoadState('domcontentloaded');
  const state = await readState(page);
  await clearMark(page, state.since);
  const { key, wanted } = stateKey(page, state);
  if (!state.dirty && trackedOf(page).lastKey === key) return;
  if (only === 'when new to the run' && !wanted()) return;
  const described = await runScan(page, step, state, false);
  expect(described, `serious or critical axe-core violations at "${step}" (${state.path})`).toEqual([]);
}

/**
 * The locator handler: the page carries the mark. Scans once the page has settled and its state
 * is new to the run; otherwise leaves the mark for the next action (not settled) or drops it.
 */
async function onMarked(page: Page) {
  try {
    let state = await readState(page);
    if (!stateKey(page, state).wanted()) return await clearMark(page, state.since);
    if (!state.settled) {
      // Usually under a second (the page's last requests); the action waits that long once.
      await page
        .waitForFunction(`(${pageState.toString()})(${JSON.stringify({ mark: MARK, limit: SETTLE_LIMIT_MS })}).settled`, undefined, {
          polling: 100,
          timeout: SETTLE_WAIT_MS,
        })
        .catch(() => undefined);
      state = await readState(page);
      // Still loading: the mark stays, and the next action tries again.
      if (!state.settled) return;
    }
    await clearMark(page, state.since);
    const { key, wanted } = stateKey(page, state);
    if (!wanted()) return;
    const described = await runScan(page, `${journey?.title ?? 'journey'}: ${key}`, state, true);
    if (described.length > 0) {
      const failure = `serious or critical axe-core violations at ${key}:\n${described.join('\n')}`;
      console.error(failure);
      journey?.failures.push(failure);
    }
  } catch (error) {
    // The page navigated or closed while being read: its next document carries the mark again.
    if (page.isClosed() || /context was destroyed|navigat|Target .*closed/i.test(String(error))) return;
    journey?.failures.push(`axe-core scan of ${page.url()} failed: ${String(error)}`);
  }
}

const handledPages = new WeakSet<Page>();

function watchPage(page: Page) {
  trackedOf(page);
  journey?.pages.add(page);
  if (handledPages.has(page)) return;
  handledPages.add(page);
  // noWaitAfter: a page not settled yet keeps its mark; the handler runs again at the next action.
  page
    .addLocatorHandler(page.locator(`html[${MARK}]`), () => onMarked(page), { noWaitAfter: true })
    .catch((error) => console.error(`the journey fixture could not watch ${page.url()}: ${String(error)}`));
}

const watchedContexts = new WeakSet<BrowserContext>();

async function watchContext(context: BrowserContext) {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  await context.addInitScript(pageInit, MARK);
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
  context.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/app/me' || response.request().method() !== 'GET' || !response.ok()) return;
    try {
      const page = response.frame().page();
      const me = (await response.json()) as { role?: string; is_location_manager?: boolean };
      if (me.role) trackedOf(page).role = me.is_location_manager ? 'manager' : me.role;
    } catch {
      // A service worker's request or a discarded body: the role stays as it was.
    }
  });
}

/** Contexts a journey opens itself (browser.newContext / newPage) are watched too, reduced motion on. */
function watchBrowser(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await watchContext(context);
    return context;
  };
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
 * `test` for journeys: reduced motion emulated (animations are not what the checks judge), every
 * page state scanned as described at the top, the journey's pages scanned at its end.
 */
export const test = base.extend<{ a11yJourney: void }, { a11yBrowser: void }>({
  a11yBrowser: [
    async ({ browser }, use) => {
      watchBrowser(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  // Each worker has its own server and database (tests/e2e/servers.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    await use(e2eServerURL(testInfo.parallelIndex));
  },
  contextOptions: async ({ contextOptions }, use) => {
    await use({ ...contextOptions, reducedMotion: 'reduce' });
  },
  context: async ({ context }, use, testInfo) => {
    journey = { title: testInfo.title, pages: new Set(), failures: [] };
    await watchContext(context);
    await use(context);
  },
  a11yJourney: [
    async ({ page }, use, testInfo) => {
      watchPage(page);
      await use();
      const current = journey;
      if (!current) return;
      try {
        if (testInfo.status === testInfo.expectedStatus) {
          for (const p of current.pages) {
            if (p.isClosed() || !p.url().startsWith('http')) continue;
            await scanA11y(p, `end of "${testInfo.title}"${p === page ? '' : ` (${new URL(p.url()).pathname})`}`, 'when new to the run');
          }
        }
      } finally {
        journey = null;
      }
      expect(current.failures, 'serious or critical axe-core violations found while the journey ran').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

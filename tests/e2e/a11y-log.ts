import path from 'node:path';

/** One JSON line per axe-core scan (tests/e2e/a11y.ts), summed up by global-teardown.ts. */
export const A11Y_LOG = path.resolve('test-results', 'a11y-scans.jsonl');

export interface ScanLogLine {
  step: string;
  /** The page's path. */
  url: string;
  /** Who saw it: visitor, customer, manager, admin, kitchen. */
  role: string;
  /** Viewport width in CSS px. */
  width: number;
  online: boolean;
  /** Scanned by the fixture on its own (a new state), not by the journey's scanA11y or its end. */
  auto: boolean;
  /** Title of the journey (test) that made the scan. */
  journey: string;
  failing: number;
  other: number;
  /** How long the scan took. */
  ms: number;
}

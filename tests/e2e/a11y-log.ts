import path from 'node:path';

/** One JSON line per axe-core scan (tests/e2e/a11y.ts), summed up by global-teardown.ts. */
export const A11Y_LOG = path.resolve('test-results', 'a11y-scans.jsonl');

export interface ScanLogLine {
  step: string;
  url: string;
  failing: number;
  other: number;
  /** How long the scan took. */
  ms: number;
}

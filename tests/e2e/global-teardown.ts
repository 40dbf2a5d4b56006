import { existsSync, readFileSync } from 'node:fs';
import { A11Y_LOG, type ScanLogLine } from './a11y-log';

/** Prints the run's accessibility count: every axe-core scan the journeys made (tests/e2e/a11y.ts). */
export default function globalTeardown() {
  if (!existsSync(A11Y_LOG)) return;
  const lines = readFileSync(A11Y_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ScanLogLine);
  const failing = lines.reduce((n, l) => n + l.failing, 0);
  const other = lines.reduce((n, l) => n + l.other, 0);
  const pages = new Set(lines.map((l) => l.url)).size;
  const states = new Set(lines.map((l) => `${l.role} ${l.width} ${l.url} ${l.online}`)).size;
  const auto = lines.filter((l) => l.auto).length;
  const seconds = lines.reduce((n, l) => n + (l.ms ?? 0), 0) / 1000;
  console.log(
    `axe-core: ${lines.length} scans (${auto} by the fixture on reaching a new state) of ${states} states ` +
      `(role, width, path, online) on ${pages} paths; ` +
      `${failing} serious or critical violations, ${other} moderate or minor; ${seconds.toFixed(1)} s scanning`,
  );
}

import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints the five slowest journeys at the end of every run (issue 25: the suite must stay under
 * 10 minutes on two cores, so its slowest parts are named where everyone sees them).
 */
export default class SlowestJourneys implements Reporter {
  private readonly times: { title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.times.push({ title: `${test.location.file.replace(`${process.cwd()}/`, '')}: ${test.title}`, ms: result.duration });
  }

  onEnd() {
    const rows = [...this.times].sort((a, b) => b.ms - a.ms).slice(0, 5);
    if (rows.length === 0) return;
    console.log(`\nSlowest journeys:\n${rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.title}`).join('\n')}\n`);
  }

  printsToStdio() {
    return false;
  }
}

import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the five slowest test files at the end of every run (issue 25: the suite must stay
 * under 10 minutes on two cores, so its slowest parts are named where everyone sees them).
 * Time per file: importing it (collect) and running its tests and hooks.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: m.moduleId.replace(`${process.cwd()}/`, ''), ms: d.collectDuration + d.duration };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);
    if (rows.length === 0) return;
    console.log(`\nSlowest test files:\n${rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${r.file}`).join('\n')}\n`);
  }
}

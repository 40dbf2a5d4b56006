/**
 * The steps of `npm run bench` (bench/run.ts), in the order they run. Each is a program of its
 * own (its own PostgreSQL, its own baseline in the same run) that writes its rows, a target of
 * design.md section 6 beside the figure, as JSON to the file BENCH_RESULT names
 * (bench/support.ts `writeResult`; plain .mjs steps write the same shape themselves).
 *
 * To add a step, append `{ name, title, command }` and make the program call `writeResult` (or write
 * `{"rows": [{"what", "target", "figure", "holds"}], "notes": []}` to BENCH_RESULT).
 */
export interface BenchStep {
  /** Short name, for `npm run bench -- --only name,name`. */
  name: string;
  /** Heading of the step's rows in the results file. */
  title: string;
  /** Node's arguments (the program and its options), run from the repository's root. */
  command: string[];
}

const tsx = (file: string, ...options: string[]) => ['--import', 'tsx', file, ...options];

export const steps: BenchStep[] = [
  { name: 'order-rush', title: 'Order rush and menu read (`bench/order-rush.ts`)', command: tsx('bench/order-rush.ts') },
  { name: 'events', title: 'Live updates (`bench/events.ts`)', command: ['--expose-gc', ...tsx('bench/events.ts')] },
  // Fewer calls and shorter pairs than the programs' own defaults, so the whole run stays within
  // about 15 minutes on a quiet 2-core machine; each program alone takes more when asked.
  {
    name: 'labels',
    title: 'Labels on a realistic day (`bench/labels.ts`)',
    command: tsx('bench/labels.ts', '--calls', '6', '--warmup', '1'),
  },
  {
    name: 'lap-report',
    title: 'Lap report on a realistic day (`bench/lap-report.ts`)',
    command: tsx('bench/lap-report.ts', '--calls', '15', '--warmup', '3'),
  },
  {
    name: 'metrics',
    title: 'Metrics on vs off, deployed configuration (`bench/metrics-cost.ts`)',
    command: tsx('bench/metrics-cost.ts', '--pairs', '4', '--n', '1000'),
  },
  { name: 'page-weight', title: 'Order page first load (`bench/page-weight.mjs`)', command: ['bench/page-weight.mjs'] },
  { name: 'lighthouse', title: 'First load on a simulated phone (`bench/lighthouse.ts`)', command: tsx('bench/lighthouse.ts') },
  { name: 'scale', title: 'The big caterer at 1/10 (`bench/scale/run.ts`)', command: tsx('bench/scale/run.ts', '--scale', '0.1') },
];

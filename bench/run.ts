/**
 * `npm run bench`: every benchmark of bench/steps.ts in its fixed order, each with its baseline in
 * the same run, then docs/benchmarks/latest.md: the commit (and whether the tree had changes),
 * the date, the machine (nproc, CPU, Node) and its load at the start and the end, and for every
 * target of design.md section 6 the figure of this run beside it with "holds" or "misses".
 *
 *   npm run bench                          every step
 *   npm run bench -- --only labels,events  some steps (the file says which ran)
 *   npm run bench -- --out /tmp/bench.md   another results file
 * A step that fails is written as failed (with its exit code) and the run goes on; exit code 1 then.
 * With the default results file, the headline of docs/benchmarks.md (between its `latest:start` and
 * `latest:end` markers) is replaced by the same text, so the two never disagree.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { steps, type BenchStep } from './steps.js';
import { benchDir, say, type BenchResult } from './support.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    out: { type: 'string', default: path.join(root, 'docs/benchmarks/latest.md') },
  },
});

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const utc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();

function runStep(step: BenchStep, resultFile: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.command, {
      cwd: root,
      env: { ...process.env, BENCH_RESULT: resultFile },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main() {
  const chosen = args.only ? steps.filter((s) => args.only!.split(',').includes(s.name)) : steps;
  if (chosen.length === 0) throw new Error(`no step named ${args.only}; steps: ${steps.map((s) => s.name).join(', ')}`);
  const commit = git('rev-parse', 'HEAD');
  const changedFiles = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
  const changed = changedFiles.length;
  const started = new Date();
  const loadAtStart = load();
  const dir = await benchDir('lunch-bench-run-');
  const sections: string[] = [];
  let failed = 0;
  /** Writes the results so far (after every step: a run cut short still leaves its figures). */
  const write = async (done: boolean) => {
    const cpu = os.cpus()[0]?.model ?? 'cpu';
    const left = chosen.slice(sections.length).map((s) => s.name);
    const header = [
      '# Benchmarks: the latest run',
      '',
      `Written by \`npm run bench\` (bench/run.ts); history and methods: [../benchmarks.md](../benchmarks.md). Targets: design.md section 6.`,
      '',
      `- **Commit** \`${commit}\`${changed ? `, with ${changed} uncommitted change${changed === 1 ? '' : 's'} in the tree${changed <= 5 ? ` (${changedFiles.join(', ')})` : ''}` : ', tree clean'}`,
      `- **Date** ${utc(started)} – ${utc(new Date())} UTC${done ? '' : ` (**not finished**: ${left.join(', ')} still to run)`}`,
      `- **Machine** nproc ${os.cpus().length} (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
      `- **Load average** (1 / 5 / 15 min) at the start ${loadAtStart}, ${done ? 'at the end' : 'now'} ${load()}`,
      `- **Steps** ${chosen.map((s) => s.name).join(', ')}${chosen.length < steps.length ? ` (only these; all: ${steps.map((s) => s.name).join(', ')})` : ''}`,
      '',
      'Each step runs its baseline in the same run; on a shared machine the ratios to the baselines are what compare between runs, the absolute figures move with the load.',
      '',
    ].join('\n');
    await mkdir(path.dirname(args.out!), { recursive: true });
    const body = `${sections.join('\n\n')}\n`;
    await writeFile(args.out!, `${header}\n${body}`);
    const files = [args.out!];
    if (path.resolve(args.out!) === path.join(root, 'docs/benchmarks/latest.md')) {
      await updateHeadline(header, body);
      files.push(path.join(root, 'docs/benchmarks.md'));
    }
    // As `npm run lint` checks them (tables padded): the files are committed as written.
    execFileSync(process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', ...files], {
      cwd: root,
      stdio: 'ignore',
    });
  };
  try {
    for (const step of chosen) {
      say(`\n==== ${step.name} (${utc(new Date())} UTC, load ${load()})`);
      const file = path.join(dir, `${step.name}.json`);
      const stepStart = Date.now();
      const code = await runStep(step, file);
      const seconds = Math.round((Date.now() - stepStart) / 1000);
      let result: BenchResult | undefined;
      try {
        result = JSON.parse(await readFile(file, 'utf8')) as BenchResult;
      } catch {
        result = undefined;
      }
      const lines = [`### ${step.title}`, '', `${seconds} s${code !== 0 ? `, **exit code ${code}**` : ''}.`, ''];
      if (!result) {
        failed++;
        lines.push(`**Failed**: the step wrote no results (exit code ${code}); its output is in the run's log.`);
      } else {
        if (code !== 0) failed++;
        lines.push('| what | target | figure | |', '| --- | --- | --- | --- |');
        for (const r of result.rows)
          lines.push(`| ${r.what} | ${r.target} | ${r.figure} | ${r.holds === null ? 'measured' : r.holds ? 'holds' : '**misses**'} |`);
        for (const n of result.notes ?? []) lines.push('', n);
      }
      sections.push(lines.join('\n'));
      await write(sections.length === chosen.length);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  say(`\nResults: ${path.relative(root, args.out!)}${failed ? ` (${failed} step(s) failed)` : ''}`);
  process.exit(failed ? 1 : 0);
}

/** Replaces the headline of docs/benchmarks.md (between its markers) with the results. */
async function updateHeadline(header: string, body: string) {
  const file = path.join(root, 'docs/benchmarks.md');
  const text = await readFile(file, 'utf8');
  const start = '<!-- latest:start (written by npm run bench: do not edit) -->';
  const end = '<!-- latest:end -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error('docs/benchmarks.md has no latest:start / latest:end markers');
  // The file's own title becomes a section; its headings one level down; its links from docs/.
  const demoted = `${header}\n${body}`
    .replace(/^# .*\n/, '')
    .replace(/^### /gm, '#### ')
    .replace('[../benchmarks.md](../benchmarks.md)', 'below');
  await writeFile(
    file,
    `${text.slice(0, from + start.length)}\n\nFrom [benchmarks/latest.md](benchmarks/latest.md):\n${demoted}\n${text.slice(to)}`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});

/**
 * The results file of the big caterer: docs/benchmarks/scale-<scale>.md (and .json beside it, read
 * by the next larger preset to judge growth). Headed by the commit, the date and the machine's
 * load; each figure beside its target with "holds" or "misses":
 *   - an interactive read: p95 < 200 ms;
 *   - every read: p95 within 1.5× of its p95 at the next smaller preset (1 against 0.1; 0.1 against
 *     0.01 as an early sign), when that preset's results are there;
 *   - ledger:check: < 60 s.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadAverage } from '../support.js';
import type { Meta } from './generate.js';
import type { ReadResult } from './reads.js';

const DOCS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../docs/benchmarks');
const SMALLER: Record<string, string> = { '1': '0.1', '0.1': '0.01' };
const P95_TARGET = 200;
const GROWTH = 1.5;
const CHECK_TARGET = 60_000;

const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(v < 10 ? 1 : 0)} ms`);
const git = (...a: string[]) => {
  try {
    return execFileSync('git', a, { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};

/**
 * The commit the run measures is the one checked out when it started: the app's code is loaded
 * then, and the tree may move on while a long run goes (read at import, at the run's start).
 */
const started = {
  commit: git('rev-parse', '--short', 'HEAD'),
  dirty: git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : '',
  at: new Date(),
  load: loadAverage(),
};
const utc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

export async function writeReport(meta: Meta, results: ReadResult[], out?: string): Promise<string> {
  const scale = String(meta.shape.scale);
  await mkdir(DOCS, { recursive: true });
  const smaller = SMALLER[scale];
  let before: ReadResult[] | null = null;
  if (smaller)
    before = JSON.parse(await readFile(path.join(DOCS, `scale-${smaller}.json`), 'utf8').catch(() => 'null')) as ReadResult[] | null;
  const s = meta.shape;
  const asked = Math.max(0, ...results.filter((r) => r.who !== 'tool').map((r) => r.rounds));
  const orders = meta.rows.orders ?? 0;
  const lines: string[] = [
    `# The big caterer at scale ${scale}`,
    '',
    `Commit ${started.commit}${started.dirty} (checked out when the run started), ${utc(started.at)} – ${utc(new Date())} UTC, load ${started.load} at the start and ${loadAverage()} at the end (1, 5, 15 min) on ${os.cpus().length} cores, written by \`npm run bench:scale -- --scale ${scale}\`.`,
    '',
    `Data: ${s.locations} locations, ${s.locations * s.usersPerLocation + s.admins + s.kitchenStaff} users, ${s.providers} providers, ${s.days} working days (the last today, ${meta.today}), ` +
      `${orders.toLocaleString('en')} orders, ${(meta.rows.order_items ?? 0).toLocaleString('en')} lines, ${(meta.rows.ledger_entries ?? 0).toLocaleString('en')} ledger entries, ` +
      `${(meta.rows.audit_log ?? 0).toLocaleString('en')} audit rows, ${(meta.rows.portion_handovers ?? 0).toLocaleString('en')} hand-overs, ${(meta.rows.reminders_sent ?? 0).toLocaleString('en')} reminders, ${meta.rows.invoices ?? 0} invoices; ` +
      `generated with COPY in ${meta.seconds} s (${meta.generatedAt.slice(0, 16).replace('T', ' ')} UTC).`,
    '',
    `Targets: an interactive read's p95 < ${P95_TARGET} ms; every read's p95 within ${GROWTH}× of the smaller preset's${smaller ? ` (here: scale ${smaller}${before ? '' : ', not measured yet'})` : ''}; ledger:check (its default, the last 35 days) < 60 s. Each read ${asked} rounds after a warm-up, one at a time (whole-day files fewer: their count beside their name).`,
    '',
    `| Read | As | p50 | p95 | p99 | Size | p95 target | Growth${smaller ? ` vs ${smaller}` : ''} |`,
    '|---|---|---:|---:|---:|---:|---|---|',
  ];
  for (const r of results) {
    const prev = before?.find((b) => b.name === r.name);
    const target = r.error
      ? `error: ${r.error}`
      : r.name === 'ledger:check'
        ? `< 60 s ${r.p95 < CHECK_TARGET ? 'holds' : 'misses'}`
        : r.interactive
          ? `< 200 ms ${r.p95 < P95_TARGET ? 'holds' : 'misses'}`
          : '—';
    const growth =
      prev && !r.error && prev.p95 > 0 ? `${(r.p95 / prev.p95).toFixed(2)}× ${r.p95 <= GROWTH * prev.p95 ? 'holds' : 'misses'}` : '—';
    const size = r.bytes ? (r.bytes >= 10_240 ? `${(r.bytes / 1024).toFixed(0)} KB` : `${r.bytes} B`) : '';
    const fewer = r.who !== 'tool' && r.rounds < asked ? ` (${r.rounds} rounds)` : '';
    lines.push(
      `| ${r.name}${fewer} \`${r.url}\` | ${r.who} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${size} | ${target} | ${growth} |`,
    );
  }
  const misses = results.filter(
    (r) => r.error || (r.interactive && r.p95 >= P95_TARGET) || (r.name === 'ledger:check' && r.p95 >= CHECK_TARGET),
  );
  lines.push('', misses.length ? `Misses: ${misses.map((r) => r.name).join('; ')}.` : 'Every target measured here holds.', '');
  const file = out ?? path.join(DOCS, `scale-${scale}.md`);
  await writeFile(file, lines.join('\n'));
  if (!out) await writeFile(path.join(DOCS, `scale-${scale}.json`), JSON.stringify(results, null, 2) + '\n');
  return file;
}

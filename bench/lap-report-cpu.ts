/**
 * The lap report PDF's CPU in-process (decision 089): seeds the bench's lap day (50 locations ×
 * 12 orders), then renders the report's PDF with the route's own function, `--renders` times,
 * and prints the CPU time (process.cpuUsage: this process only, PostgreSQL not counted) per PDF,
 * beside the CPU of reading the same data without the PDF. For a profile:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/lap-report-cpu.ts
 * With --out FILE the last PDF is written there (to look at: pdftoppm -r 80 -png FILE /tmp/page).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runMigrations } from '../src/server/db/migrate.js';
import type { RequestContext } from '../src/server/lib/context.js';
import { lapReportPdf } from '../src/server/modules/laps/laps.report.pdf.js';
import { loadReport } from '../src/server/modules/laps/laps.report.js';
import { seedLapDay } from './seed-lap-day.js';
import { benchDir, loadAverage, say, startBenchDb } from './support.js';

const { values: args } = parseArgs({
  options: {
    locations: { type: 'string', default: '50' },
    orders: { type: 'string', default: '12' },
    renders: { type: 'string', default: '20' },
    lang: { type: 'string', default: 'lv' },
    out: { type: 'string' },
  },
});

const cpuMs = (d: NodeJS.CpuUsage) => (d.user + d.system) / 1000;

async function main() {
  const dir = await benchDir('lunch-bench-lapcpu-');
  const { database, stop } = await startBenchDb(dir, 4);
  try {
    await runMigrations(database);
    const { provider, menu, lap } = await seedLapDay(database.db, {
      locations: Number(args.locations),
      orders: Number(args.orders),
      sets: 'also',
      plainQty: (k) => 1 + (k % 2),
    });
    const ctx = {
      db: database.db,
      now: new Date(),
      lang: args.lang,
      user: null,
      provider: async () => provider!.id,
      gateway: null,
    } as unknown as RequestContext;
    const ids = { lapId: lap!.id, menuId: menu!.id };
    let pdf = await lapReportPdf(ctx, ids); // warm-up: fonts, modules, JIT
    for (let i = 0; i < 3; i++) await lapReportPdf(ctx, ids);
    const n = Number(args.renders);
    const load0 = loadAverage();
    let t = process.cpuUsage();
    let w = performance.now();
    for (let i = 0; i < n; i++) await loadReport(database.db, provider!.id, lap!.id, menu!.id, ctx.lang);
    const data = { cpu: cpuMs(process.cpuUsage(t)) / n, wall: (performance.now() - w) / n };
    t = process.cpuUsage();
    w = performance.now();
    for (let i = 0; i < n; i++) pdf = await lapReportPdf(ctx, ids);
    const all = { cpu: cpuMs(process.cpuUsage(t)) / n, wall: (performance.now() - w) / n };
    say(
      `lap report PDF (${args.locations} locations, ${n} renders): ${all.cpu.toFixed(1)} ms CPU, ${all.wall.toFixed(1)} ms wall per PDF; ` +
        `reading the report alone ${data.cpu.toFixed(1)} ms CPU; ${pdf.length} bytes; load ${load0} → ${loadAverage()}`,
    );
    if (args.out) writeFileSync(args.out, pdf);
  } finally {
    await stop();
  }
}

void main();

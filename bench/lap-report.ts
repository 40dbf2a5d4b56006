/**
 * Lap report benchmark (design.md section 6: "lap report PDF, 50 locations < 300 ms"). Starts its
 * own PostgreSQL (embedded, temp dir) and the app in this process on 127.0.0.1, seeds one lap of
 * 50 locations with placed orders on one menu, then times, one request at a time after a warm-up:
 *   - a bare Fastify JSON route (floor of an HTTP round trip in this process),
 *   - GET /app/laps/report/{lapId}/{menuId} (the same data as JSON),
 *   - GET /app/laps/print-report/{lapId}/{menuId} (the PDF),
 * interleaved call by call so a busy machine slows all three alike.
 *
 *   npm run bench:lap-report -- --locations 50 --orders 12 --calls 30 --warmup 5
 * Exits 1 when a call fails; with --strict also when the PDF's p95 is not under 300 ms.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runMigrations } from '../src/server/db/migrate.js';
import {
  cashBalances,
  categories,
  dishes,
  lapLocations,
  laps,
  locations,
  menuDishes,
  menus,
  orderItemOptions,
  orderItems,
  orders,
  providers,
  sessions,
  users,
} from '../src/server/db/schema/index.js';
import { pdfText } from '../src/server/lib/pdf/pdf-text.js';
import { hashToken, newToken } from '../src/server/lib/tokens.js';
import { benchDir, loadAverage, percentile, say, startBenchDb, startServers } from './support.js';

const { values: args } = parseArgs({
  options: {
    locations: { type: 'string', default: '50' },
    /** Placed orders per location. */
    orders: { type: 'string', default: '12' },
    calls: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    lang: { type: 'string', default: 'lv' },
    strict: { type: 'boolean', default: false },
  },
});
const LOCATIONS = Number(args.locations);
const ORDERS = Number(args.orders);
const CALLS = Number(args.calls);
const WARMUP = Number(args.warmup);
const TARGET_MS = 300;

const ms = (v: number) => `${v.toFixed(1).padStart(7)} ms`;

interface Timed {
  name: string;
  url: string;
  headers: Record<string, string>;
  times: number[];
  bytes: number;
  contentType: string;
}

async function timeOnce(t: Timed): Promise<Buffer> {
  const start = performance.now();
  const res = await fetch(t.url, { headers: t.headers });
  const body = Buffer.from(await res.arrayBuffer());
  const elapsed = performance.now() - start;
  if (res.status !== 200) throw new Error(`${t.name}: HTTP ${res.status} ${body.toString().slice(0, 200)}`);
  t.times.push(elapsed);
  t.bytes = body.length;
  t.contentType = res.headers.get('content-type') ?? '';
  return body;
}

async function main() {
  const loadAtStart = loadAverage();
  const dir = await benchDir('lunch-bench-lap-');
  say(
    `Lap report: ${LOCATIONS} locations × ${ORDERS} placed orders, ${CALLS} timed calls each after ${WARMUP} warm-up; PostgreSQL in ${dir}`,
  );
  const { pg, database, stop } = await startBenchDb(dir, 10);
  const db = database.db;
  let exitCode = 0;
  try {
    await runMigrations(database);

    // ---- seed: a provider, 9 plain dishes in 3 categories, a set meal, a menu, 50 locations on one lap
    const now = new Date();
    const [provider] = await db.insert(providers).values({ title: 'Bench Virtuve' }).returning();
    const cats = await db
      .insert(categories)
      .values(
        ['Zupas', 'Pamatēdieni', 'Deserti'].map((title, i) => ({ providerId: provider!.id, title: { lv: title, en: title }, position: i })),
      )
      .returning();
    const plain = await db
      .insert(dishes)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          providerId: provider!.id,
          categoryId: cats[i % 3]!.id,
          title: { lv: `Ēdiens ar ķiplokiem Nr. ${i + 1}`, en: `Dish ${i + 1}` },
          priceCents: 250 + i * 40,
          position: i,
        })),
      )
      .returning();
    const [set] = await db
      .insert(dishes)
      .values({
        providerId: provider!.id,
        categoryId: cats[1]!.id,
        type: 'complex',
        title: { lv: 'Dienas komplekss', en: 'Set of the day' },
        priceCents: 0,
      })
      .returning();
    const [menu] = await db
      .insert(menus)
      .values({ providerId: provider!.id, title: 'Pusdienas (bench)', from: now, to: new Date(now.getTime() + 3600_000), status: true })
      .returning();
    await db.insert(menuDishes).values([...plain, set!].map((d) => ({ menuId: menu!.id, dishId: d.id, categoryId: d.categoryId })));
    const locs = await db
      .insert(locations)
      .values(
        Array.from({ length: LOCATIONS }, (_, i) => ({
          title: `Birojs Šķūņu iela ${i + 1}`,
          address: `Ģertrūdes iela ${i + 1}, Rīga, LV-10${String(i).padStart(2, '0')}`,
          token: newToken(),
          subsidyCents: i % 3 === 0 ? 150 : 0,
        })),
      )
      .returning({ id: locations.id, subsidy: locations.subsidyCents });
    const [lap] = await db.insert(laps).values({ providerId: provider!.id, title: 'Rīta maršruts (bench)' }).returning();
    await db.insert(lapLocations).values(locs.map((l, position) => ({ lapId: lap!.id, locationId: l.id, position })));
    const customers = await db
      .insert(users)
      .values(locs.map((l, i) => ({ email: `lap${i}@bench.lv`, firstName: `Klients ${i}`, role: 'customer' as const, locationId: l.id })))
      .returning({ id: users.id, locationId: users.locationId });

    // Orders: two lines each (a plain dish × 1–2 and, every other order, a set meal of two dishes).
    const PAY = ['cash', 'card', 'cash', 'bank'] as const;
    let n = 0;
    for (const c of customers) {
      const subsidy = locs.find((l) => l.id === c.locationId)!.subsidy;
      for (let k = 0; k < ORDERS; k++, n++) {
        const a = plain[n % plain.length]!;
        const qty = 1 + (n % 2);
        const withSet = n % 2 === 0;
        const amount = a.priceCents * qty + (withSet ? plain[0]!.priceCents + plain[4]!.priceCents : 0);
        const used = Math.min(subsidy, amount);
        const [o] = await db
          .insert(orders)
          .values({
            menuId: menu!.id,
            userId: c.id,
            locationId: c.locationId,
            paymentType: PAY[n % PAY.length]!,
            amountCents: amount,
            subsidyCents: used,
            amountToPayCents: amount - used,
            status: 2,
          })
          .returning({ id: orders.id });
        await db.insert(orderItems).values({ orderId: o!.id, dishId: a.id, qty, unitPriceCents: a.priceCents, title: a.title });
        if (withSet) {
          const [line] = await db
            .insert(orderItems)
            .values({
              orderId: o!.id,
              dishId: set!.id,
              qty: 1,
              unitPriceCents: plain[0]!.priceCents + plain[4]!.priceCents,
              title: set!.title,
              position: 1,
            })
            .returning({ id: orderItems.id });
          await db.insert(orderItemOptions).values([
            { orderItemId: line!.id, dishId: plain[0]!.id, title: plain[0]!.title, priceCents: plain[0]!.priceCents },
            { orderItemId: line!.id, dishId: plain[4]!.id, title: plain[4]!.title, priceCents: plain[4]!.priceCents },
          ]);
        }
      }
    }
    // Cash recorded at every other location.
    await db
      .insert(cashBalances)
      .values(locs.filter((_, i) => i % 2 === 0).map((l) => ({ menuId: menu!.id, locationId: l.id, amountCents: 1000 })));
    const [staff] = await db
      .insert(users)
      .values({ email: 'kitchen@bench.lv', firstName: 'Virtuve', role: 'kitchen' })
      .returning({ id: users.id });
    const token = newToken();
    await db.insert(sessions).values({
      userId: staff!.id,
      tokenHash: hashToken(token),
      remember: true,
      expiresAt: new Date(now.getTime() + 86400_000),
      lastSeenAt: now,
    });
    say(`Seeded ${n} placed orders at ${LOCATIONS} locations on one lap.`);

    // ---- servers
    const servers = await startServers(database, pg.url);
    const { base, bareUrl } = servers;

    const auth = { authorization: `Bearer ${token}` };
    const q = `?provider_id=${provider!.id}&lang=${args.lang}`;
    const timed: Timed[] = [
      { name: 'bare Fastify JSON route', url: bareUrl, headers: {}, times: [], bytes: 0, contentType: '' },
      {
        name: 'GET /app/laps/report (JSON)',
        url: `${base}/app/laps/report/${lap!.id}/${menu!.id}${q}`,
        headers: auth,
        times: [],
        bytes: 0,
        contentType: '',
      },
      {
        name: 'GET /app/laps/print-report (PDF)',
        url: `${base}/app/laps/print-report/${lap!.id}/${menu!.id}${q}`,
        headers: auth,
        times: [],
        bytes: 0,
        contentType: '',
      },
    ];
    const [bareT, jsonT, pdfT] = timed as [Timed, Timed, Timed];

    // The answer is checked before timing: every location is in the PDF.
    const pdf = await timeOnce(pdfT);
    const text = pdfText(pdf);
    const missing = Array.from({ length: LOCATIONS }, (_, i) => `Birojs Šķūņu iela ${i + 1}`).filter((title) => !text.includes(title));
    if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-')) || missing.length)
      throw new Error(`PDF incomplete: ${missing.length} locations missing`);
    const report = (await (await fetch(jsonT.url, { headers: auth })).json()) as { locations: unknown[]; totals: { count: number } };
    if (report.locations.length !== LOCATIONS || report.totals.count !== n) throw new Error('JSON report incomplete');

    for (let i = 0; i < WARMUP; i++) for (const t of timed) await timeOnce(t);
    for (const t of timed) t.times.length = 0;
    for (let i = 0; i < CALLS; i++) for (const t of timed) await timeOnce(t);

    say(
      `\nOne request at a time, ${CALLS} calls each, interleaved (load average at start: ${loadAtStart}, now: ${loadAverage()}; ${os.cpus().length} CPUs):`,
    );
    say(`  ${'call'.padEnd(34)} ${'median'.padStart(10)} ${'p95'.padStart(10)} ${'min'.padStart(10)} ${'max'.padStart(10)}   answer`);
    const stats = new Map<Timed, { median: number; p95: number }>();
    for (const t of timed) {
      const sorted = [...t.times].sort((a, b) => a - b);
      const s = { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
      stats.set(t, s);
      say(
        `  ${t.name.padEnd(34)} ${ms(s.median)} ${ms(s.p95)} ${ms(sorted[0]!)} ${ms(sorted[sorted.length - 1]!)}   ${t.bytes} bytes ${t.contentType}`,
      );
    }
    const p = stats.get(pdfT)!;
    const j = stats.get(jsonT)!;
    say(
      `\n  PDF over JSON (median): +${(p.median - j.median).toFixed(1)} ms (rendering); JSON over bare (median): +${(j.median - stats.get(bareT)!.median).toFixed(1)} ms (session, queries)`,
    );
    const ok = p.p95 < TARGET_MS;
    say(`  Target: PDF < ${TARGET_MS} ms -> median ${p.median.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms: ${ok ? 'MET' : 'NOT MET'}`);
    if (args.strict && !ok) exitCode = 1;

    await servers.close();
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    exitCode = 1;
  } finally {
    await stop();
  }
  process.exit(exitCode);
}

void main();

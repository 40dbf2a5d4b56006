/**
 * Sums a CPU profile of the app (bench/cpu.ts startProfile, or node --cpu-prof) by the step of the
 * order path each sample was spent in (decision 059): each sample goes to the first frame, from
 * the leaf up, that names a step; natives (no file) count for their caller.
 *
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [--orders N] [--top 25] [--steps read]
 * `--steps read` sorts by the parts of a cached read (decision 091: the menu read) instead, matched
 * on each frame's function name and file; `--orders` is then the requests answered.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The steps, tried on each frame's file in this order. */
const STEPS: [string, RegExp][] = [
  ['validate (zod)', /node_modules\/(zod|fastify-type-provider-zod)\//],
  ['session (auth, token hash)', /server\/lib\/(auth|tokens)\.ts/],
  ['read (customer query: values, rows)', /ordering\.users\.ts|priced-menu\//],
  ['check (pricing, policy)', /ordering\.check\.ts|shared\/ordering\/|shared\/dietary|shared\/money/],
  ['statement (values, answer row)', /ordering\.(write|statement|persist)\.ts|place-order\.ts/],
  ['events and counters', /server\/lib\/(events|metrics)\.ts|prom-client/],
  ['pg driver (both round trips)', /node_modules\/(pg|pg-protocol|pg-types|pg-pool|postgres-[a-z]+|pgpass)\//],
  ['drizzle (other queries)', /node_modules\/drizzle-orm\//],
  ['answer (serialize, send)', /fast-json-stringify|fastify\/lib\/(reply|error-serializer)|serializ/],
  ['parse (body JSON, content type)', /contentTypeParser|secure-json-parse/],
  ['HTTP (node: sockets, parser)', /node:(_http_|http|net|stream|internal\/streams|internal\/http)|_http_|llhttp/],
  [
    'Fastify (routing, hooks) and the app hooks',
    /node_modules\/(fastify|find-my-way|avvio|@fastify|fastq|toad-cache)\/|server\/(app|lib\/context|lib\/errors|lib\/error-handler|lib\/ops)\.ts/,
  ],
  ['bench process itself', /\/bench\//],
];

/** The parts of a cached read (decision 091), tried on `function file` of each frame, leaf up. */
const READ_STEPS: [string, RegExp][] = [
  ['profiler itself (inspector)', /node:inspector|bench\/cpu\.ts/],
  ['socket write (writev syscall)', /^(writev|writevGeneric|writeGeneric|writeBuffer) |stream_base_commons/],
  ['metrics (request histogram)', /prom-client|server\/lib\/metrics\.ts/],
  ['session (auth hook, token hash)', /server\/lib\/(auth|tokens)\.ts/],
  [
    'menu answer (caches, caller part, bytes)',
    /server\/modules\/ordering\/|server\/lib\/(cache|context)\.ts|^(concat|allocUnsafe|allocate|createUnsafeBuffer|_copyActual|copy) /,
  ],
  [
    'response headers (set, check, format)',
    /_storeHeader|processHeader|checkInvalidHeaderChar|checkIsHttpToken|writeHead|Reply\.(header|headers|type)|setHeader/,
  ],
  ['app onRequest hook (security headers, lang, maintenance)', /server\/(app|lib\/lang|lib\/maintenance|lib\/security-headers)\.ts/],
  ['validate (zod params)', /node_modules\/(zod|fastify-type-provider-zod)\//],
  ['Fastify (routing, request, reply, hooks)', /node_modules\/(fastify|find-my-way|avvio|@fastify|fastq|toad-cache|light-my-request)\//],
  ['HTTP (parse, socket read, stream bookkeeping)', /node:(_http_|http|net|stream|events|internal\/streams|internal\/http)|_http_|llhttp/],
  ['bench route itself', /\/bench\//],
];

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { orders: { type: 'string' }, top: { type: 'string', default: '20' }, steps: { type: 'string', default: 'order' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--orders N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const stepOf = new Map<number, string>();
function step(id: number): string {
  const known = stepOf.get(id);
  if (known) return known;
  const n = byId.get(id)!;
  const { functionName, url } = n.callFrame;
  let s: string | undefined;
  if (functionName === '(idle)') s = 'idle';
  else if (functionName === '(garbage collector)') s = 'GC (main thread)';
  else if (functionName === '(program)') s = '(program: V8, natives without a frame)';
  else if (args.steps === 'read') s = READ_STEPS.find(([, re]) => re.test(`${functionName} ${url}`))?.[0];
  else if (url) s = STEPS.find(([, re]) => re.test(url))?.[0];
  if (!s) {
    const p = parent.get(id);
    s = p === undefined ? 'other (node internals: timers, promises)' : step(p);
    if (s === 'idle' || s.startsWith('(')) s = url ? 'other (node internals: timers, promises)' : s;
  }
  stepOf.set(id, s);
  return s;
}

const totals = new Map<string, number>();
const selfByFn = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  const id = profile.samples[i]!;
  const s = step(id);
  totals.set(s, (totals.get(s) ?? 0) + dt);
  total += dt;
  const f = byId.get(id)!.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/')}:${f.lineNumber + 1}`;
  if (s !== 'idle') selfByFn.set(key, (selfByFn.get(key) ?? 0) + dt);
}
const busy = total - (totals.get('idle') ?? 0);
const orders = args.orders ? Number(args.orders) : 0;
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
process.stdout.write(
  `Profile ${file}: ${(total / 1e6).toFixed(2)} s sampled, busy ${(busy / 1e6).toFixed(2)} s (${((busy / total) * 100).toFixed(0)} %)${orders ? `, ${orders} orders: ${(busy / orders).toFixed(0)} µs busy per order` : ''}\n\n`,
);
process.stdout.write(`| step | ms | % of busy |${orders ? ' µs per order |' : ''}\n|---|---:|---:|${orders ? '---:|' : ''}\n`);
for (const [s, us] of [...totals].sort((a, b) => b[1] - a[1])) {
  if (s === 'idle') continue;
  process.stdout.write(`| ${s} | ${ms(us)} | ${((us / busy) * 100).toFixed(1)} |${orders ? ` ${(us / orders).toFixed(0)} |` : ''}\n`);
}
process.stdout.write(`\nTop functions by self time (busy):\n`);
for (const [k, us] of [...selfByFn].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top)))
  process.stdout.write(`  ${ms(us)} ms  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${k}\n`);

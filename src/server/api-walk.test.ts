import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from './db/schema/index.js';
import { createSession } from './lib/auth.js';
import { makeAllergen } from './modules/catalogue/catalogue.factories.js';
import { makeLap } from './modules/laps/laps.factories.js';
import { menuWorld } from './modules/ordering/ordering.factories.js';
import { placedOrder, teamWorld } from './modules/teams/teams.factories.js';
import { createTestApp, type TestContext } from './test/harness.js';
import { makeUser } from './test/factories.js';
import { asParam, type JsonSchema, type Known, type Mode, valueOf, withOneHostileLeaf } from './test/openapi-arbitraries.js';
import { loadEnv } from './env.js';

/*
 * The API walk: every operation of /app/openapi.json is called with valid, invalid and hostile
 * values generated from its own schema (fast-check), as every role. It fails on any 5xx and on
 * any status the document does not declare for that operation. Fixed seed, a bounded number of
 * runs per operation, no shrinking (bounded time): a failure names the seed, the request and
 * the answer. API_WALK_SEED / API_WALK_RUNS change them for a longer local walk.
 *
 * The walk's own calls stay raw app.inject: an event stream is asked for with payloadAsStream
 * (it never ends), which the harness's client does not offer, and each call sends the generated
 * body with its generated content type as it is.
 */

const { API_WALK_SEED: SEED, API_WALK_RUNS: RUNS } = loadEnv();
const ROLES = ['anonymous', 'customer', 'manager', 'kitchen', 'admin'] as const;
type RoleName = (typeof ROLES)[number];

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
}
interface Request {
  role: RoleName;
  mode: Mode;
  url: string;
  body?: { payload: string; contentType: string };
}

/** Bodies no schema describes: broken JSON, the wrong media type, JSON that is not an object. */
const RAW_BODIES = [
  { payload: '{"title":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"x"', contentType: 'application/json' },
  { payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{}}}', contentType: 'application/json' },
  { payload: 'title=x', contentType: 'text/plain' },
  { payload: 'title=x', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<a/>', contentType: 'application/xml' },
];

/**
 * Path segments sent as they are: broken percent-encoding, an encoded slash. (Not '.' or '..':
 * every client resolves those to another address before sending.)
 */
const RAW_PATH_VALUES = ['%', '%E0%A4%A', '%zz', '%2F', '%00', '%C0%AF', '1;drop'];

// The document is read before the tests are collected: one test per operation, named after it.
const ctx: TestContext = await createTestApp();
const doc: { paths: Record<string, Record<string, Operation>> } = (await ctx.anon.get('/app/openapi.json')).json();
let known: Known;
let providerId: number;
const userIds = {} as Record<Exclude<RoleName, 'anonymous'>, number>;
const auth = {} as Record<RoleName, Record<string, string>>;
let requests = 0;
let started = 0;

beforeAll(async () => {
  const now = ctx.clock.now();
  const db = ctx.db;
  const menu = await menuWorld(db, now);
  const team = await teamWorld(db, now);
  providerId = menu.provider.id;
  const order = await placedOrder(db, {
    menuId: menu.menu.id,
    userId: team.anna.user.id,
    locationId: team.location.id,
    amountCents: 300,
    lines: [{ dishId: menu.soup.id, title: menu.soup.title, qty: 1, unitPriceCents: 300 }],
  });
  const lap = await makeLap(db, providerId, [team.location.id]);
  const allergen = await makeAllergen(db);
  userIds.customer = team.anna.user.id;
  userIds.manager = team.manager.user.id;
  userIds.kitchen = (await makeUser(db, { role: 'kitchen' })).id;
  userIds.admin = (await makeUser(db, { role: 'admin' })).id;
  known = {
    ids: [
      providerId,
      menu.category.id,
      menu.soup.id,
      menu.main.id,
      menu.dessert.id,
      menu.set.complex.id,
      menu.menu.id,
      team.location.id,
      order.id,
      lap.id,
      allergen.id,
      team.kristaps.id,
      team.liga.id,
      ...Object.values(userIds),
    ],
    strings: [team.location.token, team.anna.user.email, 'lv', 'en', 'ru'],
  };
  started = Date.now();
});

afterAll(async () => {
  // Measured for the record (docs/benchmarks is for benches; this is printed only).
  console.info(
    `API walk: ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}, ${RUNS} runs per operation)`,
  );
  await ctx.close();
});

// Each operation starts from a usable world: a previous one may have switched maintenance on,
// deactivated a user or ended a session (logout).
beforeEach(async () => {
  await ctx.app.maintenance.set(false);
  await ctx.db
    .update(users)
    .set({ active: true })
    .where(sql`true`);
  auth.anonymous = {};
  for (const role of ['customer', 'manager', 'kitchen', 'admin'] as const) {
    auth[role] = { authorization: `Bearer ${await createSession(ctx.db, userIds[role], true, ctx.clock.now())}` };
  }
});

/** The requests of one operation: path and query from its parameters, the body from its request body. */
function requestsFor(path: string, op: Operation): fc.Arbitrary<Request> {
  const params = op.parameters ?? [];
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  return fc
    .record({ role: fc.constantFrom(...ROLES), mode: fc.constantFrom<Mode>('valid', 'valid', 'invalid', 'hostile') })
    .chain(({ role, mode }) => {
      // Path values travel percent-encoded; hostile ones are at times raw, broken encodings.
      const pathValue = (schema: JsonSchema) => {
        const encoded = valueOf(schema, mode, known).map((v) => encodePathValue(asParam(v)));
        return mode === 'hostile' ? fc.oneof(encoded, fc.constantFrom(...RAW_PATH_VALUES)) : encoded;
      };
      const pathValues = fc.record(Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(p.schema)])));
      const queryValues = fc.record(
        Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, valueOf(p.schema, mode, known)])),
        { requiredKeys: mode === 'valid' ? params.filter((p) => p.in === 'query' && p.required).map((p) => p.name) : [] },
      );
      // Every call accepts lang and provider_id (design 4).
      const common = fc.record(
        {
          lang: fc.constantFrom('lv', 'en', 'ru', ...(mode === 'hostile' ? ['xx', '\u0000', ''] : [])),
          provider_id: mode === 'valid' ? fc.constant(String(providerId)) : valueOf({ type: 'integer', minimum: 1 }, mode, known),
        },
        { requiredKeys: [] },
      );
      // Hostile bodies: one bad field in an otherwise valid body (most), everything hostile, or raw bytes.
      const body: fc.Arbitrary<Request['body']> = bodySchema
        ? mode === 'hostile'
          ? fc.oneof(
              { arbitrary: withOneHostileLeaf(valueOf(bodySchema, 'valid', known)).map(json), weight: 4 },
              { arbitrary: valueOf(bodySchema, mode, known).map(json), weight: 2 },
              { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 1 },
            )
          : valueOf(bodySchema, mode, known).map(json)
        : fc.constant(undefined);
      return fc.record({ pathValues, queryValues, common, body }).map(({ pathValues, queryValues, common, body }) => {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name]!);
        const query = new URLSearchParams();
        for (const [k, v] of Object.entries({ ...common, ...queryValues })) if (v !== undefined) query.append(k, asParam(v));
        const qs = query.toString();
        return { role, mode, url: qs ? `${url}?${qs}` : url, ...(body ? { body } : {}) };
      });
    });
}

/** Percent-encodes a path value; a lone surrogate goes as the (invalid UTF-8) bytes a raw client would send. */
function encodePathValue(value: string): string {
  return Array.from(value)
    .map((ch) => {
      const cp = ch.codePointAt(0)!;
      if (cp < 0xd800 || cp > 0xdfff) return encodeURIComponent(ch);
      return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

function json(value: unknown) {
  return { payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' };
}

// Reads first, deletions last: a deleted dish or menu leaves the later calls less to work with.
const METHOD_ORDER = ['GET', 'PUT', 'POST', 'DELETE'];
const operations = Object.entries(doc.paths)
  .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })))
  .sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method));

describe('API walk', () => {
  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(70);
  });

  for (const { path, method, op } of operations)
    it(`${method} ${path} answers only declared statuses, never 5xx`, async () => {
      const declared = new Set(Object.keys(op.responses));
      const streams = JSON.stringify(op.responses['200'] ?? {}).includes('text/event-stream');
      await fc.assert(
        fc.asyncProperty(requestsFor(path, op), async (req) => {
          requests++;
          const res = await ctx.app.inject({
            method: method as 'GET',
            url: req.url,
            headers: { ...auth[req.role], ...(req.body ? { 'content-type': req.body.contentType } : {}) },
            ...(req.body ? { payload: req.body.payload } : {}),
            // An event stream never ends: its answer is judged by its status and head, then dropped.
            ...(streams ? { payloadAsStream: true } : {}),
          });
          let body = '';
          if (streams) {
            if (res.statusCode === 200) {
              expect(res.headers['content-type']).toContain('text/event-stream');
              res.stream().destroy();
              return;
            }
            for await (const chunk of res.stream()) body += String(chunk);
          } else body = res.body;
          if (res.statusCode >= 500 || !declared.has(String(res.statusCode))) {
            throw new Error(
              `${method} ${req.url} as ${req.role} (${req.mode}) answered ${res.statusCode}, declared: ${[...declared].join(',')}\n` +
                `body sent: ${req.body ? `${req.body.contentType} ${req.body.payload.slice(0, 500)}` : '-'}\n` +
                `answer: ${body.slice(0, 300)}\nseed: ${SEED}`,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    });
});
